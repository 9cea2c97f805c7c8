import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededCatalogStore } from '../../../test/support/seeded-catalogs.js';
import { NODE_PRODUCT_INCLUDES, type NodeProductInclude } from '../../query/include.js';
import type { CatalogRecord, ProductRecord, ReleaseRecord } from './catalog-records.js';
import { includedRecords } from './included-records.js';
import { isVisible } from './node-products-selection.js';

const ids = FIXTURE_IDS.catalog;
const store = seededCatalogStore({ seed: 6, products: 250 });

function pageOf(catalogId: string, releaseId: string, nodeId: string) {
  const found = store.nodeProducts({
    catalogId,
    releaseId,
    nodeId,
    filter: [],
    page: { offset: 0, limit: 100 },
    language: 'en-US',
  });
  if (!found.ok) throw new Error(found.detail);
  return { ...found.place, products: found.products.map((entry) => entry.product) };
}

/** The oracle: each member's ids in order of first mention on the page, only records that exist and show. */
function expected(products: readonly ProductRecord[], catalog: CatalogRecord, release: ReleaseRecord) {
  const unique = (list: readonly string[]) => [...new Set(list)];
  const components = products.flatMap((product) =>
    Object.values(product.components ?? {}).flatMap((component) =>
      component.options.map((option) => option.id),
    ),
  );
  const product = (id: string) => catalog.products.find((candidate) => candidate.id === id);
  return {
    component_products: unique(components).filter((id) => {
      const found = product(id);
      return found !== undefined && isVisible(found, release);
    }),
    main_images: unique(products.flatMap((p) => p.main_image_id ?? [])).filter((id) => catalog.files.has(id)),
    files: unique(products.flatMap((p) => p.file_ids)).filter((id) => catalog.files.has(id)),
  };
}

const showcase = pageOf(ids.catalog_id, 'latest', ids.node_id);
const older = pageOf(ids.catalog_id, ids.release_ids[1] ?? '', ids.node_id);
const includes: NodeProductInclude[][] = [
  [],
  ['files'],
  ['main_image'],
  ['component_products'],
  ['files', 'component_products'],
  [...NODE_PRODUCT_INCLUDES],
];
const places = [
  { title: 'the showcase node', place: showcase },
  { title: 'the showcase node in an older release', place: older },
  { title: 'the second half of the showcase page', place: { ...showcase, products: showcase.products.slice(30) } },
  { title: 'an empty page', place: { ...showcase, products: [] } },
]; // prettier-ignore
const cases = places.flatMap(({ title, place }) => includes.map((include) => ({ title, place, include })));

describe('includedRecords', () => {
  it.each(cases)('holds exactly the asked members $include for $title, each de-duplicated', ({ place, include }) => {
    const { catalog, release, products } = place;
    const included = includedRecords(products, new Set(include), catalog, release);
    const all = expected(products, catalog, release);
    const members = { component_products: 'component_products', main_image: 'main_images', files: 'files' } as const;
    const asked = Object.fromEntries(include.map((member) => [members[member], all[members[member]]]));
    const got = Object.fromEntries(Object.entries(included).map(([key, records]) => [key, records.map((record: { id: string }) => record.id)]));
    expect(got).toEqual(asked);
  }); // prettier-ignore

  it('shows bundles whose components repeat, and files shared by products', () => {
    const { catalog, release, products } = showcase;
    const all = expected(products, catalog, release);
    const mentioned = products.flatMap((p) => Object.values(p.components ?? {}).flatMap((c) => c.options));
    expect(mentioned.length).toBeGreaterThan(all.component_products.length);
    expect(products.flatMap((p) => p.file_ids).length).toBeGreaterThan(all.files.length);
  });

  it('includes live components attached to other nodes than the one asked', () => {
    const foreign = store.catalogs.flatMap((catalog) =>
      [...catalog.nodes.values()].flatMap((node) => {
        const place = pageOf(catalog.id, 'latest', node.id);
        const included = includedRecords(
          place.products,
          new Set(['component_products']),
          catalog,
          place.release,
        );
        return (included.component_products ?? []).filter((product) => !product.node_ids.includes(node.id));
      }),
    );
    expect(foreign.length).toBeGreaterThan(0);
  });

  it('leaves out components that are drafts or newer than the release', () => {
    const { catalog, release, products } = showcase;
    const hidden = { ...(catalog.products.find((p) => !isVisible(p, release)) as ProductRecord) };
    const bundle: ProductRecord = {
      ...(products.find((p) => p.components !== undefined) as ProductRecord),
      components: { only: { name: 'Only', min: 1, max: 1, sort_order: null, options: [{ id: hidden.id, type: 'product', quantity: 1, sort_order: null, default: true }] } },
    };
    expect(includedRecords([bundle], new Set(['component_products']), catalog, release)).toEqual({ component_products: [] });
  }); // prettier-ignore

  it('gives the very file records of the catalog', () => {
    const { catalog, release, products } = showcase;
    const included = includedRecords(products, new Set(['files', 'main_image']), catalog, release);
    for (const file of [...(included.files ?? []), ...(included.main_images ?? [])]) expect(catalog.files.get(file.id)).toBe(file);
  }); // prettier-ignore
});

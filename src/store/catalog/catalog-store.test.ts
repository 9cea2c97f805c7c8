import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededCatalogStore } from '../../../test/support/seeded-catalogs.js';
import { loadCatalogFixture } from '../../seed/catalog/catalog-fixture.js';
import type { NodeProductsPage, NodeProductsQuery } from './catalog-store.js';

const fixture = loadCatalogFixture();
const ids = FIXTURE_IDS.catalog;
const [expired, older, middle, newest] = ids.release_ids;
const node = ids.node_id;
const store = seededCatalogStore({ seed: 4, products: 250 });

function query(overrides: Partial<NodeProductsQuery> = {}): NodeProductsQuery {
  return {
    catalogId: ids.catalog_id,
    releaseId: 'latest',
    nodeId: node,
    filter: [],
    page: { offset: 0, limit: 100 },
    language: 'en-US',
    ...overrides,
  };
}
function page(overrides: Partial<NodeProductsQuery> = {}): NodeProductsPage {
  const result = store.nodeProducts(query(overrides));
  if (!result.ok) throw new Error(result.detail);
  return result;
}
const productIds = (found: NodeProductsPage) => found.products.map((entry) => entry.product.id);

describe('CatalogStore resolve', () => {
  const misses = [
    { catalogId: 'nope', releaseId: 'latest', nodeId: node, parameter: 'catalog_id', detail: 'catalog nope does not exist' },
    { catalogId: ids.catalog_id, releaseId: 'nope', nodeId: node, parameter: 'release_id', detail: `use latest or one of ${older}, ${middle}, ${newest}` },
    { catalogId: ids.catalog_id, releaseId: expired, nodeId: node, parameter: 'release_id', detail: 'is no longer published' },
    { catalogId: ids.catalog_id, releaseId: 'LATEST', nodeId: node, parameter: 'release_id', detail: 'release LATEST does not exist' },
    { catalogId: ids.catalog_id, releaseId: 'latest', nodeId: 'nope', parameter: 'node_id', detail: `node nope does not exist in release ${newest}` },
    { catalogId: store.catalogs[1]?.id, releaseId: 'latest', nodeId: node, parameter: 'node_id', detail: 'does not exist' },
  ]; // prettier-ignore
  it.each(misses)('answers a miss on $parameter for $catalogId/$releaseId/$nodeId', (miss) => {
    const result = store.resolve(miss.catalogId ?? '', miss.releaseId ?? '', miss.nodeId);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.parameter).toBe(miss.parameter);
    expect(result.detail).toContain(miss.detail);
  });

  const hits = [
    { releaseId: 'latest', expected: newest },
    { releaseId: newest, expected: newest },
    { releaseId: middle, expected: middle },
    { releaseId: older, expected: older },
  ];
  it.each(hits)('resolves $releaseId to release $expected', ({ releaseId, expected }) => {
    const result = store.resolve(ids.catalog_id, releaseId ?? '', node);
    expect(result.ok && [result.catalog.id, result.release.id, result.node.id]).toEqual([
      ids.catalog_id,
      expected,
      node,
    ]);
  });

  it('holds the three seeded catalogs, the fixed one first, and finds each by id', () => {
    expect(store.catalogs).toHaveLength(3);
    expect(store.catalogs[0]?.id).toBe(ids.catalog_id);
    for (const catalog of store.catalogs) expect(store.catalog(catalog.id)).toBe(catalog);
    expect(store.catalog('nope')).toBeUndefined();
  });
});

describe('CatalogStore nodeProducts', () => {
  it('answers latest exactly as the newest release', () => {
    expect(store.nodeProducts(query({ releaseId: 'latest' }))).toEqual(
      store.nodeProducts(query({ releaseId: newest })),
    );
  });

  it('answers a miss of any path parameter as resolve does', () => {
    for (const overrides of [{ catalogId: 'nope' }, { releaseId: expired }, { nodeId: 'nope' }]) {
      const { catalogId, releaseId, nodeId } = query(overrides);
      expect(store.nodeProducts(query(overrides))).toEqual(store.resolve(catalogId, releaseId, nodeId));
    }
  });

  const releases = [older, middle, newest].map((release) => ({
    release,
    live: fixture.showcase.live_by_release[release ?? ''],
    curated: fixture.showcase.curated_live_by_release[release ?? ''],
  }));
  it.each(releases)('holds the fixture counts of live and curated products in release $release', ({ release, live, curated }) => {
    const found = page({ releaseId: release ?? '' });
    expect([found.total, found.products.filter((entry) => entry.curated).length]).toEqual([live, curated]);
    expect(found.products.slice(0, curated).every((entry) => entry.curated)).toBe(true);
    expect(found.place.release.id).toBe(release);
  }); // prettier-ignore

  const nodes = [
    { role: 'the empty node', nodeId: ids.empty_node_id, total: 0 },
    { role: 'the deep node', nodeId: ids.deep_node_id, total: fixture.deep_live_products },
  ];
  it.each(nodes)('holds the fixture count of live products in $role', ({ nodeId, total }) => {
    expect(page({ nodeId }).total).toBe(total);
  });

  const pages = [
    { offset: 0, limit: 25 },
    { offset: 25, limit: 25 },
    { offset: 50, limit: 25 },
    { offset: 60, limit: 7 },
    { offset: 65, limit: 100 },
    { offset: 500, limit: 10 },
  ];
  it.each(pages)('cuts the page at offset $offset, limit $limit out of the whole list', (cut) => {
    const all = page();
    const one = page({ page: cut });
    expect(one.total).toBe(all.total);
    expect(productIds(one)).toEqual(productIds(all).slice(cut.offset, cut.offset + cut.limit));
  });

  it('counts every match while returning one page of a filter', () => {
    const filter = [{ op: 'in' as const, attribute: 'product_types', values: ['child', 'standard'] }];
    const all = page({ filter });
    const one = page({ filter, page: { offset: 5, limit: 5 } });
    expect(all.total).toBeGreaterThan(10);
    expect([one.total, productIds(one)]).toEqual([all.total, productIds(all).slice(5, 10)]);
  });

  const oddAttributes = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
  it.each(oddAttributes)(
    'treats a filter on the odd attribute %s as matching nothing, without failing',
    (attribute) => {
      for (const op of ['eq', 'in'] as const) {
        expect(page({ filter: [{ op, attribute, values: ['x'] }] }).total).toBe(0);
      }
    },
  );
});

import { describe, expect, it } from 'vitest';
import type { FilterExpression } from '../../query/filter.js';
import { seededCatalogStore } from '../../../test/support/seeded-catalogs.js';
import type { ProductRecord } from './catalog-records.js';
import { isVisible, readFilterAttribute, selectNodeProducts } from './node-products-selection.js';
import { loadCatalogFixture } from '../../seed/catalog/catalog-fixture.js';
import { localName } from './local-name.js';

const fixture = loadCatalogFixture();
const store = seededCatalogStore({ seed: 11, products: 300 });
const resolved = store.resolve(fixture.catalog.id, 'latest', fixture.showcase.node_id);
if (!resolved.ok) throw new Error(resolved.detail);
const { catalog, release, node } = resolved;
const attached = node.product_indexes.flatMap((index) => catalog.products[index] ?? []);
const visible = attached.filter((product) => isVisible(product, release));

/** A second, independent reading of the filter rules: the oracle the selection must agree with. */
function oracle(expressions: FilterExpression[]): string[] {
  return visible
    .filter((product) =>
      expressions.every(({ attribute, values }) => {
        const value = readFilterAttribute(product, attribute, 'en-US');
        const have = (Array.isArray(value) ? value : [value]) as string[];
        const fold = (text: string) => (attribute === 'tags' ? text.toLowerCase() : text);
        return have.some((item) => values.map(fold).includes(fold(item)));
      }),
    )
    .map((product) => product.id)
    .sort();
}

const ids = (expressions: FilterExpression[]) =>
  selectNodeProducts(catalog, release, node, expressions, 'en-US').map((entry) => entry.product.id);

function valueOf(product: ProductRecord | undefined, attribute: string): string {
  const value = product === undefined ? undefined : readFilterAttribute(product, attribute, 'en-US');
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

const bundle = visible.find((product) => product.productType === 'bundle');
const child = visible.find((product) => product.productType === 'child');
const attributes = ['name', 'sku', 'slug', 'manufacturer_part_num', 'upc_ean', 'product_types', 'tags'];
const pairs: { op: 'eq' | 'in'; attribute: string; values: string[] }[] = [
  ...attributes.map((attribute) => ({ op: 'eq' as const, attribute, values: [valueOf(bundle, attribute)] })),
  ...['id', ...attributes].map((attribute) => ({
    op: 'in' as const,
    attribute,
    values: [valueOf(bundle, attribute), valueOf(child, attribute)],
  })),
];

describe('selectNodeProducts', () => {
  it.each(pairs)('filters with $op on $attribute exactly as the oracle does', (expression) => {
    const result = ids([expression]);
    expect(result.length).toBeGreaterThan(0);
    expect([...result].sort()).toEqual(oracle([expression]));
  });

  it('joins expressions with AND', () => {
    const both: FilterExpression[] = [
      { op: 'eq', attribute: 'product_types', values: ['child'] },
      { op: 'in', attribute: 'sku', values: [bundle?.sku ?? '', child?.sku ?? ''] },
    ];
    expect(ids(both)).toEqual([child?.id]);
  });

  it('compares tags in lowercase and everything else case-sensitively', () => {
    const tag = bundle?.tags[0] ?? '';
    expect(ids([{ op: 'eq', attribute: 'tags', values: [tag.toUpperCase()] }])).toEqual(
      ids([{ op: 'eq', attribute: 'tags', values: [tag] }]),
    );
    expect(ids([{ op: 'eq', attribute: 'sku', values: [bundle?.sku.toLowerCase() ?? ''] }])).toEqual([]);
  });

  it('never returns drafts, even asked for by sku', () => {
    const drafts = attached.filter((product) => product.status === 'draft');
    expect(drafts.length).toBeGreaterThan(0);
    expect(ids([{ op: 'in', attribute: 'sku', values: drafts.map((draft) => draft.sku) }])).toEqual([]);
    expect(ids([]).length).toBe(visible.length);
  });

  it('returns nothing for a product of another node, even through the sku index', () => {
    const elsewhere = catalog.products.find(
      (product) => !product.node_ids.includes(node.id) && product.status === 'live',
    );
    expect(ids([{ op: 'eq', attribute: 'sku', values: [elsewhere?.sku ?? ''] }])).toEqual([]);
  });

  it('leaves out products newer than an older release', () => {
    const older = catalog.releases.at(-2);
    const fresh = attached.filter((product) => product.since > (older?.index ?? 0));
    expect(fresh.length).toBeGreaterThan(0);
    if (older === undefined) return;
    const selected = selectNodeProducts(catalog, older, node, [], 'en-US').map((entry) => entry.product.id);
    for (const product of fresh) expect(selected).not.toContain(product.id);
  });

  it('puts curated products first in curated order, then the rest in attach order', () => {
    const selected = selectNodeProducts(catalog, release, node, [], 'en-US');
    const curated = selected.filter((entry) => entry.curated).map((entry) => entry.product.id);
    const liveCurated = node.curated_product_ids.filter((id) => visible.some((product) => product.id === id));
    expect(curated).toEqual(liveCurated);
    expect(selected.slice(0, curated.length).every((entry) => entry.curated)).toBe(true);
    const rest = selected.slice(curated.length).map((entry) => entry.product.id);
    expect(rest).toEqual(
      visible.filter((product) => !liveCurated.includes(product.id)).map((product) => product.id),
    );
  });

  it('orders in(id, ...) by updated_at, most recent first, whatever the order of the ids', () => {
    const some = visible.slice(0, 12).map((product) => product.id);
    const selected = selectNodeProducts(
      catalog,
      release,
      node,
      [{ op: 'in', attribute: 'id', values: some.reverse() }],
      'en-US',
    );
    expect(selected).toHaveLength(12);
    const stamps = selected.map((entry) => entry.product.updated_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it.each(['de-DE', 'fr-FR'] as const)('matches names as %s shows them, not the English ones', (language) => {
    if (bundle === undefined) throw new Error('no bundle product in the showcase node');
    const shown = localName(bundle, language);
    expect(shown).not.toBe(localName(bundle, 'en-US'));
    const byShown = selectNodeProducts(
      catalog,
      release,
      node,
      [{ op: 'eq', attribute: 'name', values: [shown] }],
      language,
    );
    expect(byShown.map((entry) => entry.product.id)).toContain(bundle.id);
    const byEnglish = [{ op: 'eq' as const, attribute: 'name', values: [localName(bundle, 'en-US')] }];
    expect(selectNodeProducts(catalog, release, node, byEnglish, language)).toEqual([]);
  });
});

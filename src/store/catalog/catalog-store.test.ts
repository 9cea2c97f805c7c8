import { describe, expect, it } from 'vitest';
import { loadCatalogFixture } from '../../seed/catalog/catalog-fixture.js';
import { createCatalogStore, type NodeProductsQuery } from './catalog-store.js';

const fixture = loadCatalogFixture();
const [expired, older, middle, newest] = fixture.releases.map((release) => release.id);
const node = fixture.showcase.node_id;
const store = createCatalogStore({ seed: 4, products: 250 });

function query(overrides: Partial<NodeProductsQuery> = {}): NodeProductsQuery {
  return {
    catalogId: fixture.catalog.id,
    releaseId: 'latest',
    nodeId: node,
    filter: [],
    page: { offset: 0, limit: 100 },
    include: new Set(),
    language: 'en-US',
    linkBase: 'http://mock.test/v2',
    ...overrides,
  };
}

describe('createCatalogStore resolve', () => {
  const misses = [
    {
      catalogId: 'nope',
      releaseId: 'latest',
      nodeId: node,
      parameter: 'catalog_id',
      detail: 'does not exist',
    },
    {
      catalogId: fixture.catalog.id,
      releaseId: 'nope',
      nodeId: node,
      parameter: 'release_id',
      detail: 'does not exist',
    },
    {
      catalogId: fixture.catalog.id,
      releaseId: expired,
      nodeId: node,
      parameter: 'release_id',
      detail: 'no longer published',
    },
    {
      catalogId: fixture.catalog.id,
      releaseId: 'LATEST',
      nodeId: node,
      parameter: 'release_id',
      detail: 'does not exist',
    },
    {
      catalogId: fixture.catalog.id,
      releaseId: 'latest',
      nodeId: 'nope',
      parameter: 'node_id',
      detail: 'does not exist',
    },
    {
      catalogId: store.catalogs[1]?.id,
      releaseId: 'latest',
      nodeId: node,
      parameter: 'node_id',
      detail: 'does not exist',
    },
  ];
  it.each(misses)('answers a miss on $parameter ($detail) for $catalogId/$releaseId/$nodeId', (miss) => {
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
    const result = store.resolve(fixture.catalog.id, releaseId ?? '', node);
    expect(result.ok && result.release.id).toBe(expected);
  });

  it('knows every catalog before seeding any, and seeds each once', () => {
    expect(store.catalogs).toHaveLength(3);
    const id = store.catalogs[2]?.id ?? '';
    expect(store.catalog(id)).toBe(store.catalog(id));
  });

  it('seeds the same catalogs whatever order they are first asked for in', () => {
    const forward = createCatalogStore({ seed: 9, products: 120 });
    const backward = createCatalogStore({ seed: 9, products: 120 });
    backward.catalog(backward.catalogs[2]?.id ?? '');
    backward.catalog(backward.catalogs[1]?.id ?? '');
    forward.warm();
    for (const { id } of forward.catalogs) {
      expect(JSON.stringify(backward.catalog(id)?.products)).toBe(
        JSON.stringify(forward.catalog(id)?.products),
      );
    }
  });

  it('gives the start-up banner a latest path and the same path under the newest release id', () => {
    expect(store.examplePaths()).toEqual([
      `/catalogs/${fixture.catalog.id}/releases/latest/nodes/${node}/relationships/products`,
      `/catalogs/${fixture.catalog.id}/releases/${newest}/nodes/${node}/relationships/products`,
    ]);
  });

  const oddAttributes = ['constructor', '__proto__', 'toString'];
  it.each(oddAttributes)(
    'treats a filter on the odd attribute %s as matching nothing, without failing',
    (attribute) => {
      const result = store.nodeProducts(query({ filter: [{ op: 'eq', attribute, values: ['x'] }] }));
      expect(result.ok && result.total).toBe(0);
    },
  );
});

describe('createCatalogStore nodeProducts', () => {
  it('answers latest exactly as the newest release', () => {
    expect(store.nodeProducts(query({ releaseId: 'latest' }))).toEqual(
      store.nodeProducts(query({ releaseId: newest })),
    );
  });

  const pages = [
    { offset: 0, limit: 25 },
    { offset: 25, limit: 25 },
    { offset: 50, limit: 25 },
    { offset: 60, limit: 7 },
    { offset: 500, limit: 10 },
  ];
  it.each(pages)('cuts the page at offset $offset, limit $limit out of the whole list', (page) => {
    const all = store.nodeProducts(query());
    const one = store.nodeProducts(query({ page }));
    if (!all.ok || !one.ok) throw new Error('expected results');
    expect(one.total).toBe(all.total);
    expect(one.data.map((p) => p.id)).toEqual(
      all.data.slice(page.offset, page.offset + page.limit).map((p) => p.id),
    );
  });

  it('returns included only when asked, with only the asked members, each de-duplicated', () => {
    const plain = store.nodeProducts(query());
    expect(plain.ok && plain.included).toBeUndefined();
    const files = store.nodeProducts(query({ include: new Set(['files']) }));
    if (!files.ok) throw new Error(files.detail);
    expect(Object.keys(files.included ?? {})).toEqual(['files']);
    const fileIds = (files.included?.files ?? []).map((file) => file.id);
    expect(new Set(fileIds).size).toBe(fileIds.length);
    const referenced = new Set(
      files.data.flatMap((p) => p.relationships.files?.data.map((file) => file.id) ?? []),
    );
    expect(new Set(fileIds)).toEqual(referenced);
  });

  it('includes every live component of the page bundles, and main images of the page', () => {
    const result = store.nodeProducts(query({ include: new Set(['component_products', 'main_image']) }));
    if (!result.ok) throw new Error(result.detail);
    const components = new Set(
      result.data.flatMap((p) => p.relationships.component_products?.data.map((ref) => ref.id) ?? []),
    );
    expect(components.size).toBeGreaterThan(0);
    expect(new Set(result.included?.component_products?.map((p) => p.id))).toEqual(components);
    const images = new Set(result.data.flatMap((p) => p.relationships.main_image?.data.id ?? []));
    expect(new Set(result.included?.main_images?.map((file) => file.id))).toEqual(images);
  });

  const languages = [
    { language: 'en-US', price: /^\$[\d,]+\.\d\d$/ },
    { language: 'fr-FR', price: /^[\d\u202f]+,\d\d\u00a0\$US$/ },
    { language: 'de-DE', price: /^[\d.]+,\d\d\u00a0\$$/ },
  ] as const;
  it.each(languages)('localises names and formats prices for $language', ({ language, price }) => {
    const result = store.nodeProducts(query({ language }));
    const english = store.nodeProducts(query({ language: 'en-US' }));
    if (!result.ok || !english.ok) throw new Error('expected results');
    for (const [at, product] of result.data.entries()) {
      expect(product.meta.language).toBe(language);
      expect(product.meta.display_price?.with_tax.formatted).toMatch(price);
      expect(product.meta.display_price?.with_tax.amount).toBe(
        english.data[at]?.meta.display_price?.with_tax.amount,
      );
      if (language !== 'en-US') expect(product.attributes.name).not.toBe(english.data[at]?.attributes.name);
    }
  });

  it('marks curated products with curated_product true and leaves the flag out otherwise', () => {
    const result = store.nodeProducts(query());
    if (!result.ok) throw new Error(result.detail);
    const flags = result.data.map((p) => p.attributes.curated_product);
    const curated = flags.filter((flag) => flag === true).length;
    expect(curated).toBe(fixture.showcase.curated_live_by_release[newest ?? ''] ?? -1);
    expect(flags.slice(curated).every((flag) => flag === undefined)).toBe(true);
    expect(result.data.slice(curated).every((p) => !('curated_product' in p.attributes))).toBe(true);
  });

  it('links each product back to a request that returns it', () => {
    const result = store.nodeProducts(query());
    if (!result.ok) throw new Error(result.detail);
    const first = result.data[0];
    expect(first?.relationships.links.self).toBe(
      `http://mock.test/v2/catalogs/${fixture.catalog.id}/releases/${newest}/nodes/${node}/relationships/products?filter=in(id,${first?.id})`,
    );
  });

  it('omits variations for products without them and keeps an empty variation_matrix', () => {
    const result = store.nodeProducts(query());
    if (!result.ok) throw new Error(result.detail);
    for (const product of result.data) {
      const isParent = product.meta.product_types.includes('parent');
      expect('variations' in product.meta).toBe(isParent);
      if (!isParent) expect(product.meta.variation_matrix).toEqual({});
    }
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_NODE_DEPTH, type CatalogRecord } from '../../store/catalog/catalog-records.js';
import { fixtureNodeId, loadCatalogFixture } from './catalog-fixture.js';
import { seedCatalogSkeletons } from './seed-catalog-skeletons.js';
import { seedCatalog } from './seed-catalog.js';

const fixture = loadCatalogFixture();

function seedAll(seed: number, products: number): CatalogRecord[] {
  return seedCatalogSkeletons(seed, fixture).map((skeleton, index) =>
    seedCatalog(skeleton, index, { seed, products }, index === 0 ? fixture : undefined),
  );
}

function snapshot(catalog: CatalogRecord): string {
  return JSON.stringify({
    ...catalog,
    nodes: [...catalog.nodes.values()],
    files: [...catalog.files.values()],
  });
}

const catalogs = seedAll(1, 400);
const newest = (catalog: CatalogRecord) => catalog.releases.length - 1;

describe('seedCatalog', () => {
  it('gives identical catalogs for the same seed and sizes, and other products for another seed', () => {
    expect(seedAll(1, 400).map(snapshot)).toEqual(catalogs.map(snapshot));
    const other = seedAll(2, 400);
    expect(other[1]?.products[0]?.id).not.toBe(catalogs[1]?.products[0]?.id);
    // The fixed catalog keeps its fixed ids whatever the seed.
    expect(other[0]?.id).toBe(catalogs[0]?.id);
  });

  const sizes = [0, 1, 37, 400];
  it.each(sizes)('puts exactly %i products in the newest release of a seeded catalog', (products) => {
    const [, seeded] = products === 400 ? catalogs : seedAll(5, products);
    expect(seeded?.products).toHaveLength(products);
    expect(seeded?.products.every((product) => product.since <= newest(seeded))).toBe(true);
  });

  it('seeds 10,000 products per release with unique skus, within ten levels', () => {
    const [, skeleton] = seedCatalogSkeletons(8, fixture);
    if (skeleton === undefined) throw new Error('a seeded catalog exists');
    const big = seedCatalog(skeleton, 1, { seed: 8, products: 10_000 });
    expect(big.products).toHaveLength(10_000);
    expect(new Set(big.products.map((product) => product.sku)).size).toBe(10_000);
    expect(Math.max(...[...big.nodes.values()].map((node) => node.depth))).toBe(MAX_NODE_DEPTH);
    const attached = [...big.nodes.values()].reduce((sum, node) => sum + node.product_indexes.length, 0);
    expect(attached).toBeGreaterThanOrEqual(10_000);
  });

  it('seeds the fixed node as fixtures/catalog.json describes it, in every readable release', () => {
    const fixed = catalogs[0];
    const node = fixed?.nodes.get(fixture.showcase.node_id);
    expect(fixed !== undefined && node !== undefined).toBe(true);
    if (fixed === undefined || node === undefined) return;
    for (const release of fixed.releases.slice(1)) {
      const products = node.product_indexes.flatMap((index) => fixed.products[index] ?? []);
      const live = products.filter((product) => product.status === 'live' && product.since <= release.index);
      expect(live).toHaveLength(fixture.showcase.live_by_release[release.id] ?? -1);
      const curated = node.curated_product_ids.filter((id) => live.some((product) => product.id === id));
      expect(curated).toHaveLength(fixture.showcase.curated_live_by_release[release.id] ?? -1);
    }
    const types = new Set(node.product_indexes.map((index) => fixed.products[index]?.productType));
    expect([...types].sort()).toEqual(['bundle', 'child', 'parent', 'standard']);
  });

  it('keeps the fixed empty node empty and gives the deep node products at depth ten', () => {
    const fixed = catalogs[0];
    expect(fixed?.nodes.get(fixtureNodeId(fixture, 'empty_node_id'))?.product_indexes).toEqual([]);
    const deep = fixed?.nodes.get(fixtureNodeId(fixture, 'deep_node_id'));
    expect(deep?.depth).toBe(MAX_NODE_DEPTH);
    expect(deep?.product_indexes).toHaveLength(fixture.deep_live_products);
  });

  it.each([0, 1, 2])('keeps catalog %i within ten levels and reaches the tenth', (index) => {
    const catalog = catalogs[index];
    const depths = [...(catalog?.nodes.values() ?? [])].map((node) => node.depth);
    expect(Math.max(...depths)).toBe(MAX_NODE_DEPTH);
    for (const node of catalog?.nodes.values() ?? []) expect(node.bread_crumb).toHaveLength(node.depth);
  });

  it.each([0, 1, 2])('gives catalog %i unique ids, skus and slugs of the allowed characters', (index) => {
    const products = catalogs[index]?.products ?? [];
    for (const key of ['id', 'sku', 'slug'] as const) {
      expect(new Set(products.map((product) => product[key])).size).toBe(products.length);
    }
    for (const product of products) {
      expect(product.slug).toMatch(/^[A-Za-z0-9._-]+$/);
      for (const tag of product.tags) expect(tag).toMatch(/^[^,A-Z]+$/);
      for (const input of Object.values(product.custom_inputs ?? {})) {
        for (const rule of input.validation_rules) expect(rule.options.max_length).toBeLessThanOrEqual(255);
      }
      expect(product.node_ids.length).toBeGreaterThan(0);
      expect(product.created_at <= product.updated_at).toBe(true);
      expect(product.updated_at < (catalogs[index]?.releases[product.since]?.published_at ?? '')).toBe(true);
    }
  });

  it.each([0, 1, 2])('builds the bundles of catalog %i from live products their releases hold', (index) => {
    const catalog = catalogs[index];
    const bundles = catalog?.products.filter((product) => product.productType === 'bundle') ?? [];
    expect(bundles.length).toBeGreaterThan(0);
    for (const bundle of bundles) {
      for (const component of Object.values(bundle.components ?? {})) {
        expect(component.options.filter((option) => option.default === true)).toHaveLength(1);
        for (const option of component.options) {
          const member = catalog?.products[catalog.productIndexById.get(option.id) ?? -1];
          expect(member?.status).toBe('live');
          expect(member?.since).toBeLessThanOrEqual(bundle.since);
        }
      }
    }
  });

  it('attaches children to the nodes of their parent', () => {
    for (const catalog of catalogs) {
      for (const child of catalog.products.filter((product) => product.productType === 'child')) {
        const parent = catalog.products[catalog.productIndexById.get(child.parent_id ?? '') ?? -1];
        expect(child.node_ids).toEqual(parent?.node_ids);
        expect(child.since).toBe(parent?.since);
      }
    }
  });
});

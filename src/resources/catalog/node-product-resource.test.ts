import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededCatalogStore } from '../../../test/support/seeded-catalogs.js';
import { specValidators } from '../../contract/validators.js';
import type { Language } from '../../i18n/language.js';
import type { ProductRecord } from '../../store/catalog/catalog-records.js';
import { encodeNodeProduct, type ProductView } from './node-product-resource.js';

const ids = FIXTURE_IDS.catalog;
const newest = ids.release_ids.at(-1) ?? '';
const store = seededCatalogStore({ seed: 4, products: 250 });
const found = store.nodeProducts({
  catalogId: ids.catalog_id,
  releaseId: 'latest',
  nodeId: ids.node_id,
  filter: [],
  page: { offset: 0, limit: 100 },
  language: 'en-US',
});
if (!found.ok) throw new Error(found.detail);
const { catalog, release } = found.place;
const view = (overrides: Partial<ProductView> = {}): ProductView => ({
  catalog,
  release,
  language: 'en-US',
  nodeId: ids.node_id,
  linkBase: 'http://mock.test/v2',
  ...overrides,
});
/** A product as a client reads it: the wire JSON, untyped (the spec's types leave every member optional). */
const encode = (product: ProductRecord, at: ProductView, curated: boolean) =>
  JSON.parse(JSON.stringify(encodeNodeProduct(product, at, curated)));
const encodeAll = (language: Language): ReturnType<typeof encode>[] =>
  found.products.map(({ product, curated }) => encode(product, view({ language }), curated));
const english = encodeAll('en-US');
const byType = (type: string) =>
  found.products.map((entry) => entry.product).find((p) => p.productType === type);

describe('encodeNodeProduct', () => {
  const languages = [
    { language: 'en-US', price: /^\$[\d,]+\.\d\d$/ },
    { language: 'fr-FR', price: /^[\d\u202f]+,\d\d\u00a0\$US$/ },
    { language: 'de-DE', price: /^[\d.]+,\d\d\u00a0\$$/ },
  ] as const;
  it.each(languages)(
    'localises names and formats prices for $language, amounts unchanged',
    ({ language, price }) => {
      const products = encodeAll(language);
      expect(products.length).toBeGreaterThan(50);
      for (const [at, product] of products.entries()) {
        expect(product.meta.language).toBe(language);
        expect(product.meta.display_price?.with_tax.formatted).toMatch(price);
        expect(product.meta.display_price?.with_tax.amount).toBe(
          english[at]?.meta.display_price?.with_tax.amount,
        );
        if (language !== 'en-US') expect(product.attributes.name).not.toBe(english[at]?.attributes.name);
      }
    },
  );

  it('marks curated products with curated_product true and leaves the flag out otherwise', () => {
    const curated = found.products.filter((entry) => entry.curated).length;
    expect([curated > 0, curated < english.length]).toEqual([true, true]);
    for (const [at, product] of english.entries()) {
      if (found.products[at]?.curated) expect(product.attributes.curated_product).toBe(true);
      else expect('curated_product' in product.attributes).toBe(false);
    }
  });

  it('links each product back to a request through the asked node, with the release id even for latest', () => {
    const [first] = english;
    expect(first?.relationships.links.self).toBe(
      `http://mock.test/v2/catalogs/${ids.catalog_id}/releases/${newest}/nodes/${ids.node_id}/relationships/products?filter=in(id,${first?.id})`,
    );
  });

  it('links a product through its first node when the asked node is not one of its nodes', () => {
    const product = found.products[0]?.product as ProductRecord;
    const encoded = encode(product, view({ nodeId: ids.empty_node_id }), false);
    expect(encoded.relationships.links.self).toContain(
      `/nodes/${product.node_ids[0]}/relationships/products?filter=in(id,`,
    );
  });

  it('omits variations for products without them and keeps an empty variation_matrix', () => {
    for (const product of english) {
      const isParent = product.meta.product_types.includes('parent');
      expect('variations' in product.meta).toBe(isParent);
      expect(product.attributes.base_product).toBe(isParent);
      if (!isParent) expect(product.meta.variation_matrix).toEqual({});
    }
    expect(english.some((product) => product.meta.product_types.includes('parent'))).toBe(true);
  });

  it('links a child to its parent and a parent to its children', () => {
    const child = byType('child') as ProductRecord;
    const parent = byType('parent') as ProductRecord;
    const encodedChild = encode(child, view(), false);
    expect([encodedChild.attributes.base_product_id, encodedChild.relationships.parent?.data]).toEqual([
      child.parent_id,
      { id: child.parent_id, type: 'product' },
    ]);
    const children = encode(parent, view(), false).relationships.children.data;
    expect(children.map((ref: { id: string }) => ref.id)).toEqual(parent.child_ids);
  });

  it('gives the release published_at, the product types and every bread crumb of the product', () => {
    for (const [at, product] of english.entries()) {
      const record = found.products[at]?.product as ProductRecord;
      expect(product.attributes.published_at).toBe(release.published_at);
      expect(product.meta.product_types).toEqual([record.productType]);
      expect(Object.keys(product.meta.bread_crumbs)).toEqual(record.node_ids);
      for (const nodeId of record.node_ids)
        expect(product.meta.bread_crumbs[nodeId]).toEqual(catalog.nodes.get(nodeId)?.bread_crumb);
    }
  });

  it('gives no display price for a price without the catalog display currency', () => {
    const product = found.products[0]?.product as ProductRecord;
    const encoded = encode({ ...product, price: { XTS: { amount: 5, includes_tax: true } } }, view(), false);
    expect('display_price' in encoded.meta).toBe(false);
    expect(encoded.attributes.price).toEqual({ XTS: { amount: 5, includes_tax: true } });
  });

  it('encodes every product of the page so that it validates against the NodeProduct schema', () => {
    const validate = specValidators().schema('NodeProduct');
    expect(english.flatMap((product) => validate(product))).toEqual([]);
    expect(validate({ ...english[0], type: 'node_product' }).length).toBeGreaterThan(0);
  });
});

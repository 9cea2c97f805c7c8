import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../i18n/language.js';
import type { FilterExpression } from '../../query/filter.js';
import { READABLE_RELEASES } from './catalog-records.js';
import { createCatalogStore, type NodeProductsQuery } from './catalog-store.js';
import { productTexts } from './node-product-text.js';
import { renderNodeProduct, type ProductView } from './node-product-view.js';
import { TextCache } from './text-cache.js';

// The fast path (cached product texts joined into JSON) must give byte for byte what JSON.stringify gives
// for the plain objects, whatever order views are asked for in and however often the small cache turns over.

const LINK_BASES = ['http://mock.test', 'https://other.test:8443/a/b'];
const INCLUDES = [
  [],
  ['component_products'],
  ['files', 'main_image'],
  ['component_products', 'main_image', 'files'],
];
const PAGES = [
  { offset: 0, limit: 100 },
  { offset: 0, limit: 100 },
  { offset: 3, limit: 7 },
];

// A generation holds about 200 product texts, one catalog's worth: texts are reused across the nodes,
// includes and filters of one view, and the cache turns over many times during one sweep.
const store = createCatalogStore({ seed: 5, products: 120, renderCacheChars: 1_000_000 });
store.warm();

interface Probe {
  query: NodeProductsQuery;
  /** What the probe exercises, for the coverage assertions. */
  label: string;
}

/**
 * Every node of every catalog in every readable release, language and link base, the nodes innermost (so
 * a product on two nodes, or included from another node, is asked for again while its text is cached),
 * with includes, pages and filters in turn.
 */
function probes(): Probe[] {
  const all: Probe[] = [];
  let turn = 0;
  for (const skeleton of store.catalogs) {
    const record = store.catalog(skeleton.id);
    if (record === undefined) throw new Error(`catalog ${skeleton.id}`);
    const releases = ['latest', ...record.releases.slice(-READABLE_RELEASES).map((release) => release.id)];
    for (const releaseId of releases)
      for (const language of SUPPORTED_LANGUAGES)
        for (const linkBase of LINK_BASES)
          for (const node of record.nodes.values()) {
            turn += 1;
            const ids = node.product_indexes.flatMap((at) => record.products[at]?.id ?? []);
            // `in(id, ...)` sorts by updated_at: the same texts in another order.
            const filter: FilterExpression[] =
              turn % 5 === 0 ? [{ op: 'in', attribute: 'id', values: ids }] : [];
            all.push({
              label: `${skeleton.id} ${releaseId} ${language} ${linkBase} ${node.id}`,
              query: {
                catalogId: skeleton.id,
                releaseId,
                nodeId: node.id,
                filter,
                page: PAGES[turn % PAGES.length] ?? { offset: 0, limit: 25 },
                include: new Set(INCLUDES[turn % INCLUDES.length]),
                language,
                linkBase,
              },
            });
          }
  }
  return all;
}

const sweep = probes();

describe('nodeProductsJson', () => {
  it('sweeps curated products, products on two nodes and included components of other nodes', () => {
    let curated = 0;
    let twoNodes = 0;
    let foreignComponents = 0;
    for (const { query } of sweep) {
      const result = store.nodeProducts(query);
      if (!result.ok) throw new Error(result.detail);
      curated += result.data.filter((product) => product.attributes.curated_product === true).length;
      twoNodes += result.data.filter((product) => product.meta.bread_crumb_nodes.length > 1).length;
      foreignComponents += (result.included?.component_products ?? []).filter(
        (product) => !product.meta.bread_crumb_nodes.includes(query.nodeId),
      ).length;
    }
    expect(sweep.length).toBeGreaterThan(100);
    expect({
      curated: curated > 0,
      twoNodes: twoNodes > 0,
      foreignComponents: foreignComponents > 0,
    }).toEqual({
      curated: true,
      twoNodes: true,
      foreignComponents: true,
    });
  });

  const passes = [
    { name: 'in sweep order', order: (probes: Probe[]) => probes },
    { name: 'in reverse order, from a warm cache', order: (probes: Probe[]) => [...probes].reverse() },
  ];
  it.each(passes)(
    'gives JSON.stringify of the plain data and included, byte for byte, $name',
    ({ order }) => {
      const differences: string[] = [];
      for (const { query, label } of order(sweep)) {
        const plain = store.nodeProducts(query);
        const text = store.nodeProductsJson(query);
        if (!plain.ok || !text.ok) throw new Error(`${label}: expected a page`);
        const expected = {
          total: plain.total,
          data: JSON.stringify(plain.data),
          included: plain.included === undefined ? undefined : JSON.stringify(plain.included),
        };
        const actual = { total: text.total, data: text.data, included: text.included };
        if (JSON.stringify(actual) !== JSON.stringify(expected)) differences.push(label);
      }
      expect(differences).toEqual([]);
    },
  );

  it('misses exactly as nodeProducts does', () => {
    const [first] = sweep;
    if (first === undefined) throw new Error('no probe');
    const queries = [
      { ...first.query, catalogId: 'nope' },
      { ...first.query, releaseId: 'nope' },
      { ...first.query, nodeId: 'nope' },
    ];
    expect(queries.map((query) => store.nodeProductsJson(query))).toEqual(
      queries.map((query) => store.nodeProducts(query)),
    );
  });

  it('renders every product on every request when the render cache is off, with the same bytes', () => {
    const uncached = createCatalogStore({ seed: 5, products: 120, renderCacheChars: 0 });
    for (const { query, label } of sweep.slice(0, 60)) {
      expect(uncached.nodeProductsJson(query), label).toEqual(store.nodeProductsJson(query));
    }
  });
});

describe('productTexts', () => {
  const record = store.catalog(store.catalogs[1]?.id ?? '');
  if (record === undefined) throw new Error('catalog');
  const [older, newest] = record.releases.slice(-2);
  const product = record.products.find((candidate) => candidate.node_ids.length > 1);
  const [home = '', away = ''] = product?.node_ids ?? [];
  const elsewhere = [...record.nodes.keys()].find((id) => id !== home && id !== away);
  if (older === undefined || newest === undefined || product === undefined || elsewhere === undefined)
    throw new Error('the seeded catalog lacks a product on two nodes');
  // The base view asks through the product's second node, so a node it is not on links through its first.
  const base: ProductView = {
    catalog: record,
    release: newest,
    language: 'en-US',
    nodeId: away,
    linkBase: 'http://a.test',
  };
  // Each variant differs from the base in one thing a product's text depends on.
  const variants: { name: string; view: ProductView; curated: boolean }[] = [
    { name: 'a curated product', view: base, curated: true },
    { name: 'another release', view: { ...base, release: older }, curated: false },
    { name: 'another language', view: { ...base, language: 'fr-FR' }, curated: false },
    { name: 'another link base', view: { ...base, linkBase: 'http://b.test/v2' }, curated: false },
    { name: 'another node of the product', view: { ...base, nodeId: home }, curated: false },
    { name: 'a node the product is not on', view: { ...base, nodeId: elsewhere }, curated: false },
  ];
  const baseText = JSON.stringify(renderNodeProduct(product, base, false));

  it.each(variants)('renders $name differently from the base view', ({ view, curated }) => {
    expect(JSON.stringify(renderNodeProduct(product, view, curated))).not.toBe(baseText);
  });

  it.each(variants)('gives $name its own text, not the one cached for the base view', ({ view, curated }) => {
    const cache = new TextCache(1_000_000);
    expect(productTexts(cache, base)(product, false)).toBe(baseText);
    expect(productTexts(cache, view)(product, curated)).toBe(
      JSON.stringify(renderNodeProduct(product, view, curated)),
    );
    expect(productTexts(cache, base)(product, false)).toBe(baseText);
  });
});

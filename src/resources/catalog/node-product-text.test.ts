import { describe, expect, it } from 'vitest';
import { seededCatalogStore } from '../../../test/support/seeded-catalogs.js';
import { SUPPORTED_LANGUAGES, type Language } from '../../i18n/language.js';
import type { FilterExpression } from '../../query/filter.js';
import type { NodeProductInclude } from '../../query/include.js';
import type { Page } from '../../query/paging.js';
import {
  READABLE_RELEASES,
  type FileRecord,
  type ProductRecord,
} from '../../store/catalog/catalog-records.js';
import type { NodeProductsPage } from '../../store/catalog/catalog-store.js';
import { includedRecords } from '../../store/catalog/included-records.js';
import { pageLinks, pageMeta } from '../page-navigation.js';
import { TextMemo } from '../text-memo.js';
import { encodeNodeProduct, type ProductView } from './node-product-resource.js';
import { nodeProductsDocument } from './node-products-document.js';

// The fast path (product texts kept by the TextMemo, joined into a document) must give byte for byte what
// JSON.stringify gives for the plain objects, whatever order views are asked for in and however often a small
// memo turns over.

const LINK_BASES = ['http://mock.test', 'https://other.test:8443/a/b'];
const INCLUDES: NodeProductInclude[][] = [
  [],
  ['component_products'],
  ['files', 'main_image'],
  ['component_products', 'main_image', 'files'],
];
const PAGES: Page[] = [
  { offset: 0, limit: 100 },
  { offset: 0, limit: 100 },
  { offset: 3, limit: 7 },
];

const store = seededCatalogStore({ seed: 5, products: 120 });

interface Probe {
  label: string;
  catalogId: string;
  releaseId: string;
  nodeId: string;
  language: Language;
  linkBase: string;
  filter: FilterExpression[];
  page: Page;
  include: ReadonlySet<NodeProductInclude>;
}

/**
 * Every node of every catalog in every readable release and language, each view through one of the link
 * bases in turn, the nodes innermost (so a product on two nodes, or included from another node, is asked for
 * again while its text is kept), with includes, pages and filters in turn.
 */
function probes(): Probe[] {
  const all: Probe[] = [];
  let turn = 0;
  let view = 0;
  for (const catalog of store.catalogs) {
    const releases = ['latest', ...catalog.releases.slice(-READABLE_RELEASES).map((release) => release.id)];
    for (const releaseId of releases)
      for (const language of SUPPORTED_LANGUAGES) {
        const linkBase = LINK_BASES[view++ % LINK_BASES.length] ?? '';
        for (const node of catalog.nodes.values()) {
          turn += 1;
          const ids = node.product_indexes.flatMap((at) => catalog.products[at]?.id ?? []);
          // `in(id, ...)` sorts by updated_at: the same texts in another order.
          const filter: FilterExpression[] =
            turn % 5 === 0 ? [{ op: 'in', attribute: 'id', values: ids }] : [];
          all.push({
            label: `${catalog.id} ${releaseId} ${language} ${linkBase} ${node.id}`,
            catalogId: catalog.id,
            releaseId,
            nodeId: node.id,
            language,
            linkBase,
            filter,
            page: PAGES[turn % PAGES.length] ?? { offset: 0, limit: 25 },
            include: new Set(INCLUDES[turn % INCLUDES.length]),
          });
        }
      }
  }
  return all;
}

function found(probe: Probe): NodeProductsPage {
  const { catalogId, releaseId, nodeId, filter, page, language } = probe;
  const result = store.nodeProducts({ catalogId, releaseId, nodeId, filter, page, language });
  if (!result.ok) throw new Error(`${probe.label}: ${result.detail}`);
  return result;
}
function urlOf(probe: Probe): URL {
  const path = `/catalogs/${probe.catalogId}/releases/${probe.releaseId}/nodes/${probe.nodeId}/relationships/products`;
  return new URL(
    `${probe.linkBase}${path}?page[limit]=${probe.page.limit}&page[offset]=${probe.page.offset}`,
  );
}
function viewOf(probe: Probe, page: NodeProductsPage): ProductView {
  const { catalog, release, node } = page.place;
  return { catalog, release, language: probe.language, nodeId: node.id, linkBase: probe.linkBase };
}

/** The records the page's `included` holds, as the store gives them. */
function includedOf(probe: Probe, page: NodeProductsPage) {
  const { catalog, release } = page.place;
  return includedRecords(
    page.products.map((entry) => entry.product),
    probe.include,
    catalog,
    release,
  );
}

/** The document as JSON.stringify writes it from plain objects: no memo, no joined texts. */
function plainText(probe: Probe, page: NodeProductsPage): string {
  const view = viewOf(probe, page);
  const records = includedOf(probe, page);
  const encode = (product: ProductRecord) => encodeNodeProduct(product, view, false);
  // A placeholder the mock serves (`asset:{file}`) links under the request's base; other links stay.
  const shown = (file: FileRecord) => {
    const { href } = file.link;
    return {
      ...file,
      link: { href: href.startsWith('asset:') ? `${probe.linkBase}/__subcat/assets/${href.slice(6)}` : href },
    };
  };
  return JSON.stringify({
    meta: pageMeta(page.total, probe.page),
    data: page.products.map(({ product, curated }) => encodeNodeProduct(product, view, curated)),
    links: pageLinks(urlOf(probe), page.total, probe.page),
    included:
      probe.include.size === 0
        ? undefined
        : {
            component_products: records.component_products?.map(encode),
            main_images: records.main_images?.map(shown),
            files: records.files?.map(shown),
          },
  });
}
function memoText(probe: Probe, page: NodeProductsPage, memo: TextMemo): string {
  return nodeProductsDocument(page, probe.include, probe.page, urlOf(probe), viewOf(probe, page), memo).text;
}

const sweep = probes();
const expected = new Map(sweep.map((probe) => [probe, plainText(probe, found(probe))]));

describe('nodeProductsDocument', () => {
  it('sweeps curated products, products on two nodes, included components of other nodes, files of both kinds', () => {
    let curated = 0;
    let twoNodes = 0;
    let foreignComponents = 0;
    let images = 0;
    let documents = 0;
    for (const probe of sweep) {
      const page = found(probe);
      curated += page.products.filter((entry) => entry.curated).length;
      twoNodes += page.products.filter((entry) => entry.product.node_ids.length > 1).length;
      const included = includedOf(probe, page);
      foreignComponents += (included.component_products ?? []).filter(
        (p) => !p.node_ids.includes(probe.nodeId),
      ).length;
      for (const file of [...(included.files ?? []), ...(included.main_images ?? [])])
        if (/^asset:.+\.svg$/.test(file.link.href)) images += 1;
        else if (/^asset:.+\.pdf$/.test(file.link.href)) documents += 1;
    }
    expect(sweep.length).toBeGreaterThan(100);
    expect({
      curated: curated > 0,
      twoNodes: twoNodes > 0,
      foreignComponents: foreignComponents > 0,
      images: images > 0,
      documents: documents > 0,
    }).toEqual({
      curated: true,
      twoNodes: true,
      foreignComponents: true,
      images: true,
      documents: true,
    });
  });

  // A generation of the large memo holds about 200 product texts, one catalog's worth: texts are reused
  // across the nodes, includes and filters of one view, and the memo turns over many times during a sweep.
  const large = new TextMemo(1_000_000);
  const shuffled = sweep.map((_, at) => sweep[(at * 7919) % sweep.length] as Probe);
  const passes = [
    { name: 'in sweep order', memo: large, probes: sweep },
    { name: 'in reverse order, from a warm memo', memo: large, probes: [...sweep].reverse() },
    {
      name: 'shuffled, through a memo that turns over every few products',
      memo: new TextMemo(20_000),
      probes: shuffled,
    },
    {
      name: 'through a memo that keeps nothing',
      memo: new TextMemo(0),
      probes: sweep.filter((_, at) => at % 4 === 0),
    },
  ];
  it.each(passes)(
    'gives JSON.stringify of the plain objects, byte for byte, $name',
    ({ memo, probes: order }) => {
      expect(new Set(order).size).toBe(order.length);
      const differences = order.filter(
        (probe) => memoText(probe, found(probe), memo) !== expected.get(probe),
      );
      expect(differences.map((probe) => probe.label)).toEqual([]);
    },
  );
});

describe('product texts kept per view', () => {
  const catalog = store.catalogs[1];
  const [older, newest] = catalog?.releases.slice(-2) ?? [];
  const product = catalog?.products.find(
    (candidate) => candidate.node_ids.length > 1 && candidate.status === 'live',
  );
  const [home = '', away = ''] = product?.node_ids ?? [];
  const elsewhere = [...(catalog?.nodes.keys() ?? [])].find((id) => id !== home && id !== away);
  if (
    catalog === undefined ||
    older === undefined ||
    newest === undefined ||
    product === undefined ||
    elsewhere === undefined
  )
    throw new Error('the seeded catalog lacks a live product on two nodes');
  // The base view asks through the product's second node, so a node it is not on links through its first.
  const base: ProductView = {
    catalog,
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
  /** The document of a page holding only `product`, as the memo joins it. */
  const onePage = (memo: TextMemo, view: ProductView, curated: boolean) => {
    const node = catalog.nodes.get(view.nodeId);
    if (node === undefined) throw new Error(`node ${view.nodeId}`);
    const page: NodeProductsPage = { ok: true, place: { catalog, release: view.release, node }, total: 1, products: [{ product, curated }] };
    const text = nodeProductsDocument(page, new Set(), { offset: 0, limit: 1 }, new URL('http://a.test/p'), view, memo).text;
    return (JSON.parse(text) as { data: unknown[] }).data[0];
  }; // prettier-ignore
  const baseProduct = encodeNodeProduct(product, base, false);

  it.each(variants)('renders $name differently from the base view', ({ view, curated }) => {
    expect(JSON.stringify(encodeNodeProduct(product, view, curated))).not.toBe(JSON.stringify(baseProduct));
  });

  it.each(variants)('gives $name its own text, not the one kept for the base view', ({ view, curated }) => {
    const memo = new TextMemo(1_000_000);
    expect(onePage(memo, base, false)).toEqual(baseProduct);
    expect(onePage(memo, view, curated)).toEqual(encodeNodeProduct(product, view, curated));
    expect(onePage(memo, base, false)).toEqual(baseProduct);
  });
});

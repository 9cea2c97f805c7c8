import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, isLanguage } from '../../i18n/language.js';
import { parseFilter, NODE_PRODUCT_FILTERS } from '../../query/filter.js';
import { pageLinks } from '../../query/links.js';
import { pageMeta } from '../../query/paging.js';
import { loadCatalogFixture } from '../../seed/catalog/catalog-fixture.js';
import { createCatalogStore } from '../../store/catalog/catalog-store.js';
import { HttpError } from '../http-error.js';
import { JsonText } from '../json-text.js';
import type { HandlerContext } from '../route.js';
import { getNodeProducts, linkBase, type NodeProductsState } from './node-products.js';

const fixture = loadCatalogFixture();
const newest = fixture.releases.at(-1)?.id ?? '';
const state: NodeProductsState = {
  catalog: createCatalogStore({ seed: 7, products: 200, renderCacheChars: 200_000 }),
  options: { pageLength: 25 },
};
const seeded = state.catalog.catalogs[2]?.id ?? '';
const seededNode = [...(state.catalog.catalog(seeded)?.nodes.values() ?? [])].find(
  (node) => node.product_indexes.length > 3,
);

interface Call {
  catalog: string;
  release: string;
  node: string;
  /** Query string without `?`. */
  query?: string;
  language?: string;
  origin?: string;
  basePath?: string;
}

function context(call: Call): HandlerContext<NodeProductsState> {
  const path = `/catalogs/${call.catalog}/releases/${call.release}/nodes/${call.node}/relationships/products`;
  const url = new URL(
    `${call.origin ?? 'http://127.0.0.1:4010'}${call.basePath ?? ''}${path}${call.query === undefined ? '' : `?${call.query}`}`,
  );
  return {
    request: {} as IncomingMessage,
    params: { catalog_id: call.catalog, release_id: call.release, node_id: call.node },
    query: url.searchParams,
    body: undefined,
    url,
    language: call.language ?? 'en-US',
    state,
  };
}

/** What the handler answered before the fast path: JSON.stringify of the page's plain objects. */
function plainBody(call: Call): string {
  const { url, query, language } = context(call);
  const filter = parseFilter(query.get('filter') ?? '', NODE_PRODUCT_FILTERS);
  const page = {
    offset: Number(query.get('page[offset]') ?? 0),
    limit: Number(query.get('page[limit]') ?? 25),
  };
  const result = state.catalog.nodeProducts({
    catalogId: call.catalog,
    releaseId: call.release,
    nodeId: call.node,
    filter: query.has('filter') && filter.ok ? filter.expressions : [],
    page,
    include: new Set((query.get('include') ?? '').split(',').filter((member) => member !== '')),
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    linkBase: linkBase(url),
  });
  if (!result.ok) throw new Error(result.detail);
  const { total, data, included } = result;
  return JSON.stringify({
    meta: pageMeta(total, page),
    data,
    links: pageLinks(url, total, page),
    ...(included && { included }),
  });
}

const showcase = { catalog: fixture.catalog.id, release: 'latest', node: fixture.showcase.node_id };
const other = { catalog: seeded, release: 'latest', node: seededNode?.id ?? '' };
const calls: (Call & { name: string })[] = [
  { name: 'the first page', ...showcase },
  { name: 'a release by id', ...showcase, release: newest },
  { name: 'every include', ...showcase, query: 'include=component_products,main_image,files' },
  { name: 'main images and files', ...showcase, query: 'include=main_image,files&page[limit]=100' },
  { name: 'a middle page', ...showcase, query: 'page[offset]=10&page[limit]=7' },
  { name: 'a page past the end', ...showcase, query: 'page[offset]=5000' },
  { name: 'German', ...showcase, language: 'de-DE', query: 'include=component_products' },
  { name: 'French', ...showcase, language: 'fr-FR' },
  { name: 'an unsupported language', ...showcase, language: 'xx-YY' },
  { name: 'a base path and another origin', ...showcase, origin: 'https://shop.test:8443', basePath: '/v2' },
  { name: 'eq(tags)', ...showcase, query: 'filter=eq(tags,eco)' },
  { name: 'eq(product_types)', ...showcase, query: 'filter=eq(product_types,bundle)' },
  {
    name: 'in(product_types) with include',
    ...showcase,
    query: 'filter=in(product_types,parent,child)&include=files',
  },
  { name: 'a seeded catalog', ...other, query: 'page[limit]=100&include=component_products' },
  { name: 'a seeded catalog in German', ...other, language: 'de-DE' },
];

describe('getNodeProducts', () => {
  it.each(calls)(
    'answers $name with JSON text byte for byte equal to JSON.stringify of the plain page',
    async (call) => {
      for (let pass = 0; pass < 2; pass++) {
        const result = await getNodeProducts.handler(context(call));
        expect(result.body).toBeInstanceOf(JsonText);
        expect((result.body as JsonText).text).toBe(plainBody(call));
      }
    },
  );

  it('opts into the whole-response cache with a version that never changes (catalogs are immutable)', () => {
    const versions = [getNodeProducts.cacheVersion?.(state), getNodeProducts.cacheVersion?.(state)];
    expect(versions).toEqual([0, 0]);
  });

  const languages = [
    { language: 'fr-FR', expected: 'fr-FR' },
    { language: 'xx-YY', expected: 'en-US' },
  ];
  it.each(languages)('answers Content-Language $expected to $language', async ({ language, expected }) => {
    const result = await getNodeProducts.handler(context({ ...showcase, language }));
    expect([result.status, result.headers]).toEqual([200, { 'Content-Language': expected }]);
  });

  const misses = [
    {
      name: 'an unknown catalog',
      call: { ...showcase, catalog: 'nope' },
      status: 404,
      parameter: 'catalog_id',
    },
    { name: 'an unknown node', call: { ...showcase, node: 'nope' }, status: 404, parameter: 'node_id' },
    {
      name: 'a bad filter',
      call: { ...showcase, query: 'filter=eq(color,red)' },
      status: 400,
      parameter: 'filter',
    },
  ];
  it.each(misses)('throws $status naming $parameter for $name', ({ call, status, parameter }) => {
    let thrown: unknown;
    try {
      void getNodeProducts.handler(context(call));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    const error = thrown as HttpError;
    expect([error.status, error.errors[0]?.source?.parameter]).toEqual([status, parameter]);
  });
});

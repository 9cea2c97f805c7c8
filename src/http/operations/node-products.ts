import { NODE_PRODUCT_FILTERS } from '../../query/filter.js';
import { NODE_PRODUCT_INCLUDES } from '../../query/include.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../../i18n/language.js';
import type { MockOptions } from '../../mock-options.js';
import { pageLinks } from '../../query/links.js';
import { pageMeta, type Page } from '../../query/paging.js';
import type { CatalogStore } from '../../store/catalog/catalog-store.js';
import { HttpError } from '../http-error.js';
import { JsonText } from '../json-text.js';
import type { Route } from '../route.js';
import { readCollectionQuery } from './collection-query.js';

/** The part of the mock's state this operation reads. */
export interface NodeProductsState {
  catalog: CatalogStore;
  options: Pick<MockOptions, 'pageLength'>;
}

export const NODE_PRODUCTS_PATH =
  '/catalogs/{catalog_id}/releases/{release_id}/nodes/{node_id}/relationships/products';

// The operation's own path has eight segments; whatever precedes them is the public base path.
const OPERATION_SEGMENTS = NODE_PRODUCTS_PATH.split('/').length - 1;

/** Origin and base path of the request (`http://host:port/v2`), so product links go back the same way. */
export function linkBase(url: URL): string {
  const segments = url.pathname.split('/');
  return `${url.origin}${segments.slice(0, Math.max(1, segments.length - OPERATION_SEGMENTS)).join('/')}`;
}

/**
 * The response body as JSON text, joined from the store's cached product texts: byte for byte
 * `JSON.stringify({ meta, data, links, included })` of the plain objects, without serialising the page again.
 */
export function nodeProductsBody(
  page: { total: number; data: string; included?: string },
  at: Page,
  url: URL,
): JsonText {
  const meta = JSON.stringify(pageMeta(page.total, at));
  const links = JSON.stringify(pageLinks(url, page.total, at));
  const included = page.included === undefined ? '' : `,"included":${page.included}`;
  return new JsonText(`{"meta":${meta},"data":${page.data},"links":${links}${included}}`);
}

/** Get a node's products: a page of the node's live products in a published release. */
export const getNodeProducts: Route<NodeProductsState> = {
  operationId: 'getNodeProducts',
  method: 'GET',
  path: NODE_PRODUCTS_PATH,
  // Catalogs never change after seeding: a rendered page stays valid for the life of the mock.
  cacheVersion: () => 0,
  handler: ({ params, query, url, language, state }) => {
    const { filter, page, include } = readCollectionQuery(query, state.options.pageLength, {
      filters: NODE_PRODUCT_FILTERS,
      includes: NODE_PRODUCT_INCLUDES,
    });
    const chosen = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    const ids = {
      catalogId: params.catalog_id ?? '',
      releaseId: params.release_id ?? '',
      nodeId: params.node_id ?? '',
    };
    const result = state.catalog.nodeProductsJson({
      ...ids,
      filter,
      page,
      include,
      language: chosen,
      linkBase: linkBase(url),
    });
    if (!result.ok) throw HttpError.of(404, result.detail, { parameter: result.parameter });
    return {
      status: 200,
      headers: { 'Content-Language': chosen },
      body: nodeProductsBody(result, page, url),
    };
  },
};

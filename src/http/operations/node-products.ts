import { DEFAULT_LANGUAGE, isLanguage } from '../../i18n/language.js';
import { NODE_PRODUCT_FILTERS } from '../../query/filter.js';
import { NODE_PRODUCT_INCLUDES } from '../../query/include.js';
import { nodeProductsDocument } from '../../resources/catalog/node-products-document.js';
import { releaseAlias } from '../../vendor/release-alias.js';
import { HttpError } from '../http-error.js';
import type { Route } from '../route.js';
import { readCollectionQuery } from './collection-query.js';
import type { OperationsState } from './operations-state.js';

export const NODE_PRODUCTS_PATH =
  '/catalogs/{catalog_id}/releases/{release_id}/nodes/{node_id}/relationships/products';

const vocabulary = { filters: NODE_PRODUCT_FILTERS, includes: NODE_PRODUCT_INCLUDES };

/** Get a node's products: a page of the node's live products in a published release. */
export const getNodeProducts: Route<OperationsState> = {
  operationId: 'getNodeProducts',
  method: 'GET',
  path: NODE_PRODUCTS_PATH,
  // Catalogs never change after seeding: a page stays valid for the life of the mock.
  cacheVersion: () => 0,
  includes: NODE_PRODUCT_INCLUDES,
  handler: ({ params, query, url, base, prefix, language, state }) => {
    const { filter, page, include } = readCollectionQuery(query, state.pageLength, vocabulary);
    const chosen = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    const ids = {
      catalogId: params.catalog_id ?? '',
      releaseId: releaseAlias(params.release_id ?? ''),
      nodeId: params.node_id ?? '',
    };
    const found = state.catalog.nodeProducts({ ...ids, filter, page, language: chosen });
    if (!found.ok) throw HttpError.of(404, found.detail, { parameter: found.parameter });
    const { catalog, release, node } = found.place;
    const view = {
      catalog,
      release,
      language: chosen,
      nodeId: node.id,
      linkBase: base + prefix,
      assetBase: base,
    };
    const body = nodeProductsDocument(found, include, page, url, view);
    return { status: 200, headers: { 'Content-Language': chosen }, body };
  },
};

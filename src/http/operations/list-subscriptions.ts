import { SUBSCRIPTION_FILTERS } from '../../query/filter.js';
import { SUBSCRIPTION_INCLUDES } from '../../query/include.js';
import { subscriptionsDocument } from '../../resources/subscriptions/subscription-documents.js';
import type { Route } from '../route.js';
import { readCollectionQuery } from './collection-query.js';
import type { OperationsState } from './operations-state.js';

const vocabulary = { filters: SUBSCRIPTION_FILTERS, includes: SUBSCRIPTION_INCLUDES };

/** List subscriptions: a filtered page, `included` plans/products of that page when asked, totals and links. */
export const listSubscriptions: Route<OperationsState> = {
  operationId: 'listSubscriptions',
  method: 'GET',
  path: '/subscriptions/subscriptions',
  // The page depends only on the request and the store, so a page made at one version can be replayed.
  cacheVersion: (state) => state.subscriptions.version,
  includes: SUBSCRIPTION_INCLUDES,
  handler: ({ query, url, base, state }) => {
    const { filter, page, include } = readCollectionQuery(query, state.pageLength, vocabulary);
    const found = state.subscriptions.list(filter, page);
    return { status: 200, body: subscriptionsDocument(found, include, page, url, base) };
  },
};

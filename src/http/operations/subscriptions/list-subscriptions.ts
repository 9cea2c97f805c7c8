import { SUBSCRIPTION_FILTERS } from '../../../query/filter.js';
import { SUBSCRIPTION_INCLUDES } from '../../../query/include.js';
import { pageLinks } from '../../../query/links.js';
import { pageMeta } from '../../../query/paging.js';
import { subscriptionListJson } from '../../../store/subscriptions/subscription-list-json.js';
import { JsonText } from '../../json-text.js';
import type { Route } from '../../route.js';
import type { SubscriptionsState } from './subscriptions-state.js';
import { readCollectionQuery } from '../collection-query.js';

/** List subscriptions: a filtered page, its totals (`meta`), `included` plans/products when asked, links. */
export const listSubscriptions: Route<SubscriptionsState> = {
  operationId: 'listSubscriptions',
  method: 'GET',
  path: '/subscriptions/subscriptions',
  // The page depends only on the request and the store, so a page rendered at one version can be replayed.
  cacheVersion: (state) => state.subscriptions.version,
  handler: ({ query, url, state }) => {
    const { filter, page, include } = readCollectionQuery(query, state.options.pageLength, {
      filters: SUBSCRIPTION_FILTERS,
      includes: SUBSCRIPTION_INCLUDES,
    });
    // The snapshot behind `matches` lives only until the text is built, within this synchronous call.
    const matches = state.subscriptions.list(filter);
    const records = matches.slice(page.offset, page.offset + page.limit);
    const links = pageLinks(url, matches.total, page);
    const meta = pageMeta(matches.total, page);
    return { status: 200, body: new JsonText(subscriptionListJson(records, include, links, meta)) };
  },
};

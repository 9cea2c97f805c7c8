import { SUBSCRIPTION_FILTERS } from '../../../query/filter.js';
import { SUBSCRIPTION_INCLUDES } from '../../../query/include.js';
import { pageLinks } from '../../../query/links.js';
import { subscriptionIncluded } from '../../../store/subscriptions/subscription-included.js';
import { toSubscription } from '../../../store/subscriptions/to-subscription.js';
import type { Route } from '../../route.js';
import type { SubscriptionsState } from './subscriptions-state.js';
import { readCollectionQuery } from '../collection-query.js';

/** List subscriptions: a filtered page, `included` plans/products of that page when asked, paging links. */
export const listSubscriptions: Route<SubscriptionsState> = {
  operationId: 'listSubscriptions',
  method: 'GET',
  path: '/subscriptions/subscriptions',
  handler: ({ query, url, state }) => {
    const { filter, page, include } = readCollectionQuery(query, state.options.pageLength, {
      filters: SUBSCRIPTION_FILTERS,
      includes: SUBSCRIPTION_INCLUDES,
    });
    const matches = state.subscriptions.list(filter);
    const records = matches.slice(page.offset, page.offset + page.limit);
    const included = subscriptionIncluded(records, include);
    const links = pageLinks(url, matches.total, page);
    return { status: 200, body: { data: records.map(toSubscription), ...(included && { included }), links } };
  },
};

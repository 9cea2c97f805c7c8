import type { Schemas } from '../../contract/schemas.js';
import { decodeCreate } from '../../resources/subscriptions/decode-subscription.js';
import { subscriptionDocument } from '../../resources/subscriptions/subscription-documents.js';
import type { Route } from '../route.js';
import { brokenRulesError, storeFullError } from './broken-rules.js';
import type { OperationsState } from './operations-state.js';

/** Create a subscription: 201 with the whole subscription and its Location, or 400 per broken rule. */
export const createSubscription: Route<OperationsState> = {
  operationId: 'createSubscription',
  method: 'POST',
  path: '/subscriptions/subscriptions',
  // The vendor's BuildSubscription is an open object (decisions.md, Ignored input).
  openMembers: '/data',
  handler: ({ body, url, state }) => {
    const result = state.subscriptions.create(decodeCreate(body as Schemas['CreateSubscriptionRequest']));
    if (!result.ok)
      throw result.reason === 'full'
        ? storeFullError(result.limit)
        : brokenRulesError('/data', result.broken);
    const location = `${url.origin}${url.pathname}/${result.subscription.id}`;
    return {
      status: 201,
      headers: { Location: location },
      body: subscriptionDocument(result.subscription),
    };
  },
};

import { isJsonObject } from '../../../store/subscriptions/field-reader.js';
import { subscriptionJson } from '../../../store/subscriptions/subscription-json.js';
import { JsonText } from '../../json-text.js';
import type { Route } from '../../route.js';
import { bodyProblemsError } from './body-problems-error.js';
import type { SubscriptionsState } from './subscriptions-state.js';

/** Create a subscription: 201 with the whole subscription, or 400 with a pointer per broken field. */
export const createSubscription: Route<SubscriptionsState> = {
  operationId: 'createSubscription',
  method: 'POST',
  path: '/subscriptions/subscriptions',
  handler: ({ body, state }) => {
    const result = state.subscriptions.create(isJsonObject(body) ? body.data : undefined);
    if (!result.ok) throw bodyProblemsError(400, result.problems);
    return { status: 201, body: new JsonText(`{"data":${subscriptionJson(result.subscription)}}`) };
  },
};

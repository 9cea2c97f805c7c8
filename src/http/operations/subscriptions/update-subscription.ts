import { subscriptionJson } from '../../../store/subscriptions/subscription-json.js';
import { HttpError } from '../../http-error.js';
import { JsonText } from '../../json-text.js';
import type { Route } from '../../route.js';
import { bodyProblemsError } from './body-problems-error.js';
import type { SubscriptionsState } from './subscriptions-state.js';

/** Update a subscription: 200 with the whole subscription; 404 unknown id, 409 id/type mismatch, 400 invalid. */
export const updateSubscription: Route<SubscriptionsState> = {
  operationId: 'updateSubscription',
  method: 'PUT',
  path: '/subscriptions/subscriptions/{subscription_uuid}',
  // decisions.md: a body whose type is not `subscription` conflicts with the resource (409), not a 400.
  conflicts: ['/data/type'],
  handler: ({ params, body, state }) => {
    const id = params.subscription_uuid ?? '';
    const result = state.subscriptions.update(id, body);
    if (result.ok)
      return { status: 200, body: new JsonText(`{"data":${subscriptionJson(result.subscription)}}`) };
    if (result.reason === 'not_found') {
      throw HttpError.of(404, `No subscription with id '${id.slice(0, 64)}'`, {
        parameter: 'subscription_uuid',
      });
    }
    throw bodyProblemsError(result.reason === 'conflict' ? 409 : 400, result.problems);
  },
};

import { isJsonObject } from '../../contract/json-pointer.js';
import type { Schemas } from '../../contract/schemas.js';
import type { Violation } from '../../contract/violation.js';
import { decodeUpdate } from '../../resources/subscriptions/decode-subscription.js';
import { subscriptionDocument } from '../../resources/subscriptions/subscription-documents.js';
import { HttpError } from '../http-error.js';
import type { Route } from '../route.js';
import { brokenRulesError } from './broken-rules.js';
import type { OperationsState } from './operations-state.js';

/**
 * decisions.md: a body naming another id than the path conflicts (409); another type than `subscription` is the
 * schema's 400, as the vendor's PUT declares no 409.
 */
function conflicts({
  params,
  body,
}: {
  params: Readonly<Record<string, string>>;
  body: unknown;
}): Violation[] {
  const data = isJsonObject(body) && isJsonObject(body.data) ? body.data : undefined;
  const found: Violation[] = [];
  const id = params.subscription_uuid ?? '';
  if (typeof data?.id === 'string' && data.id !== id)
    found.push({
      in: 'body',
      at: '/data/id',
      keyword: 'conflict',
      detail: `/data/id must equal the subscription id in the path, ${id.slice(0, 64)}`,
    });
  return found;
}

/** Update a subscription: 200 with the whole subscription; 404 unknown id, 409 conflict, 400 invalid. */
export const updateSubscription: Route<OperationsState> = {
  operationId: 'updateSubscription',
  method: 'PUT',
  path: '/subscriptions/subscriptions/{subscription_uuid}',
  conflicts,
  handler: ({ params, body, state }) => {
    const id = params.subscription_uuid ?? '';
    const result = state.subscriptions.update(
      id,
      decodeUpdate(body as Schemas['UpdateSubscriptionRequest']).command,
    );
    if (result.ok) return { status: 200, body: subscriptionDocument(result.subscription) };
    if (result.reason === 'not_found')
      throw HttpError.of(404, `No subscription with id '${id.slice(0, 64)}'`, {
        parameter: 'subscription_uuid',
      });
    throw brokenRulesError('/data/attributes', result.broken);
  },
};

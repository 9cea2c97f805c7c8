import { FieldReader, isJsonObject, type BodyProblem } from './field-reader.js';
import { readPaymentAuthority } from './read-payment-authority.js';
import type { SubscriptionRecord } from './subscription-record.js';

const DATA = '/data';
const ATTRIBUTES = '/data/attributes';

export type UpdateOutcome =
  | { ok: true; subscription: SubscriptionRecord }
  | { ok: false; reason: 'conflict' | 'invalid'; problems: BodyProblem[] };

/**
 * The subscription after a PUT body (UpdateSubscription): only the attributes sent change; `address_id`
 * and `go_live_after` are cleared by null; `plan_id` must be a plan of the subscription's offering.
 * `data.id` other than the path's id, or `data.type` other than `subscription`, is a conflict.
 * `updatedAt` is the new updated_at (the store keeps it strictly increasing).
 */
export function applyUpdate(current: SubscriptionRecord, body: unknown, updatedAt: number): UpdateOutcome {
  const data = isJsonObject(body) ? body.data : undefined;
  if (!isJsonObject(data)) return invalid([{ pointer: DATA, detail: 'data must be an object' }]);
  const conflicts: BodyProblem[] = [];
  if (data.id !== undefined && data.id !== current.id) {
    conflicts.push({
      pointer: `${DATA}/id`,
      detail: `data.id must equal the subscription id in the path, ${current.id}`,
    });
  }
  if (data.type !== undefined && data.type !== 'subscription') {
    conflicts.push({ pointer: `${DATA}/type`, detail: "data.type must be 'subscription'" });
  }
  if (conflicts.length > 0) return { ok: false, reason: 'conflict', problems: conflicts };

  const reader = new FieldReader();
  const attributes = reader.object(data, 'attributes', DATA) ?? {};
  let next: SubscriptionRecord = { ...current, updated_at: updatedAt };
  if (attributes.plan_id !== undefined) {
    const planId = attributes.plan_id;
    if (typeof planId === 'string' && current.offering.plans.some((plan) => plan.id === planId)) {
      next = { ...next, plan_id: planId };
    } else {
      // Only a string is echoed: any other value may be nested too deep to serialise safely.
      const shown = typeof planId === 'string' ? `'${planId.slice(0, 64)}'` : `of type ${jsonType(planId)}`;
      reader.problem(
        `${ATTRIBUTES}/plan_id`,
        `plan_id ${shown} is not a plan of the subscription's offering`,
      );
    }
  }
  if (attributes.address_id === null) next = { ...next, address_id: undefined };
  else {
    const addressId = reader.string(attributes, 'address_id', ATTRIBUTES, {
      min: 1,
      expected: 'a UUID or null',
    });
    if (addressId !== undefined) next = { ...next, address_id: addressId };
  }
  const paymentAuthority = readPaymentAuthority(reader, attributes, 'payment_authority', ATTRIBUTES);
  if (paymentAuthority) next = { ...next, payment_authority: paymentAuthority };
  if (attributes.go_live_after === null) next = { ...next, go_live_after: undefined };
  else {
    const goLiveAfter = reader.dateTime(attributes, 'go_live_after', ATTRIBUTES);
    if (goLiveAfter !== undefined) next = { ...next, go_live_after: goLiveAfter };
  }
  return reader.problems.length > 0 ? invalid(reader.problems) : { ok: true, subscription: next };
}

function invalid(problems: BodyProblem[]): UpdateOutcome {
  return { ok: false, reason: 'invalid', problems };
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

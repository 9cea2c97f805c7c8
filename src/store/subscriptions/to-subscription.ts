import { subscriptionRelationships } from './offering-relationships.js';
import type { SubscriptionRecord } from './subscription-record.js';
import type { Subscription, SubscriptionTimestamps } from './subscription-resources.js';
import { OPTIONAL_TIMESTAMPS } from './subscription-record.js';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The response shape of a stored subscription; the offering object is shared, never copied. Responses are
 * written by `subscriptionJson`, which must give exactly JSON.stringify of this (subscription-json.test.ts).
 */
export function toSubscription(record: SubscriptionRecord): Subscription {
  const { state } = record;
  const subscription: Subscription = {
    id: record.id,
    type: 'subscription',
    attributes: {
      ...(record.external_ref !== undefined && { external_ref: record.external_ref }),
      account_id: record.account_id,
      ...(record.address_id !== undefined && { address_id: record.address_id }),
      offering: record.offering.offering,
      plan_id: record.plan_id,
      currency: record.currency,
      ...(record.payment_authority !== undefined && { payment_authority: record.payment_authority }),
      relationships: subscriptionRelationships(record.offering.offering.id, record.plan_id),
      name: record.name,
      email: record.email,
    },
    meta: {
      owner: 'store',
      timestamps: timestamps(record),
      status: record.status,
      state: {
        id: state.id,
        type: 'subscription_state',
        attributes: { action: state.action },
        meta: {
          created_at: iso(state.created_at),
          manual_payments: state.manual_payments,
          canceled: state.canceled,
          paused: state.paused,
          closed: state.closed,
          suspended: state.suspended,
          pending: state.pending,
          invoice_after: iso(state.invoice_after),
        },
      },
    },
  };
  return subscription;
}

function timestamps(record: SubscriptionRecord): SubscriptionTimestamps {
  const result: SubscriptionTimestamps = {
    updated_at: iso(record.updated_at),
    created_at: iso(record.created_at),
  };
  for (const key of OPTIONAL_TIMESTAMPS) {
    const value = record[key];
    if (value !== undefined) result[key] = iso(value);
  }
  return result;
}

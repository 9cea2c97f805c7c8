import type { Schemas } from '../../contract/schemas.js';
import { OPTIONAL_TIMESTAMPS, type SubscriptionRecord } from '../../store/subscriptions/records.js';
import { encodeOffering } from './offering-resources.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** The subscription resource, its offering embedded and linked with the current plan. */
export type SubscriptionResource = Schemas['Subscription'];

/**
 * A stored subscription as every operation returns it.
 * @example JSON.stringify(encodeSubscription(store.find(id)))
 */
export function encodeSubscription(record: SubscriptionRecord): SubscriptionResource {
  const { state } = record;
  const timestamps: Schemas['SubscriptionTimestamps'] = {
    updated_at: iso(record.updated_at),
    created_at: iso(record.created_at),
  };
  for (const key of OPTIONAL_TIMESTAMPS) {
    const value = record[key];
    if (value !== undefined) timestamps[key] = iso(value);
  }
  return {
    id: record.id,
    type: 'subscription',
    attributes: {
      ...(record.external_ref !== undefined && { external_ref: record.external_ref }),
      account_id: record.account_id,
      ...(record.address_id !== undefined && { address_id: record.address_id }),
      offering: encodeOffering(record.offering),
      plan_id: record.plan_id,
      currency: record.currency,
      ...(record.payment_authority !== undefined && { payment_authority: record.payment_authority }),
      relationships: {
        offering: { data: { type: 'subscription_offering', id: record.offering.id } },
        plan: { data: { type: 'subscription_offering_plan', id: record.plan_id } },
      },
      name: record.name,
      email: record.email,
    },
    meta: {
      owner: 'store',
      timestamps,
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
}

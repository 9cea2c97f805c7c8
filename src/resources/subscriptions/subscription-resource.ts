import type { Schemas } from '../../contract/schemas.js';
import { isoTime as iso } from '../../store/calendar.js';
import type { SubscriptionRecord } from '../../store/subscriptions/records.js';
import { encodeOffering } from './offering-resources.js';

/** The subscription resource, its offering embedded and linked with the current plan. */
export type SubscriptionResource = Schemas['Subscription'];

const isoOrUndefined = (ms: number | undefined) => (ms === undefined ? undefined : iso(ms));

/** A stored subscription as every operation returns it. */
export function encodeSubscription(record: SubscriptionRecord): SubscriptionResource {
  // Members the record lacks are undefined, which JSON.stringify leaves out.
  const { state } = record;
  const offering = encodeOffering(record.offering);
  return {
    id: record.id,
    type: 'subscription',
    attributes: {
      external_ref: record.external_ref,
      account_id: record.account_id,
      address_id: record.address_id,
      offering,
      plan_id: record.plan_id,
      currency: record.currency,
      payment_authority: record.payment_authority,
      relationships: {
        offering: { data: { type: 'subscription_offering', id: record.offering.id } },
        plan: { data: { type: 'subscription_offering_plan', id: record.plan_id } },
      },
      name: record.name,
      email: record.email,
    },
    meta: {
      owner: 'store',
      timestamps: {
        updated_at: iso(record.updated_at),
        created_at: iso(record.created_at),
        canceled_at: isoOrUndefined(record.canceled_at),
        paused_at: isoOrUndefined(record.paused_at),
        resumed_at: isoOrUndefined(record.resumed_at),
        end_date: isoOrUndefined(record.end_date),
        go_live_after: isoOrUndefined(record.go_live_after),
        go_live: isoOrUndefined(record.go_live),
      },
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

import { describe, expect, it } from 'vitest';
import { loadSubscriptionFixtures } from '../../seed/subscriptions/subscription-fixtures.js';
import { toSubscription } from './to-subscription.js';

const [active, pending] = loadSubscriptionFixtures().subscriptions;
if (!active || !pending) throw new Error('the fixture subscriptions are missing');

describe('toSubscription', () => {
  it('shapes a stored subscription as the contract response, times as ISO 8601 UTC', () => {
    const subscription = toSubscription(pending);
    expect(subscription).toMatchObject({
      id: pending.id,
      type: 'subscription',
      attributes: {
        account_id: pending.account_id,
        plan_id: pending.plan_id,
        currency: 'EUR',
        offering: pending.offering.offering,
      },
      meta: {
        owner: 'store',
        status: 'inactive',
        timestamps: { go_live_after: '2026-03-01T00:00:00.000Z', end_date: '2027-03-01T00:00:00.000Z' },
        state: {
          type: 'subscription_state',
          attributes: { action: 'pending' },
          meta: { pending: true, manual_payments: true },
        },
      },
    });
  });

  const absentCases = [
    { field: 'external_ref', in: 'attributes' },
    { field: 'address_id', in: 'attributes' },
    { field: 'payment_authority', in: 'attributes' },
  ] as const;
  it.each(absentCases)('leaves $field out when the subscription has none', ({ field }) => {
    const bare = toSubscription({
      ...active,
      external_ref: undefined,
      address_id: undefined,
      payment_authority: undefined,
    });
    expect(bare.attributes).not.toHaveProperty(field);
    expect(toSubscription(active).attributes).toHaveProperty(field);
  });

  it('leaves unset lifecycle times out', () => {
    expect(Object.keys(toSubscription(active).meta.timestamps).sort()).toEqual(['created_at', 'updated_at']);
  });

  it('links the subscription to its offering and plan, and echoes name and email', () => {
    const { attributes } = toSubscription(active);
    expect(attributes.relationships).toEqual({
      offering: { data: { type: 'subscription_offering', id: active.offering.offering.id } },
      plan: { data: { type: 'subscription_offering_plan', id: active.plan_id } },
    });
    expect([attributes.name, attributes.email]).toEqual([active.name, active.email]);
  });
});

import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { filledPaths, seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { specValidators } from '../../contract/validators.js';
import type { SubscriptionRecord } from '../../store/subscriptions/records.js';
import { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';
import { encodeOffering } from './offering-resources.js';
import { encodeSubscription } from './subscription-resource.js';

const ids = FIXTURE_IDS.subscriptions;
const seeded = seededSubscriptions({ seed: 3, subscriptions: 300 });
const byId = (id: string) => seeded.records.find((record) => record.id === id) as SubscriptionRecord;
const active = byId(ids.subscription_id);
const pending = byId(ids.pending_subscription_id);
/** The resource as a client reads it: the wire JSON (the spec's types leave most members optional). */
const wire = (record: SubscriptionRecord) => JSON.parse(JSON.stringify(encodeSubscription(record)));
const validate = specValidators().schema('Subscription');

describe('encodeSubscription', () => {
  it('shapes a stored subscription as the contract response, times as ISO 8601 UTC', () => {
    expect(wire(pending)).toEqual({
      id: ids.pending_subscription_id,
      type: 'subscription',
      attributes: {
        external_ref: 'fixture-pending-subscription',
        account_id: ids.account_id,
        offering: JSON.parse(JSON.stringify(encodeOffering(pending.offering))),
        plan_id: ids.plan_ids[1],
        currency: 'EUR',
        relationships: {
          offering: { data: { type: 'subscription_offering', id: ids.offering_id } },
          plan: { data: { type: 'subscription_offering_plan', id: ids.plan_ids[1] } },
        },
        name: 'Ada Lovelace',
        email: 'ada.lovelace@example.com',
      },
      meta: {
        owner: 'store',
        timestamps: {
          updated_at: '2024-02-02T09:00:00.000Z',
          created_at: '2024-02-02T09:00:00.000Z',
          end_date: '2027-03-01T00:00:00.000Z',
          go_live_after: '2026-03-01T00:00:00.000Z',
        },
        status: 'inactive',
        state: {
          id: '5d2e8c90-3b7f-4f6a-8e21-9c4b7a1d0e32',
          type: 'subscription_state',
          attributes: { action: 'pending' },
          meta: {
            created_at: '2024-02-02T09:00:00.000Z',
            manual_payments: true,
            canceled: false,
            paused: false,
            closed: false,
            suspended: false,
            pending: true,
            invoice_after: '2026-03-01T00:00:00.000Z',
          },
        },
      },
    });
  });

  const optional = ['external_ref', 'address_id', 'payment_authority'] as const;
  it.each(optional)('leaves %s out when the subscription has none, and sends it when it has one', (field) => {
    const bare = wire({
      ...active,
      external_ref: undefined,
      address_id: undefined,
      payment_authority: undefined,
    });
    expect(bare.attributes).not.toHaveProperty(field);
    expect(wire(active).attributes[field]).toEqual(active[field]);
  });

  it('lists only the times a subscription has, in the order of meta.timestamps', () => {
    expect(Object.keys(wire(active).meta.timestamps)).toEqual(['updated_at', 'created_at']);
    const every = {
      ...active,
      canceled_at: Date.UTC(2025, 0, 2),
      paused_at: 0,
      resumed_at: Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      end_date: Date.UTC(2100, 5, 6),
      go_live_after: 1,
      go_live: Date.UTC(2026, 1, 1),
    };
    expect(wire(every).meta.timestamps).toEqual({
      updated_at: '2024-02-01T09:00:00.000Z',
      created_at: '2024-02-01T09:00:00.000Z',
      canceled_at: '2025-01-02T00:00:00.000Z',
      paused_at: '1970-01-01T00:00:00.000Z',
      resumed_at: '1969-12-31T23:59:59.999Z',
      end_date: '2100-06-06T00:00:00.000Z',
      go_live_after: '1970-01-01T00:00:00.001Z',
      go_live: '2026-02-01T00:00:00.000Z',
    });
    expect(Object.keys(wire(every).meta.timestamps)).toEqual([
      'updated_at', 'created_at', 'canceled_at', 'paused_at', 'resumed_at', 'end_date', 'go_live_after', 'go_live',
    ]); // prettier-ignore
  });

  it('keeps strings JSON must escape exactly as stored', () => {
    const awkward = 'Zoë "Q" \\ back\nslash\t\u0001 \u2028 😀 </script>';
    const encoded = wire({
      ...active,
      name: awkward,
      email: `${awkward}@example.com`,
      external_ref: awkward,
    });
    expect([encoded.attributes.name, encoded.attributes.email, encoded.attributes.external_ref]).toEqual([
      awkward,
      `${awkward}@example.com`,
      awkward,
    ]);
  });

  it('says owner store whoever owns the offering, and links the current plan', () => {
    const organization = { ...active, offering: { ...active.offering, owner: 'organization' as const } };
    const encoded = wire({ ...organization, plan_id: ids.plan_ids[1] });
    expect([encoded.meta.owner, encoded.attributes.offering.meta.owner]).toEqual(['store', 'organization']);
    expect(encoded.attributes.relationships.plan.data.id).toBe(ids.plan_ids[1]);
  });

  it('catches a subscription that breaks the schema (the check itself works)', () => {
    const broken = { ...wire(active), meta: { owner: 'nobody', status: 'active' } };
    expect(validate(broken).length).toBeGreaterThan(0);
  });

  const seeds = [1, 2, 3];
  it.each(seeds)('encodes every seeded and fixture subscription of seed %i so that it validates', (seed) => {
    const records = seed === 3 ? seeded.records : seededSubscriptions({ seed, subscriptions: 300 }).records;
    expect(records).toHaveLength(302);
    expect(records.flatMap((record) => validate(encodeSubscription(record)))).toEqual([]);
  });

  it('encodes a created subscription on an inline offering, and its update, so that both validate', () => {
    const store = new SubscriptionStore(seeded);
    const created = store.create({
      account_id: '5f0c2b9e-7d1a-4c1e-9b7a-1c2d3e4f5a6b',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      currency: 'GBP',
      manual_payments: false,
      pending: true,
      external_ref: 'crm-42',
      payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_123', card_id: 'card_456' },
      go_live_after: Date.parse('2030-01-01T00:00:00Z'),
      offering: {
        name: 'Tea Club',
        products: [{ name: 'Green tea', price: { GBP: { amount: 800, includes_tax: true } }, main_image: 'https://cdn.example.com/t.png' }],
        plans: [
          { name: 'Weekly', billing_interval_type: 'week', billing_frequency: 1, plan_length: 10, end_behavior: 'roll', trial_period: 2, can_pause: true, can_resume: true, can_cancel: true, selected: false },
          { name: 'Yearly', billing_interval_type: 'year', billing_frequency: 1, plan_length: 1, end_behavior: 'close', base_price_percentage: 15, can_pause: false, can_resume: false, can_cancel: true, selected: true },
        ],
      },
    }); // prettier-ignore
    if (!created.ok) throw new Error('create failed');
    expect(validate(encodeSubscription(created.subscription))).toEqual([]);
    const weekly = created.subscription.offering.plans[0]?.id;
    const updated = store.update(created.subscription.id, {
      plan_id: weekly,
      address_id: null,
      go_live_after: null,
    });
    if (!updated.ok) throw new Error('update failed');
    expect(validate(encodeSubscription(updated.subscription))).toEqual([]);
    expect(wire(updated.subscription).attributes.relationships.plan.data.id).toBe(weekly);
  });

  it('fills every subscription field of interface.md somewhere in the seeded records', () => {
    const paths = filledPaths(seeded.records.map(wire));
    const fields = [
      '.id', '.type', '.attributes.external_ref', '.attributes.account_id', '.attributes.address_id',
      '.attributes.offering.id', '.attributes.plan_id', '.attributes.currency', '.attributes.payment_authority.type',
      '.attributes.payment_authority.customer_id', '.attributes.payment_authority.card_id',
      '.attributes.relationships.plan.data.id', '.attributes.relationships.offering.data.id', '.attributes.name',
      '.attributes.email', '.meta.owner', '.meta.status', '.meta.timestamps.updated_at', '.meta.timestamps.created_at',
      '.meta.timestamps.canceled_at', '.meta.timestamps.paused_at', '.meta.timestamps.resumed_at',
      '.meta.timestamps.end_date', '.meta.timestamps.go_live_after', '.meta.timestamps.go_live', '.meta.state.id',
      '.meta.state.type', '.meta.state.attributes.action', '.meta.state.meta.created_at',
      '.meta.state.meta.manual_payments', '.meta.state.meta.canceled', '.meta.state.meta.paused',
      '.meta.state.meta.closed', '.meta.state.meta.suspended', '.meta.state.meta.pending',
      '.meta.state.meta.invoice_after',
    ]; // prettier-ignore
    expect(fields.filter((field) => !paths.has(field))).toEqual([]);
  });
});

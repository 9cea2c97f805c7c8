import { describe, expect, it } from 'vitest';
import { filledPaths } from '../../../test/support/seeded-subscriptions.js';
import { planPrice } from '../../store/subscriptions/plan-price.js';
import type { SubscriptionRecord } from '../../store/subscriptions/records.js';
import { SEEDED_SITUATIONS, type SeededSituation } from './seed-subscription-states.js';
import { SEED_REF_MS } from '../seed-random.js';
import { seedSubscriptions } from './seed-subscriptions.js';

/** Which seeded situation a record is in, read back from its status, action and flags. */
function situationOf(record: SubscriptionRecord): SeededSituation {
  const { state } = record;
  if (state.pending) return 'pending';
  if (state.paused) return 'paused';
  if (state.canceled) return 'canceled';
  if (state.closed) return 'closed';
  if (state.suspended) return 'suspended';
  if (record.resumed_at !== undefined) return 'resumed';
  if (record.go_live !== undefined) return 'live';
  return record.status === 'active' ? 'active' : 'inactive';
}

describe('seedSubscriptions', () => {
  const seeds = [1, 2, 42, 2026];
  it.each(seeds)('gives byte-identical subscriptions for seed %i on every run', (seed) => {
    const first = seedSubscriptions({ seed, subscriptions: 200 });
    const second = seedSubscriptions({ seed, subscriptions: 200 });
    expect(JSON.stringify(second.subscriptions)).toBe(JSON.stringify(first.subscriptions));
    expect(JSON.stringify(second.offerings)).toBe(JSON.stringify(first.offerings));
    expect(JSON.stringify(second.accounts)).toBe(JSON.stringify(first.accounts));
  });

  it('gives different data for different seeds', () => {
    const one = seedSubscriptions({ seed: 1, subscriptions: 20 }).subscriptions.map((record) => record.id);
    const two = seedSubscriptions({ seed: 2, subscriptions: 20 }).subscriptions.map((record) => record.id);
    expect(one).not.toEqual(two);
  });

  const sizes = [0, 1, 9, 300, 5000];
  it.each(sizes)('seeds exactly %i subscriptions with unique ids, oldest first', (size) => {
    const { subscriptions } = seedSubscriptions({ seed: 1, subscriptions: size });
    expect(subscriptions).toHaveLength(size);
    expect(new Set(subscriptions.map((record) => record.id)).size).toBe(size);
    const created = subscriptions.map((record) => record.created_at);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(new Set(created).size).toBe(size);
  });

  it.each([9, 300])('covers every seeded situation in %i subscriptions', (size) => {
    const { subscriptions } = seedSubscriptions({ seed: 3, subscriptions: size });
    expect(new Set(subscriptions.map(situationOf))).toEqual(new Set(SEEDED_SITUATIONS));
  });

  const { subscriptions, offerings, accounts } = seedSubscriptions({ seed: 1, subscriptions: 300 });
  const bySituation = (situation: SeededSituation) =>
    subscriptions.filter((record) => situationOf(record) === situation);

  const situationCases: { situation: SeededSituation; check: (record: SubscriptionRecord) => void }[] = [
    { situation: 'active', check: (r) => expect([r.status, r.state.action]).toEqual(['active', 'resume']) },
    { situation: 'inactive', check: (r) => expect(r.status).toBe('inactive') },
    {
      situation: 'pending',
      check: (r) => {
        expect([r.status, r.state.action, r.state.pending]).toEqual(['inactive', 'pending', true]);
        expect(r.go_live_after).toBeGreaterThan(SEED_REF_MS);
      },
    },
    {
      situation: 'live',
      check: (r) => {
        expect(r.status).toBe('active');
        expect(r.go_live).toBeGreaterThanOrEqual(r.go_live_after ?? Infinity);
      },
    },
    {
      situation: 'paused',
      check: (r) =>
        expect([r.status, r.state.action, r.paused_at !== undefined]).toEqual(['inactive', 'pause', true]),
    },
    {
      situation: 'resumed',
      check: (r) => {
        expect([r.status, r.state.action, r.state.paused]).toEqual(['active', 'resume', false]);
        expect(r.resumed_at).toBeGreaterThan(r.paused_at ?? Infinity);
      },
    },
    {
      situation: 'canceled',
      check: (r) =>
        expect([r.status, r.state.action, r.canceled_at !== undefined]).toEqual(['inactive', 'cancel', true]),
    },
    {
      situation: 'closed',
      check: (r) => expect([r.status, r.end_date! < SEED_REF_MS]).toEqual(['inactive', true]),
    },
    { situation: 'suspended', check: (r) => expect(r.status).toBe('inactive') },
  ];
  it.each(situationCases)('seeds $situation subscriptions consistently', ({ situation, check }) => {
    const records = bySituation(situation);
    expect(records.length).toBeGreaterThan(0);
    records.forEach(check);
  });

  it('keeps every seeded time in order and, except planned ones, before the reference date', () => {
    for (const record of subscriptions) {
      expect(record.updated_at).toBeGreaterThanOrEqual(record.created_at);
      expect(record.updated_at).toBeLessThan(SEED_REF_MS);
      expect(record.state.invoice_after).toBeGreaterThanOrEqual(record.created_at);
      expect(record.created_at).toBeGreaterThan(record.offering.created_at);
      expect(record.offering.updated_at).toBeGreaterThanOrEqual(record.offering.created_at);
    }
  });

  it('pays either manually or through the gateway', () => {
    const manual = subscriptions.filter((record) => record.state.manual_payments);
    const gateway = subscriptions.filter((record) => !record.state.manual_payments);
    expect(manual.length).toBeGreaterThan(0);
    expect(manual.every((record) => record.payment_authority === undefined)).toBe(true);
    expect(gateway.every((record) => record.payment_authority?.type === 'provider_payments_processor')).toBe(
      true,
    );
    expect(gateway.some((record) => record.payment_authority?.card_id !== undefined)).toBe(true);
  });

  it('gives each subscription a plan of its offering and a currency the plan is priced in', () => {
    let priced = 0;
    for (const record of subscriptions) {
      const plan = record.offering.plans.find((candidate) => candidate.id === record.plan_id);
      expect(plan).toBeDefined();
      const price = plan && planPrice(record.offering.products, plan);
      if (price !== undefined) priced += 1;
      expect(price === undefined ? ['USD'] : Object.keys(price)).toContain(record.currency);
    }
    expect(priced).toBeGreaterThan(subscriptions.length / 2);
  });

  it('shares offering records among subscriptions instead of copying them', () => {
    const shared = new Set(offerings);
    expect(subscriptions.every((record) => shared.has(record.offering))).toBe(true);
  });

  it('reuses accounts and offerings, and takes names and emails from the account', () => {
    expect(offerings.length).toBeLessThan(subscriptions.length);
    const byId = new Map(accounts.map((account) => [account.id, account]));
    for (const record of subscriptions) {
      const account = byId.get(record.account_id);
      expect([record.name, record.email]).toEqual([account?.name, account?.email]);
    }
    expect(new Set(accounts.map((account) => account.email)).size).toBe(accounts.length);
  });

  // Every optional field of the records is set on some record, so every optional response field shows.
  const coverageCases = [
    {
      title: 'subscription',
      values: subscriptions.map(({ offering: _offering, ...record }) => record),
      fields: [
        '.external_ref', '.address_id', '.payment_authority.type', '.payment_authority.customer_id',
        '.payment_authority.card_id', '.canceled_at', '.paused_at', '.resumed_at', '.end_date', '.go_live_after',
        '.go_live', '.state.created_at', '.state.invoice_after',
      ],
    },
    { title: 'offering', values: offerings.map(({ products: _p, plans: _q, ...offering }) => offering), fields: ['.external_ref', '.description'] },
    {
      title: 'offering product',
      values: offerings.flatMap((offering) => offering.products),
      fields: [
        '.external_ref', '.description', '.sku', '.main_image', '.price.*.amount', '.price.*.includes_tax',
        '.price_units.unit', '.price_units.amount',
      ],
    },
    {
      title: 'offering plan',
      values: offerings.flatMap((offering) => offering.plans),
      fields: ['.external_ref', '.description', '.trial_period', '.base_price_percentage', '.fixed_price.*.amount'],
    },
  ]; // prettier-ignore
  it.each(coverageCases)('sets every optional $title field somewhere', ({ values, fields }) => {
    const paths = filledPaths(values);
    expect(fields.filter((field) => !paths.has(field))).toEqual([]);
  });

  const enumCases = [
    { title: 'billing interval types', read: () => offerings.flatMap((e) => e.plans.map((p) => p.billing_interval_type)), expected: ['day', 'month', 'week', 'year'] },
    { title: 'end behaviors', read: () => offerings.flatMap((e) => e.plans.map((p) => p.end_behavior)), expected: ['close', 'roll'] },
    { title: 'price units', read: () => offerings.flatMap((e) => e.products.flatMap((p) => p.price_units?.unit ?? [])), expected: ['day', 'month'] },
    { title: 'state actions', read: () => subscriptions.map((r) => r.state.action), expected: ['cancel', 'pause', 'pending', 'resume'] },
    { title: 'statuses', read: () => subscriptions.map((r) => r.status), expected: ['active', 'inactive'] },
  ]; // prettier-ignore
  it.each(enumCases)('uses every value of the $title', ({ read, expected }) => {
    expect([...new Set(read())].sort()).toEqual(expected);
  });
});

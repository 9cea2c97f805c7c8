import { describe, expect, it } from 'vitest';
import { loadSubscriptionFixtures } from '../../seed/subscriptions/subscription-fixtures.js';
import { buildSubscription, type BuildContext } from './build-subscription.js';
import type { SubscriptionRecord } from './subscription-record.js';

const [fixture] = loadSubscriptionFixtures().offerings;
if (!fixture) throw new Error('the fixture offering is missing');
const [monthly, yearly] = fixture.plans;
const NOW = Date.parse('2026-01-31T00:00:00.000Z');

function context(): BuildContext {
  let next = 0;
  return {
    findOffering: (id) => (id === fixture?.offering.id ? fixture : undefined),
    newId: () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`,
    now: NOW,
  };
}

const base = {
  account_id: '5f0c2b9e-7d1a-4c1e-9b7a-1c2d3e4f5a6b',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  currency: 'USD',
  manual_payments: true,
};
const inlineOffering = {
  name: 'Tea Club',
  products: [{ name: 'Green tea', price: { USD: { amount: 800 } } }],
  plans: [
    {
      name: 'Weekly tea',
      billing_interval_type: 'week',
      billing_frequency: 1,
      plan_length: 4,
      end_behavior: 'roll',
    },
    {
      name: 'Daily tea',
      billing_interval_type: 'day',
      billing_frequency: 2,
      plan_length: 5,
      end_behavior: 'close',
      trial_period: 3,
    },
  ],
};
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

function built(data: unknown): SubscriptionRecord {
  const outcome = buildSubscription(data, context());
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return outcome.subscription;
}

describe('buildSubscription', () => {
  const cases: { title: string; data: object; expect: (record: SubscriptionRecord) => void }[] = [
    {
      title: 'uses the first plan of an existing offering when no plan_id is given',
      data: { ...base, offering_id: fixture.offering.id },
      expect: (r) => expect([r.offering, r.plan_id]).toEqual([fixture, monthly?.id]),
    },
    {
      title: 'uses plan_id when it is a plan of the offering',
      data: { ...base, offering_id: fixture.offering.id, plan_id: yearly?.id },
      expect: (r) => expect(r.plan_id).toBe(yearly?.id),
    },
    {
      title: 'creates an inline offering and starts on its first plan',
      data: { ...base, offering: inlineOffering },
      expect: (r) => {
        expect(r.offering.offering.attributes.name).toBe('Tea Club');
        expect(r.plan_id).toBe(r.offering.plans[0]?.id);
      },
    },
    {
      title: 'starts on the inline plan flagged meta.selected',
      data: {
        ...base,
        offering: { ...inlineOffering, plans: [inlineOffering.plans[0], { ...inlineOffering.plans[1], meta: { selected: true } }] },
      },
      expect: (r) => expect(r.offering.plans.find((plan) => plan.id === r.plan_id)?.attributes.name).toBe('Daily tea'),
    },
    {
      title: 'makes a subscription that is not pending active, with every state flag false',
      data: { ...base, offering_id: fixture.offering.id },
      expect: (r) => {
        expect([r.status, r.state.action]).toEqual(['active', 'resume']);
        const { canceled, paused, closed, suspended, pending } = r.state;
        expect([canceled, paused, closed, suspended, pending]).toEqual([false, false, false, false, false]);
      },
    },
    {
      title: 'makes a pending subscription inactive with the pending flag and action',
      data: { ...base, offering_id: fixture.offering.id, pending: true },
      expect: (r) => expect([r.status, r.state.action, r.state.pending]).toEqual(['inactive', 'pending', true]),
    },
    {
      title: 'sets invoice_after to now plus the trial period in the plan interval',
      data: { ...base, offering_id: fixture.offering.id },
      expect: (r) => expect(iso(r.state.invoice_after)).toBe('2026-02-28T00:00:00.000Z'),
    },
    {
      title: 'sets invoice_after to now when the plan has no trial',
      data: { ...base, offering_id: fixture.offering.id, plan_id: yearly?.id },
      expect: (r) => expect(r.state.invoice_after).toBe(NOW),
    },
    {
      title: 'starts a pending subscription with a go_live_after at that time',
      data: {
        ...base,
        offering_id: fixture.offering.id,
        pending: true,
        meta: { owner: 'organization', status: 'active', timestamps: { created_at: '', updated_at: '', go_live_after: '2026-06-15T12:00:00+02:00' } },
      },
      expect: (r) => {
        expect(iso(r.go_live_after)).toBe('2026-06-15T10:00:00.000Z');
        expect(iso(r.state.invoice_after)).toBe('2026-07-15T10:00:00.000Z');
        expect(r.status).toBe('inactive');
      },
    },
    {
      title: 'ends a closing plan after its length',
      data: { ...base, offering_id: fixture.offering.id, plan_id: yearly?.id },
      expect: (r) => expect(iso(r.end_date)).toBe('2027-01-31T00:00:00.000Z'),
    },
    {
      title: 'takes end_date from meta.timestamps when given',
      data: { ...base, offering_id: fixture.offering.id, meta: { owner: 'store', status: 'active', timestamps: { created_at: '', updated_at: '', end_date: '2028-01-01T00:00:00Z' } } },
      expect: (r) => expect(iso(r.end_date)).toBe('2028-01-01T00:00:00.000Z'),
    },
    {
      title: 'keeps a rolling plan without an end date',
      data: { ...base, offering_id: fixture.offering.id },
      expect: (r) => expect(r.end_date).toBeUndefined(),
    },
    {
      title: 'stores the optional fields given',
      data: {
        ...base,
        manual_payments: false,
        offering_id: fixture.offering.id,
        external_ref: 'crm-1',
        address_id: '11111111-2222-4333-8444-555555555555',
        payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_1', card_id: 'card_1', extra: 1 },
      },
      expect: (r) => {
        expect([r.external_ref, r.address_id, r.state.manual_payments]).toEqual(['crm-1', '11111111-2222-4333-8444-555555555555', false]);
        expect(r.payment_authority).toEqual({ type: 'provider_payments_processor', customer_id: 'cus_1', card_id: 'card_1' });
      },
    },
    {
      title: 'leaves the optional fields out when absent and stamps the creation time',
      data: { ...base, offering_id: fixture.offering.id },
      expect: (r) => {
        expect([r.external_ref, r.address_id, r.payment_authority, r.go_live_after]).toEqual([undefined, undefined, undefined, undefined]);
        expect([r.created_at, r.updated_at, r.state.created_at]).toEqual([NOW, NOW, NOW]);
        expect([r.name, r.email, r.currency, r.account_id]).toEqual([base.name, base.email, 'USD', base.account_id]);
      },
    },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ data, expect: check }) => check(built(data)));

  it('prices inline plans from their products and gives the offering generated ids', () => {
    const outcome = buildSubscription({ ...base, offering: inlineOffering }, context());
    expect(outcome.ok && outcome.newOffering).toBeTruthy();
    if (!outcome.ok || !outcome.newOffering) return;
    const { offering, products, plans } = outcome.newOffering;
    expect(new Set([offering.id, ...products.map((p) => p.id), ...plans.map((p) => p.id)]).size).toBe(4);
    expect(plans[0]?.meta.price).toEqual({ USD: { amount: 800 } });
    expect(plans[0]?.attributes).toMatchObject({ can_pause: false, can_resume: false, can_cancel: false });
    expect(plans[1]?.meta).not.toHaveProperty('selected');
    expect(offering.meta).toMatchObject({ owner: 'store', external_product_refs: [] });
  });

  it('returns no new offering when an existing one is used', () => {
    const outcome = buildSubscription({ ...base, offering_id: fixture.offering.id }, context());
    expect(outcome.ok && outcome.newOffering).toBeUndefined();
  });

  const errorCases: { title: string; data: unknown; pointers: string[] }[] = [
    { title: 'data that is not an object', data: 'nope', pointers: ['/data'] },
    { title: 'a missing account_id', data: { ...base, account_id: undefined, offering_id: fixture.offering.id }, pointers: ['/data/account_id'] },
    { title: 'a name shorter than 3 characters', data: { ...base, name: 'Al', offering_id: fixture.offering.id }, pointers: ['/data/name'] },
    { title: 'an email without @', data: { ...base, email: 'grace', offering_id: fixture.offering.id }, pointers: ['/data/email'] },
    { title: 'a lowercase currency', data: { ...base, currency: 'usd', offering_id: fixture.offering.id }, pointers: ['/data/currency'] },
    { title: 'a missing manual_payments', data: { ...base, manual_payments: undefined, offering_id: fixture.offering.id }, pointers: ['/data/manual_payments'] },
    { title: 'a manual_payments that is not a boolean', data: { ...base, manual_payments: 'yes', offering_id: fixture.offering.id }, pointers: ['/data/manual_payments'] },
    { title: 'no offering at all', data: base, pointers: ['/data'] },
    { title: 'both offering_id and an inline offering', data: { ...base, offering_id: fixture.offering.id, offering: inlineOffering }, pointers: ['/data/offering'] },
    { title: 'an unknown offering_id', data: { ...base, offering_id: '99999999-9999-4999-8999-999999999999' }, pointers: ['/data/offering_id'] },
    { title: 'a plan_id of another offering', data: { ...base, offering_id: fixture.offering.id, plan_id: '99999999-9999-4999-8999-999999999999' }, pointers: ['/data/plan_id'] },
    { title: 'a plan_id with an inline offering', data: { ...base, offering: inlineOffering, plan_id: monthly?.id }, pointers: ['/data/plan_id'] },
    { title: 'an inline offering without products', data: { ...base, offering: { ...inlineOffering, products: [] } }, pointers: ['/data/offering/products'] },
    { title: 'an inline offering without plans', data: { ...base, offering: { ...inlineOffering, plans: undefined } }, pointers: ['/data/offering/plans'] },
    { title: 'an inline offering without a name', data: { ...base, offering: { ...inlineOffering, name: undefined } }, pointers: ['/data/offering/name'] },
    {
      title: 'an inline plan missing its billing interval and with a zero length',
      data: { ...base, offering: { ...inlineOffering, plans: [{ ...inlineOffering.plans[0], billing_interval_type: undefined, plan_length: 0 }] } },
      pointers: ['/data/offering/plans/0/billing_interval_type', '/data/offering/plans/0/plan_length'],
    },
    {
      title: 'an inline plan with a base price percentage over 100',
      data: { ...base, offering: { ...inlineOffering, plans: [{ ...inlineOffering.plans[0], base_price_percentage: 101 }] } },
      pointers: ['/data/offering/plans/0/base_price_percentage'],
    },
    {
      title: 'an inline product priced in a lowercase currency and with a bad image',
      data: { ...base, offering: { ...inlineOffering, products: [{ name: 'Tea', price: { usd: { amount: 1 } }, main_image: 'not a uri' }] } },
      pointers: ['/data/offering/products/0/main_image', '/data/offering/products/0/price/usd'],
    },
    {
      title: 'an inline product with price units of zero',
      data: { ...base, offering: { ...inlineOffering, products: [{ name: 'Tea', price_units: { unit: 'year', amount: 0 } }] } },
      pointers: ['/data/offering/products/0/price_units/amount', '/data/offering/products/0/price_units/unit'],
    },
    {
      title: 'a payment authority of an undocumented type',
      data: { ...base, offering_id: fixture.offering.id, payment_authority: { type: 'other_gateway' } },
      pointers: ['/data/payment_authority/type'],
    },
    {
      title: 'a payment authority with a card_id under 3 characters',
      data: { ...base, offering_id: fixture.offering.id, payment_authority: { type: 'provider_payments_processor', card_id: 'c' } },
      pointers: ['/data/payment_authority/card_id'],
    },
    {
      title: 'a go_live_after that is not a date-time',
      data: { ...base, offering_id: fixture.offering.id, meta: { timestamps: { go_live_after: 'next tuesday' } } },
      pointers: ['/data/meta/timestamps/go_live_after'],
    },
    {
      title: 'a trial period that leads past the last representable date',
      data: { ...base, offering: { ...inlineOffering, plans: [{ ...inlineOffering.plans[1], trial_period: Number.MAX_SAFE_INTEGER }] } },
      pointers: ['/data/offering/plans/0/trial_period'],
    },
    {
      title: 'a closing plan whose length leads past the last representable date',
      data: { ...base, offering: { ...inlineOffering, plans: [{ ...inlineOffering.plans[1], billing_interval_type: 'year', plan_length: 300_000 }] } },
      pointers: ['/data/offering/plans/0/plan_length'],
    },
    {
      title: 'several broken fields at once, each reported',
      data: { ...base, name: '', email: 'x', currency: 'EURO', offering_id: fixture.offering.id },
      pointers: ['/data/currency', '/data/email', '/data/name'],
    },
  ]; // prettier-ignore
  it.each(errorCases)('rejects $title', ({ data, pointers }) => {
    const outcome = buildSubscription(data, context());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.map((problem) => problem.pointer).sort()).toEqual(pointers);
    expect(outcome.problems.every((problem) => problem.detail.length > 10)).toBe(true);
  });
});

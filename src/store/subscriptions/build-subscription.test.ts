import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { buildSubscription, type BuildContext } from './build-subscription.js';
import type { CreateSubscriptionCommand, InlineOfferingCommand, PlanCommand } from './commands.js';
import type { OfferingRecord, SubscriptionRecord } from './records.js';

const ids = FIXTURE_IDS.subscriptions;
const fixture = seededSubscriptions({ seed: 1, subscriptions: 0 }).offerings.get(ids.offering_id);
if (fixture === undefined) throw new Error('the fixture offering is missing');
const [monthly, yearly] = fixture.plans;
const NOW = Date.parse('2026-01-31T00:00:00.000Z');
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

function context(offerings: readonly OfferingRecord[] = [fixture as OfferingRecord]): BuildContext {
  let next = 0;
  return {
    findOffering: (id) => offerings.find((offering) => offering.id === id),
    newId: () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`,
    now: NOW,
  };
}

const base: CreateSubscriptionCommand = {
  account_id: '5f0c2b9e-7d1a-4c1e-9b7a-1c2d3e4f5a6b',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  currency: 'USD',
  manual_payments: true,
  pending: false,
};
const existing: CreateSubscriptionCommand = { ...base, offering_id: ids.offering_id };
const weekly: PlanCommand = { name: 'Weekly tea', billing_interval_type: 'week', billing_frequency: 1, plan_length: 4, end_behavior: 'roll', can_pause: true, can_resume: false, can_cancel: true, selected: false }; // prettier-ignore
const daily: PlanCommand = { name: 'Daily tea', billing_interval_type: 'day', billing_frequency: 2, plan_length: 5, end_behavior: 'close', trial_period: 3, can_pause: false, can_resume: false, can_cancel: false, selected: false }; // prettier-ignore
const teaClub: InlineOfferingCommand = {
  name: 'Tea Club',
  products: [{ name: 'Green tea', price: { USD: { amount: 800 } }, sku: 'TEA-1' }],
  plans: [weekly, daily],
};
const inline = (offering: Partial<InlineOfferingCommand> = {}): CreateSubscriptionCommand => ({
  ...base,
  offering: { ...teaClub, ...offering },
});

function built(
  command: CreateSubscriptionCommand,
  offerings?: readonly OfferingRecord[],
): SubscriptionRecord {
  const outcome = buildSubscription(command, context(offerings));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.broken));
  return outcome.subscription;
}
const planOf = (record: SubscriptionRecord) =>
  record.offering.plans.find((plan) => plan.id === record.plan_id);

describe('buildSubscription', () => {
  const cases: { title: string; command: CreateSubscriptionCommand; check: (record: SubscriptionRecord) => void }[] = [
    {
      title: 'uses the first plan of an existing offering when no plan_id is given',
      command: existing,
      check: (r) => expect([r.offering, r.plan_id]).toEqual([fixture, monthly?.id]),
    },
    {
      title: 'uses plan_id when it is a plan of the offering',
      command: { ...existing, plan_id: yearly?.id },
      check: (r) => expect(r.plan_id).toBe(yearly?.id),
    },
    {
      title: 'creates an inline offering and starts on its first plan',
      command: inline(),
      check: (r) => expect([r.offering.name, planOf(r)?.name]).toEqual(['Tea Club', 'Weekly tea']),
    },
    {
      title: 'starts on the inline plan flagged selected',
      command: inline({ plans: [weekly, { ...daily, selected: true }] }),
      check: (r) => expect(planOf(r)?.name).toBe('Daily tea'),
    },
    {
      title: 'starts on the first of two inline plans flagged selected',
      command: inline({ plans: [weekly, { ...daily, selected: true }, { ...weekly, name: 'Other', selected: true }] }),
      check: (r) => expect(planOf(r)?.name).toBe('Daily tea'),
    },
    {
      title: 'makes a subscription that is not pending active, with every state flag false',
      command: existing,
      check: (r) => {
        expect([r.status, r.state.action]).toEqual(['active', 'resume']);
        const { canceled, paused, closed, suspended, pending } = r.state;
        expect([canceled, paused, closed, suspended, pending]).toEqual([false, false, false, false, false]);
      },
    },
    {
      title: 'makes a pending subscription inactive with the pending flag and action',
      command: { ...existing, pending: true },
      check: (r) => expect([r.status, r.state.action, r.state.pending]).toEqual(['inactive', 'pending', true]),
    },
    {
      title: 'sets invoice_after to now plus the trial period in the plan interval, clamped to the month',
      command: existing,
      check: (r) => expect(iso(r.state.invoice_after)).toBe('2026-02-28T00:00:00.000Z'),
    },
    {
      title: 'sets invoice_after to now when the plan has no trial',
      command: { ...existing, plan_id: yearly?.id },
      check: (r) => expect(r.state.invoice_after).toBe(NOW),
    },
    {
      title: 'starts a pending subscription at its go_live_after: invoice_after and end_date count from there',
      command: { ...existing, plan_id: yearly?.id, pending: true, go_live_after: Date.parse('2026-06-15T10:00:00Z') },
      check: (r) => {
        expect(iso(r.go_live_after)).toBe('2026-06-15T10:00:00.000Z');
        expect([iso(r.state.invoice_after), iso(r.end_date)]).toEqual(['2026-06-15T10:00:00.000Z', '2027-06-15T10:00:00.000Z']);
      },
    },
    {
      title: 'starts a subscription that is not pending now, keeping its go_live_after',
      command: { ...existing, go_live_after: Date.parse('2026-06-15T10:00:00Z') },
      check: (r) => expect([iso(r.go_live_after), iso(r.state.invoice_after)]).toEqual(['2026-06-15T10:00:00.000Z', '2026-02-28T00:00:00.000Z']),
    },
    {
      title: 'starts a pending subscription without go_live_after now',
      command: { ...existing, pending: true },
      check: (r) => expect([r.go_live_after, iso(r.state.invoice_after)]).toEqual([undefined, '2026-02-28T00:00:00.000Z']),
    },
    {
      title: 'ends a closing plan after its length times its frequency',
      command: inline({ plans: [daily] }),
      check: (r) => expect([iso(r.state.invoice_after), iso(r.end_date)]).toEqual(['2026-02-03T00:00:00.000Z', '2026-02-10T00:00:00.000Z']),
    },
    {
      title: 'ends a closing yearly plan a year later',
      command: { ...existing, plan_id: yearly?.id },
      check: (r) => expect(iso(r.end_date)).toBe('2027-01-31T00:00:00.000Z'),
    },
    {
      title: 'takes end_date from the command when given, even on a rolling plan',
      command: { ...existing, end_date: Date.parse('2028-01-01T00:00:00Z') },
      check: (r) => expect(iso(r.end_date)).toBe('2028-01-01T00:00:00.000Z'),
    },
    {
      title: 'keeps a rolling plan without an end date',
      command: existing,
      check: (r) => expect(r.end_date).toBeUndefined(),
    },
    {
      title: 'stores the optional fields given',
      command: {
        ...existing,
        manual_payments: false,
        external_ref: 'crm-1',
        address_id: '11111111-2222-4333-8444-555555555555',
        payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_1', card_id: 'card_1' },
      },
      check: (r) => {
        expect([r.external_ref, r.address_id, r.state.manual_payments]).toEqual(['crm-1', '11111111-2222-4333-8444-555555555555', false]);
        expect(r.payment_authority).toEqual({ type: 'provider_payments_processor', customer_id: 'cus_1', card_id: 'card_1' });
      },
    },
    {
      title: 'leaves the optional fields out when absent and stamps the creation time on record and state',
      command: existing,
      check: (r) => {
        expect([r.external_ref, r.address_id, r.payment_authority, r.go_live_after]).toEqual([undefined, undefined, undefined, undefined]);
        expect([r.canceled_at, r.paused_at, r.resumed_at, r.go_live]).toEqual([undefined, undefined, undefined, undefined]);
        expect([r.created_at, r.updated_at, r.state.created_at]).toEqual([NOW, NOW, NOW]);
        expect([r.name, r.email, r.currency, r.account_id, r.state.manual_payments]).toEqual([base.name, base.email, 'USD', base.account_id, true]);
      },
    },
    {
      title: 'gives the subscription and its state ids of their own',
      command: existing,
      check: (r) => expect([r.id, r.state.id]).toEqual(['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']),
    },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ command, check }) => check(built(command)));

  it('gives an inline offering, its products and plans ids of their own, owner store and the creation time', () => {
    const outcome = buildSubscription(inline({ external_ref: 'tea-1' }), context());
    if (!outcome.ok || outcome.newOffering === undefined) throw new Error('expected a new offering');
    const { newOffering: offering, subscription } = outcome;
    expect(subscription.offering).toBe(offering);
    const all = [offering.id, ...offering.products.map((p) => p.id), ...offering.plans.map((p) => p.id), subscription.id];
    expect(new Set(all).size).toBe(5);
    expect(offering).toMatchObject({ external_ref: 'tea-1', name: 'Tea Club', owner: 'store', created_at: NOW, updated_at: NOW });
    expect(offering.products[0]).toEqual({ id: offering.products[0]?.id, name: 'Green tea', price: { USD: { amount: 800 } }, sku: 'TEA-1' });
    const { id: _id, ...plan } = offering.plans[0] ?? { id: '' };
    const { selected: _selected, ...sent } = weekly;
    expect(plan).toEqual(sent);
  }); // prettier-ignore

  it('leaves external_ref and description out of an inline offering that has none', () => {
    const outcome = buildSubscription(inline(), context());
    expect(outcome.ok && Object.keys(outcome.newOffering ?? {}).sort()).toEqual([
      'created_at',
      'id',
      'name',
      'owner',
      'plans',
      'products',
      'updated_at',
    ]);
  });

  it('returns no new offering when an existing one is used', () => {
    const outcome = buildSubscription(existing, context());
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.newOffering).toBeUndefined();
  });

  const hugeTrial = { ...daily, trial_period: Number.MAX_SAFE_INTEGER };
  const hugeYears: PlanCommand = { ...daily, billing_interval_type: 'year', plan_length: 300_000 };
  // An offering stored earlier (created inline) whose plan reaches past the last date from today.
  const farOffering: OfferingRecord = {
    ...fixture,
    id: 'far',
    plans: [{ id: 'far-plan', ...hugeYears }],
  };
  const errorCases: { title: string; command: CreateSubscriptionCommand; fields: (string | number)[][] }[] = [
    { title: 'no offering at all', command: base, fields: [[]] },
    { title: 'both offering_id and an inline offering', command: { ...existing, offering: teaClub }, fields: [['offering']] },
    { title: 'an unknown offering_id', command: { ...base, offering_id: '99999999-9999-4999-8999-999999999999' }, fields: [['offering_id']] },
    { title: 'a plan_id of another offering', command: { ...existing, plan_id: '99999999-9999-4999-8999-999999999999' }, fields: [['plan_id']] },
    { title: 'a plan_id with an inline offering (its plans are new)', command: { ...inline(), plan_id: monthly?.id }, fields: [['plan_id']] },
    { title: 'an inline offering without plans', command: inline({ plans: [] }), fields: [['offering', 'plans']] },
    { title: 'an inline trial period that leads past the last representable date', command: inline({ plans: [hugeTrial] }), fields: [['offering', 'plans', 0, 'trial_period']] },
    { title: 'the trial of the selected second inline plan past the last date', command: inline({ plans: [weekly, { ...hugeTrial, selected: true }] }), fields: [['offering', 'plans', 1, 'trial_period']] },
    { title: 'an inline closing plan whose length leads past the last date', command: inline({ plans: [hugeYears] }), fields: [['offering', 'plans', 0, 'plan_length']] },
    { title: 'an inline plan past the last date by both trial and length', command: inline({ plans: [{ ...hugeYears, trial_period: 300_000 }] }), fields: [['offering', 'plans', 0, 'trial_period'], ['offering', 'plans', 0, 'plan_length']] },
    { title: 'a stored plan whose length leads past the last date', command: { ...base, offering_id: 'far' }, fields: [['plan_id']] },
    { title: 'a pending go_live_after so late its trial leads past the last date', command: { ...existing, pending: true, go_live_after: 8.64e15 - 1 }, fields: [['plan_id']] },
  ]; // prettier-ignore
  it.each(errorCases)('refuses $title, naming each broken field', ({ command, fields }) => {
    const outcome = buildSubscription(command, context([fixture, farOffering]));
    if (outcome.ok) throw new Error('expected a refusal');
    expect(outcome.broken.map((rule) => rule.field)).toEqual(fields);
    for (const rule of outcome.broken) expect(rule.detail.length).toBeGreaterThan(20);
  });

  it('quotes an unknown id in its detail, cut at 64 characters', () => {
    const long = 'x'.repeat(100);
    const outcome = buildSubscription({ ...base, offering_id: long }, context());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.broken[0]?.detail).toContain(`'${'x'.repeat(64)}'`);
    expect(outcome.broken[0]?.detail).not.toContain('x'.repeat(65));
  });
});

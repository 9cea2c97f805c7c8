import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { applyUpdate } from './apply-update.js';
import type { UpdateSubscriptionCommand } from './commands.js';
import type { SubscriptionRecord } from './records.js';

const ids = FIXTURE_IDS.subscriptions;
const seeded = seededSubscriptions({ seed: 1, subscriptions: 0 });
const active = seeded.records.find((record) => record.id === ids.subscription_id);
if (active === undefined) throw new Error('the fixture subscription is missing');
const [monthly, yearly] = active.offering.plans;
const LATER = active.updated_at + 60_000;
const ADDRESS = '11111111-2222-4333-8444-555555555555';

describe('applyUpdate', () => {
  const cases: { title: string; command: UpdateSubscriptionCommand; changed: Partial<SubscriptionRecord> }[] = [
    { title: 'switches to another plan of the offering', command: { plan_id: yearly?.id }, changed: { plan_id: yearly?.id } },
    { title: 'keeps the same plan when it is sent again', command: { plan_id: monthly?.id }, changed: {} },
    { title: 'sets a new address', command: { address_id: ADDRESS }, changed: { address_id: ADDRESS } },
    { title: 'clears the address with null', command: { address_id: null }, changed: { address_id: undefined } },
    {
      title: 'replaces the payment authority as a whole',
      command: { payment_authority: { type: 'provider_payments_processor', card_id: 'card_new' } },
      changed: { payment_authority: { type: 'provider_payments_processor', card_id: 'card_new' } },
    },
    { title: 'sets go_live_after', command: { go_live_after: Date.parse('2026-05-01T15:00:00Z') }, changed: { go_live_after: Date.parse('2026-05-01T15:00:00Z') } },
    { title: 'clears go_live_after with null', command: { go_live_after: null }, changed: { go_live_after: undefined } },
    { title: 'changes nothing but updated_at when nothing is sent', command: {}, changed: {} },
    {
      title: 'changes every attribute sent at once, and only those',
      command: { plan_id: yearly?.id, address_id: null, go_live_after: 0 },
      changed: { plan_id: yearly?.id, address_id: undefined, go_live_after: 0 },
    },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ command, changed }) => {
    const outcome = applyUpdate(active, command, LATER);
    expect(outcome).toEqual({ ok: true, subscription: { ...active, updated_at: LATER, ...changed } });
  });

  it('leaves the other attributes as they were: status, state, offering, times, names', () => {
    const outcome = applyUpdate(active, { plan_id: yearly?.id }, LATER);
    if (!outcome.ok) throw new Error('update refused');
    const { subscription } = outcome;
    expect(subscription.offering).toBe(active.offering);
    expect(subscription.state).toBe(active.state);
    expect([
      subscription.status,
      subscription.created_at,
      subscription.external_ref,
      subscription.email,
    ]).toEqual([active.status, active.created_at, active.external_ref, active.email]);
  });

  it('never changes the record it was given, and keeps no key set to undefined beside the given ones', () => {
    const before = structuredClone(active);
    const outcome = applyUpdate(active, { plan_id: yearly?.id, address_id: null, go_live_after: 5 }, LATER);
    expect(active).toEqual(before);
    expect(outcome.ok && Object.keys(outcome.subscription).sort()).toEqual(Object.keys(active).sort());
  });

  const refusals = [
    { title: 'a plan of another offering', plan: '99999999-9999-4999-8999-999999999999' },
    { title: 'the id of the offering itself', plan: ids.offering_id },
    { title: 'an empty plan id', plan: '' },
  ];
  it.each(refusals)('refuses $title as a plan_id, pointing at plan_id', ({ plan }) => {
    const outcome = applyUpdate(active, { plan_id: plan, address_id: ADDRESS }, LATER);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.broken.map((rule) => rule.field)).toEqual([['plan_id']]);
    expect(outcome.broken[0]?.detail).toContain(`'${plan}' is not a plan of the subscription's offering`);
  });

  it('quotes a long plan id in its detail cut at 64 characters', () => {
    const outcome = applyUpdate(active, { plan_id: 'p'.repeat(200) }, LATER);
    expect(outcome.ok ? '' : outcome.broken[0]?.detail).toContain(`'${'p'.repeat(64)}'`);
    expect(outcome.ok ? 'p'.repeat(65) : outcome.broken[0]?.detail).not.toContain('p'.repeat(65));
  });
});

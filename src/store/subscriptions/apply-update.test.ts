import { describe, expect, it } from 'vitest';
import { loadSubscriptionFixtures } from '../../seed/subscriptions/subscription-fixtures.js';
import { applyUpdate } from './apply-update.js';
import type { SubscriptionRecord } from './subscription-record.js';

const fixtures = loadSubscriptionFixtures();
const [active] = fixtures.subscriptions;
if (!active) throw new Error('the fixture subscription is missing');
const [monthly, yearly] = active.offering.plans;
const LATER = active.updated_at + 60_000;
const body = (attributes: unknown, extra: object = {}) => ({
  data: { id: active.id, type: 'subscription', attributes, ...extra },
});

describe('applyUpdate', () => {
  const cases: { title: string; attributes: object; expect: (record: SubscriptionRecord) => void }[] = [
    {
      title: 'switches to another plan of the offering',
      attributes: { plan_id: yearly?.id },
      expect: (r) => expect(r.plan_id).toBe(yearly?.id),
    },
    {
      title: 'keeps the same plan when it is sent again',
      attributes: { plan_id: monthly?.id },
      expect: (r) => expect(r.plan_id).toBe(monthly?.id),
    },
    {
      title: 'sets a new address',
      attributes: { address_id: '11111111-2222-4333-8444-555555555555' },
      expect: (r) => expect(r.address_id).toBe('11111111-2222-4333-8444-555555555555'),
    },
    { title: 'clears the address with null', attributes: { address_id: null }, expect: (r) => expect(r.address_id).toBeUndefined() },
    {
      title: 'replaces the payment authority',
      attributes: { payment_authority: { type: 'provider_payments_processor', card_id: 'card_new' } },
      expect: (r) => expect(r.payment_authority).toEqual({ type: 'provider_payments_processor', card_id: 'card_new' }),
    },
    {
      title: 'sets go_live_after, normalised to UTC',
      attributes: { go_live_after: '2026-05-01T10:00:00-05:00' },
      expect: (r) => expect(r.go_live_after).toBe(Date.parse('2026-05-01T15:00:00Z')),
    },
    { title: 'clears go_live_after with null', attributes: { go_live_after: null }, expect: (r) => expect(r.go_live_after).toBeUndefined() },
    {
      title: 'changes nothing but updated_at when no attribute is sent',
      attributes: {},
      expect: (r) => expect({ ...r, updated_at: active.updated_at }).toEqual(active),
    },
    {
      title: 'leaves the attributes not sent as they were',
      attributes: { plan_id: yearly?.id },
      expect: (r) => {
        expect([r.address_id, r.payment_authority, r.external_ref, r.status]).toEqual([
          active.address_id, active.payment_authority, active.external_ref, active.status,
        ]);
      },
    },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ attributes, expect: check }) => {
    const outcome = applyUpdate(active, body(attributes), LATER);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.subscription.updated_at).toBe(LATER);
    check(outcome.subscription);
  });

  it('never changes the record it was given', () => {
    const before = JSON.stringify(active);
    applyUpdate(
      active,
      body({ plan_id: yearly?.id, address_id: null, go_live_after: '2030-01-01T00:00:00Z' }),
      LATER,
    );
    expect(JSON.stringify(active)).toBe(before);
  });

  const errorCases: { title: string; body: unknown; reason: 'conflict' | 'invalid'; pointers: string[] }[] = [
    { title: 'a body without data', body: {}, reason: 'invalid', pointers: ['/data'] },
    { title: 'a data.id other than the path id', body: { data: { id: yearly?.id, type: 'subscription', attributes: {} } }, reason: 'conflict', pointers: ['/data/id'] },
    { title: 'a data.type other than subscription', body: body({}, { type: 'subscription_offering' }), reason: 'conflict', pointers: ['/data/type'] },
    { title: 'a plan_id of another offering', body: body({ plan_id: '99999999-9999-4999-8999-999999999999' }), reason: 'invalid', pointers: ['/data/attributes/plan_id'] },
    { title: 'a plan_id that is not a string', body: body({ plan_id: 42 }), reason: 'invalid', pointers: ['/data/attributes/plan_id'] },
    { title: 'an address_id that is not a string', body: body({ address_id: 7 }), reason: 'invalid', pointers: ['/data/attributes/address_id'] },
    { title: 'a payment authority of another type', body: body({ payment_authority: { type: 'cash' } }), reason: 'invalid', pointers: ['/data/attributes/payment_authority/type'] },
    { title: 'a go_live_after that is not a date-time', body: body({ go_live_after: '2026-13-45' }), reason: 'invalid', pointers: ['/data/attributes/go_live_after'] },
    {
      title: 'several broken attributes, each reported',
      body: body({ plan_id: 'nope', go_live_after: 'soon' }),
      reason: 'invalid',
      pointers: ['/data/attributes/go_live_after', '/data/attributes/plan_id'],
    },
  ]; // prettier-ignore
  it.each(errorCases)('rejects $title', ({ body: sent, reason, pointers }) => {
    const outcome = applyUpdate(active, sent, LATER);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.reason).toBe(reason);
    expect(outcome.problems.map((problem) => problem.pointer).sort()).toEqual(pointers);
  });
});

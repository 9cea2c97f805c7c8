import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { specValidators } from '../../contract/validators.js';
import type { Schemas } from '../../contract/schemas.js';
import type {
  CreateSubscriptionCommand,
  UpdateSubscriptionCommand,
} from '../../store/subscriptions/commands.js';
import { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';
import { decodeCreate, decodeUpdate, ms, pointerOf } from './decode-subscription.js';

const ids = FIXTURE_IDS.subscriptions;
const ACCOUNT = '5f0c2b9e-7d1a-4c1e-9b7a-1c2d3e4f5a6b';
const ADDRESS = '11111111-2222-4333-8444-555555555555';
const minimal = {
  account_id: ACCOUNT,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  currency: 'USD',
  manual_payments: true,
};
const stamps = { owner: 'store', status: 'active', timestamps: { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' } } as const; // prettier-ignore
const teaPlan = { name: 'Weekly tea', billing_interval_type: 'week', billing_frequency: 1, plan_length: 4, end_behavior: 'roll' } as const; // prettier-ignore
const create = (data: object) => ({ data }) as Schemas['CreateSubscriptionRequest'];
const update = (attributes: object, id = ids.subscription_id): Schemas['UpdateSubscriptionRequest'] => ({
  data: { id, type: 'subscription', attributes },
});

describe('decodeCreate', () => {
  const cases: { title: string; data: object; command: CreateSubscriptionCommand }[] = [
    {
      title: 'takes the flat body as it is, pending false when not given, and no key for an absent field',
      data: { ...minimal, offering_id: ids.offering_id },
      command: { ...minimal, pending: false, offering_id: ids.offering_id },
    },
    {
      title: 'keeps every optional field given',
      data: { ...minimal, external_ref: 'crm-1', address_id: ADDRESS, pending: true, offering_id: ids.offering_id, plan_id: ids.plan_ids[1], payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_1' } },
      command: { ...minimal, external_ref: 'crm-1', address_id: ADDRESS, pending: true, offering_id: ids.offering_id, plan_id: ids.plan_ids[1], payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_1' } },
    },
    {
      title: 'reads go_live_after and end_date of meta.timestamps as epoch milliseconds, offsets applied',
      data: { ...minimal, offering_id: ids.offering_id, meta: { ...stamps, timestamps: { ...stamps.timestamps, go_live_after: '2026-06-15T12:00:00+02:00', end_date: '2028-01-01T00:00:00.250Z' } } },
      command: { ...minimal, pending: false, offering_id: ids.offering_id, go_live_after: Date.parse('2026-06-15T10:00:00Z'), end_date: Date.parse('2028-01-01T00:00:00.250Z') },
    },
    {
      title: 'ignores the other times and fields of meta',
      data: { ...minimal, offering_id: ids.offering_id, meta: { ...stamps, status: 'inactive', timestamps: { ...stamps.timestamps, canceled_at: '2026-01-02T00:00:00Z' } } },
      command: { ...minimal, pending: false, offering_id: ids.offering_id },
    },
    {
      title: 'turns an inline offering into a command: plan flags false unless given, meta.selected as selected',
      data: { ...minimal, offering: { name: 'Tea Club', products: [{ name: 'Green tea', sku: 'TEA-1' }], plans: [teaPlan, { ...teaPlan, name: 'Daily tea', can_pause: true, meta: { selected: true } }] } },
      command: {
        ...minimal,
        pending: false,
        offering: {
          name: 'Tea Club',
          products: [{ name: 'Green tea', sku: 'TEA-1' }],
          plans: [
            { ...teaPlan, can_pause: false, can_resume: false, can_cancel: false, selected: false },
            { ...teaPlan, name: 'Daily tea', can_pause: true, can_resume: false, can_cancel: false, selected: true },
          ],
        },
      },
    },
    {
      title: 'keeps every optional field of an inline offering, its products and plans',
      data: { ...minimal, offering: { external_ref: 'o-1', name: 'Tea Club', description: 'Tea.', products: [{ external_ref: 'p-1', name: 'Green tea', description: 'Green.', sku: 'T', main_image: 'https://cdn.example.com/t.png', price: { USD: { amount: 800, includes_tax: true } }, price_units: { unit: 'day', amount: 30 } }], plans: [{ ...teaPlan, external_ref: 'q-1', description: 'Weekly.', trial_period: 2, can_resume: true, can_cancel: true, base_price_percentage: 12.5, fixed_price: { USD: { amount: 700 } }, meta: {} }] } },
      command: { ...minimal, pending: false, offering: { external_ref: 'o-1', name: 'Tea Club', description: 'Tea.', products: [{ external_ref: 'p-1', name: 'Green tea', description: 'Green.', sku: 'T', main_image: 'https://cdn.example.com/t.png', price: { USD: { amount: 800, includes_tax: true } }, price_units: { unit: 'day', amount: 30 } }], plans: [{ ...teaPlan, external_ref: 'q-1', description: 'Weekly.', trial_period: 2, can_pause: false, can_resume: true, can_cancel: true, base_price_percentage: 12.5, fixed_price: { USD: { amount: 700 } }, selected: false }] } },
    },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ data, command }) => {
    const decoded = decodeCreate(create(data));
    expect(decoded).toEqual(command);
    // No member is present with an undefined value: a command says only what the body said.
    expect(
      JSON.stringify(decoded, (_key, value: unknown) => (value === undefined ? 'UNDEFINED' : value)),
    ).not.toContain('UNDEFINED');
  });
});

describe('decodeUpdate', () => {
  const cases: { title: string; attributes: object; command: UpdateSubscriptionCommand }[] = [
    { title: 'sends nothing for empty attributes', attributes: {}, command: {} },
    { title: 'takes a plan switch', attributes: { plan_id: ids.plan_ids[1] }, command: { plan_id: ids.plan_ids[1] } },
    { title: 'keeps null for an address to clear', attributes: { address_id: null }, command: { address_id: null } },
    { title: 'takes a new address', attributes: { address_id: ADDRESS }, command: { address_id: ADDRESS } },
    { title: 'keeps null for a go_live_after to clear', attributes: { go_live_after: null }, command: { go_live_after: null } },
    { title: 'reads go_live_after as epoch milliseconds in UTC', attributes: { go_live_after: '2026-05-01T10:00:00-05:00' }, command: { go_live_after: Date.parse('2026-05-01T15:00:00Z') } },
    { title: 'takes a payment authority as a whole', attributes: { payment_authority: { type: 'provider_payments_processor', card_id: 'card_2' } }, command: { payment_authority: { type: 'provider_payments_processor', card_id: 'card_2' } } },
    { title: 'names a plan_id that is a number by its type, so it matches no plan', attributes: { plan_id: 42 }, command: { plan_id: '(number)' } },
    { title: 'names a plan_id that is an array by its type', attributes: { plan_id: ['a'] }, command: { plan_id: '(an array)' } },
    { title: 'names a null plan_id by its type', attributes: { plan_id: null }, command: { plan_id: '(object)' } },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ attributes, command }) => {
    const decoded = decodeUpdate(update(attributes));
    expect(decoded).toEqual({ id: ids.subscription_id, type: 'subscription', command });
    expect(Object.keys(decoded.command).sort()).toEqual(Object.keys(command).sort());
  });

  it('hands back the id and type the body names, whatever the path says', () => {
    const body = { data: { id: 'other', type: 'subscription_offering', attributes: {} } };
    expect(decodeUpdate(body as never)).toEqual({ id: 'other', type: 'subscription_offering', command: {} });
  });
});

describe('pointerOf', () => {
  const cases = [
    { base: '/data', field: [], pointer: '/data' },
    { base: '/data', field: ['plan_id'], pointer: '/data/plan_id' },
    { base: '/data', field: ['offering', 'plans', 0, 'trial_period'], pointer: '/data/offering/plans/0/trial_period' },
    { base: '/data/attributes', field: ['plan_id'], pointer: '/data/attributes/plan_id' },
    { base: '/data', field: ['a/b', 'c~d'], pointer: '/data/a~1b/c~0d' },
  ] as const; // prettier-ignore
  it.each(cases)('points at $field under $base as $pointer', ({ base, field, pointer }) => {
    expect(pointerOf(base, { field, detail: 'x' })).toBe(pointer);
  });
});

describe('bodies the validators accept', () => {
  const validators = specValidators();
  const store = new SubscriptionStore(seededSubscriptions({ seed: 1, subscriptions: 0 }), {
    clock: () => Date.parse('2026-01-31T00:00:00Z'),
  });
  const bodies = [
    { title: 'an existing offering', data: { ...minimal, offering_id: ids.offering_id, plan_id: ids.plan_ids[1] } },
    { title: 'an inline offering with a selected plan', data: { ...minimal, pending: true, offering: { name: 'Tea Club', products: [{ name: 'Green tea' }], plans: [teaPlan, { ...teaPlan, name: 'Daily tea', meta: { selected: true } }] }, meta: { ...stamps, timestamps: { ...stamps.timestamps, go_live_after: '2026-03-01T00:00:00Z' } } } },
  ]; // prettier-ignore
  it.each(bodies)('decode a create on $title to a command the store carries out', ({ data }) => {
    expect(validators.operation('createSubscription')?.body?.(create(data)).violations).toEqual([]);
    const result = store.create(decodeCreate(create(data)));
    expect(result.ok).toBe(true);
  });

  it('decode an update the store carries out, clearing what null clears', () => {
    const body = update({
      plan_id: ids.plan_ids[1],
      address_id: null,
      go_live_after: '2026-04-01T00:00:00Z',
    });
    expect(validators.operation('updateSubscription')?.body?.(body).violations).toEqual([]);
    const result = store.update(ids.subscription_id, decodeUpdate(body).command);
    if (!result.ok) throw new Error('update refused');
    expect([
      result.subscription.plan_id,
      result.subscription.address_id,
      result.subscription.go_live_after,
    ]).toEqual([ids.plan_ids[1], undefined, Date.parse('2026-04-01T00:00:00Z')]);
  });
});

describe('ms', () => {
  const cases = [
    { text: '2026-06-30T12:00:00Z', expected: '2026-06-30T12:00:00.000Z' },
    { text: '2026-06-30T12:00:00.250+02:00', expected: '2026-06-30T10:00:00.250Z' },
    { text: '2026-06-30T23:59:60Z', expected: '2026-07-01T00:00:00.000Z' },
    { text: '2026-12-31T23:59:60.500Z', expected: '2027-01-01T00:00:00.500Z' },
    { text: '2026-06-30t23:59:60+01:00', expected: '2026-06-30T23:00:00.000Z' },
  ];
  it.each(cases)('reads $text as $expected, a leap second as the next minute', ({ text, expected }) => {
    expect(new Date(ms(text)).toISOString()).toBe(expected);
  });
});

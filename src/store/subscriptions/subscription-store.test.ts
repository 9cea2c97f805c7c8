import { describe, expect, it } from 'vitest';
import type { FilterExpression } from '../../query/filter.js';
import { seedSubscriptions } from '../../seed/subscriptions/seed-subscriptions.js';
import { SubscriptionStore } from './subscription-store.js';
import type { SubscriptionRecord } from './subscription-record.js';
import { INDEXED_ATTRIBUTES } from './subscription-snapshot.js';

const NOW = Date.parse('2026-11-01T00:00:00.000Z');

function makeStore(size = 300) {
  let next = 0;
  return new SubscriptionStore(seedSubscriptions({ seed: 5, subscriptions: size }), {
    clock: () => NOW,
    newId: () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`,
  });
}
const all = (store: SubscriptionStore, filter: FilterExpression[] = []): SubscriptionRecord[] => {
  const matches = store.list(filter);
  return matches.slice(0, matches.total);
};
const eq = (attribute: string, value: string): FilterExpression => ({ op: 'eq', attribute, values: [value] });

describe('SubscriptionStore', () => {
  const store = makeStore();
  const records = all(store);
  const sample = records[137];
  if (!sample) throw new Error('the store has too few records');
  const withRef = records.find((record) => record.external_ref !== undefined);

  it('lists by created_at, then id, oldest first', () => {
    const sorted = [...records].sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
    expect(records.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    expect(records).toHaveLength(300);
  });

  it('puts records given in any order into list order, ties on created_at by id, and indexes them there', () => {
    const seeded = seedSubscriptions({ seed: 6, subscriptions: 40 });
    const tied = seeded.subscriptions.map((record, index) =>
      index < 6 ? { ...record, created_at: seeded.subscriptions[0]!.created_at } : record,
    );
    const shuffled = tied.map((record, index) => tied[(index * 17) % tied.length]!);
    const store = new SubscriptionStore({ ...seeded, subscriptions: shuffled });
    const listed = all(store);
    const expected = [...tied].sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
    expect(listed.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    const account = expected[3]!.account_id;
    expect(all(store, [eq('account_id', account)]).map((r) => r.id)).toEqual(
      expected.filter((r) => r.account_id === account).map((r) => r.id),
    );
  });

  const filterCases: {
    title: string;
    filter: FilterExpression[];
    oracle: (record: SubscriptionRecord) => boolean;
  }[] = [
    ...INDEXED_ATTRIBUTES.map((attribute) => ({
      title: `eq on ${attribute}`,
      filter: [eq(attribute, String(sample[attribute] ?? withRef?.external_ref))],
      oracle: (record: SubscriptionRecord) =>
        record[attribute] === (sample[attribute] ?? withRef?.external_ref),
    })),
    {
      title: 'account_id and email of the same account joined by AND',
      filter: [eq('account_id', sample.account_id), eq('email', sample.email)],
      oracle: (record) => record.account_id === sample.account_id && record.email === sample.email,
    },
    {
      title: 'account_id of one account and the email of another',
      filter: [
        eq('account_id', sample.account_id),
        eq('email', records.find((r) => r.email !== sample.email)?.email ?? ''),
      ],
      oracle: () => false,
    },
    { title: 'a value nobody has', filter: [eq('email', 'nobody@example.com')], oracle: () => false },
    {
      title: 'an email differing only in case',
      filter: [eq('email', sample.email.toUpperCase())],
      oracle: () => false,
    },
    {
      title: 'an attribute the store does not filter on',
      filter: [eq('currency', sample.currency)],
      oracle: () => false,
    },
  ];
  it.each(filterCases)('filters by $title exactly as a full scan would', ({ filter, oracle }) => {
    const expected = records.filter(oracle);
    expect(all(store, filter).map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(store.list(filter).total).toBe(expected.length);
  });

  it('finds several subscriptions of one account', () => {
    expect(all(store, [eq('account_id', sample.account_id)]).length).toBeGreaterThan(1);
  });

  it('never matches an absent external_ref', () => {
    const matched = all(store, [eq('external_ref', '')]);
    expect(matched).toEqual([]);
  });

  const sliceCases = [
    { start: 0, end: 25, length: 25 },
    { start: 290, end: 315, length: 10 },
    { start: 300, end: 325, length: 0 },
    { start: 10_000, end: 10_100, length: 0 },
  ];
  it.each(sliceCases)('slices $start..$end into $length records', ({ start, end, length }) => {
    expect(store.list().slice(start, end)).toEqual(records.slice(start, start + length));
  });

  it('finds a subscription and its offering by id', () => {
    expect(store.find(sample.id)).toBe(sample);
    expect(store.find('missing')).toBeUndefined();
    expect(store.offering(sample.offering.offering.id)).toBe(sample.offering);
  });

  it('refuses two subscriptions with one id', () => {
    const data = seedSubscriptions({ seed: 1, subscriptions: 2 });
    const [first] = data.subscriptions;
    expect(() => new SubscriptionStore({ ...data, subscriptions: [...data.subscriptions, first!] })).toThrow(
      /duplicate/,
    );
  });
});

describe('SubscriptionStore writes', () => {
  const body = (extra: object) => ({
    account_id: '5f0c2b9e-7d1a-4c1e-9b7a-1c2d3e4f5a6b',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    currency: 'USD',
    manual_payments: true,
    external_ref: 'crm-77',
    ...extra,
  });
  const inline = {
    name: 'Tea Club',
    products: [{ name: 'Green tea' }],
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
        billing_frequency: 1,
        plan_length: 4,
        end_behavior: 'roll',
      },
    ],
  };

  it('puts a created subscription last, findable at once by its indexed attributes', () => {
    const store = makeStore();
    const created = store.create(body({ offering: inline }));
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const ids = all(store).map((r) => r.id);
    expect(ids[ids.length - 1]).toBe(created.subscription.id);
    expect(all(store, [eq('external_ref', 'crm-77')])).toEqual([created.subscription]);
    expect(all(store, [eq('email', 'grace@example.com'), eq('name', 'Grace Hopper')])).toEqual([
      created.subscription,
    ]);
    expect(store.size).toBe(301);
  });

  it('keeps an inline offering so later subscriptions can name it', () => {
    const store = makeStore();
    const first = store.create(body({ offering: inline }));
    if (!first.ok) throw new Error('create failed');
    const offeringId = first.subscription.offering.offering.id;
    const second = store.create(
      body({ offering_id: offeringId, plan_id: first.subscription.offering.plans[1]?.id }),
    );
    expect(second.ok && second.subscription.offering).toBe(first.subscription.offering);
  });

  it('stores nothing when a create is rejected', () => {
    const store = makeStore();
    const result = store.create(body({ offering_id: '99999999-9999-4999-8999-999999999999' }));
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(store.size).toBe(300);
  });

  it('updates in place: same list position, new plan, updated_at strictly later each time', () => {
    const store = makeStore();
    const target = all(store).find((record) => record.offering.plans.length > 1);
    if (!target) throw new Error('no subscription with two plans');
    const position = all(store).indexOf(target);
    const other = target.offering.plans.find((plan) => plan.id !== target.plan_id);
    const put = (attributes: object) =>
      store.update(target.id, { data: { id: target.id, type: 'subscription', attributes } });
    const first = put({ plan_id: other?.id });
    const second = put({});
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(all(store)[position]).toBe(second.subscription);
    expect(second.subscription.plan_id).toBe(other?.id);
    expect(first.subscription.updated_at).toBeGreaterThan(target.updated_at);
    // The pinned clock reads the same millisecond twice: updated_at still moves.
    expect(second.subscription.updated_at).toBeGreaterThan(first.subscription.updated_at);
  });

  const failureCases = [
    { title: 'an unknown id', id: '99999999-9999-4999-8999-999999999999', data: (id: string) => ({ data: { id, type: 'subscription', attributes: {} } }), reason: 'not_found' },
    { title: 'a body id that differs from the path', id: '', data: () => ({ data: { id: 'x', type: 'subscription', attributes: {} } }), reason: 'conflict' },
    { title: 'a plan of another offering', id: '', data: (id: string) => ({ data: { id, type: 'subscription', attributes: { plan_id: 'x' } } }), reason: 'invalid' },
  ]; // prettier-ignore
  it.each(failureCases)('refuses an update with $title and changes nothing', ({ id, data, reason }) => {
    const store = makeStore();
    const target = all(store)[3]!;
    const before = all(store);
    const result = store.update(id || target.id, data(id || target.id));
    expect(result).toMatchObject({ ok: false, reason });
    expect(all(store)).toEqual(before);
  });

  it('serves a snapshot that neither a create nor an update changes', () => {
    const store = makeStore();
    const snapshot = store.snapshot();
    const before = snapshot.list([]).slice(0, 400);
    const target = before[10]!;
    const filtered = snapshot.list([eq('account_id', target.account_id)]);
    store.create(body({ offering: inline, account_id: target.account_id }));
    store.update(target.id, {
      data: { id: target.id, type: 'subscription', attributes: { address_id: null } },
    });
    const after = snapshot.list([]);
    expect(after.total).toBe(300);
    expect(after.slice(0, 400)).toEqual(before);
    expect(after.slice(10, 11)[0]).toBe(target);
    expect(snapshot.list([eq('account_id', target.account_id)]).total).toBe(filtered.total);
    expect(store.list([eq('account_id', target.account_id)]).total).toBe(filtered.total + 1);
    expect(store.find(target.id)).not.toBe(target);
  });

  it('keeps a list result stable while writes happen between reading its pages', () => {
    const store = makeStore();
    const matches = store.list([]);
    const firstPage = matches.slice(0, 25);
    store.create(body({ offering: inline }));
    const target = firstPage[0]!;
    store.update(target.id, {
      data: { id: target.id, type: 'subscription', attributes: { go_live_after: null } },
    });
    expect(matches.total).toBe(300);
    expect(matches.slice(0, 25)).toEqual(firstPage);
    expect(matches.slice(275, 400)).toHaveLength(25);
  });
  it('moves its version on every successful create and update, and on nothing else', () => {
    const store = makeStore();
    const target = all(store)[5]!;
    const put = (data: object) => store.update(target.id, { data });
    const steps = [
      { write: () => store.create(body({ offering: inline })), moves: true },
      { write: () => store.create(body({ offering_id: 'missing' })), moves: false },
      { write: () => put({ id: target.id, type: 'subscription', attributes: {} }), moves: true },
      { write: () => put({ id: 'other', type: 'subscription', attributes: {} }), moves: false },
      { write: () => store.update('missing', { data: {} }), moves: false },
      { write: () => store.list([]), moves: false },
    ];
    for (const { write, moves } of steps) {
      const before = store.version;
      write();
      expect(store.version).toBe(moves ? before + 1 : before);
    }
  });

  it('keeps snapshots of a store spanning several chunks apart from updates before and after them', () => {
    const store = makeStore(2_500);
    const positions = [0, 100, 1_023, 1_024, 2_000, 2_499];
    const put = (position: number, addressId: string) => {
      const id = all(store)[position]!.id;
      const result = store.update(id, {
        data: { id, type: 'subscription', attributes: { address_id: addressId } },
      });
      if (!result.ok) throw new Error('update failed');
    };
    const addresses = (snapshot: ReturnType<SubscriptionStore['snapshot']>) =>
      positions.map((position) => snapshot.list([]).slice(position, position + 1)[0]?.address_id);
    put(100, 'before-first');
    const first = store.snapshot();
    const firstAddresses = addresses(first);
    put(100, 'after-first');
    put(2_000, 'after-first');
    const second = store.snapshot();
    put(1_024, 'after-second');
    put(100, 'after-second');
    expect(firstAddresses[1]).toBe('before-first');
    expect(addresses(first)).toEqual(firstAddresses);
    expect(addresses(second)).toEqual([
      firstAddresses[0],
      'after-first',
      firstAddresses[2],
      firstAddresses[3],
      'after-first',
      firstAddresses[5],
    ]);
    expect(addresses(store.snapshot())).toEqual([
      firstAddresses[0],
      'after-second',
      firstAddresses[2],
      'after-second',
      'after-first',
      firstAddresses[5],
    ]);
  });
});

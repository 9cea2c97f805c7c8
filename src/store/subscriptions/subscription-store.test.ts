import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import type { FilterExpression } from '../../query/filter.js';
import type { CreateSubscriptionCommand, InlineOfferingCommand } from './commands.js';
import type { SubscriptionRecord } from './records.js';
import { INDEXED_ATTRIBUTES, SeededSubscriptions } from './seeded-subscriptions.js';
import { SubscriptionStore, type SubscriptionStoreOptions } from './subscription-store.js';

const ids = FIXTURE_IDS.subscriptions;
const NOW = Date.parse('2026-11-01T00:00:00.000Z');
const seeded = seededSubscriptions({ seed: 5, subscriptions: 300 });
const SEEDED = seeded.records.length;

/** Ids that count up; `series` keeps the ids of two stores apart. */
function counter(series = 0): () => string {
  let next = 0;
  return () => `00000000-0000-4000-8${series}00-${String((next += 1)).padStart(12, '0')}`;
}
function makeStore(options: SubscriptionStoreOptions = {}, from = seeded): SubscriptionStore {
  return new SubscriptionStore(from, { clock: () => NOW, newId: counter(), ...options });
}
const everything = (store: SubscriptionStore): SubscriptionRecord[] =>
  store.list([], { offset: 0, limit: store.size + 10 }).records;
const eq = (attribute: string, value: string): FilterExpression => ({ op: 'eq', attribute, values: [value] });

/** Every page of a filter, `limit` records at a time, joined: what a client paging to the end reads. */
function paged(store: SubscriptionStore, filter: FilterExpression[], limit: number) {
  const first = store.list(filter, { offset: 0, limit });
  const records = [...first.records];
  for (let offset = limit; offset < first.total; offset += limit) {
    const page = store.list(filter, { offset, limit });
    expect(page.total).toBe(first.total);
    records.push(...page.records);
  }
  return { total: first.total, records };
}

/** The oracle: a full scan in list order, an expression matching a record whose attribute equals a value. */
function scan(store: SubscriptionStore, filter: FilterExpression[]): SubscriptionRecord[] {
  const read = (record: SubscriptionRecord, attribute: string): unknown =>
    (INDEXED_ATTRIBUTES as readonly string[]).includes(attribute)
      ? record[attribute as keyof SubscriptionRecord]
      : undefined;
  return everything(store).filter((record) =>
    filter.every(({ attribute, values }) => values.some((value) => read(record, attribute) === value)),
  );
}

const grace = (extra: Partial<CreateSubscriptionCommand> = {}): CreateSubscriptionCommand => ({
  account_id: '5f0c2b9e-7d1a-4c1e-9b7a-1c2d3e4f5a6b',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  currency: 'USD',
  manual_payments: true,
  pending: false,
  external_ref: 'crm-77',
  offering_id: ids.offering_id,
  ...extra,
});
const teaClub: InlineOfferingCommand = {
  name: 'Tea Club',
  products: [{ name: 'Green tea', price: { USD: { amount: 800 } } }],
  plans: [
    { name: 'Weekly tea', billing_interval_type: 'week', billing_frequency: 1, plan_length: 4, end_behavior: 'roll', can_pause: false, can_resume: false, can_cancel: true, selected: false },
    { name: 'Daily tea', billing_interval_type: 'day', billing_frequency: 1, plan_length: 4, end_behavior: 'close', can_pause: false, can_resume: false, can_cancel: true, selected: false },
  ],
}; // prettier-ignore

function created(store: SubscriptionStore, command: CreateSubscriptionCommand): SubscriptionRecord {
  const result = store.create(command);
  if (!result.ok) throw new Error(`create failed: ${JSON.stringify(result)}`);
  return result.subscription;
}

describe('SubscriptionStore list', () => {
  const store = makeStore();
  const records = everything(store);
  const sample = records[137] as SubscriptionRecord;
  const withRef = records.find(
    (record, at) => at > 50 && record.external_ref !== undefined,
  ) as SubscriptionRecord;

  it('lists every seeded record by created_at, then id, oldest first', () => {
    const sorted = [...records].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
    expect(records.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    expect(records).toHaveLength(SEEDED);
    expect(SEEDED).toBe(302);
  });

  it('puts records given in any order into list order, ties on created_at by id, and indexes them there', () => {
    const tied = seeded.records
      .slice(0, 40)
      .map((record, index) =>
        index < 6 ? { ...record, created_at: seeded.records[0]?.created_at ?? 0 } : record,
      );
    const shuffled = tied.map((_, index) => tied[(index * 17) % tied.length] as SubscriptionRecord);
    const other = makeStore(
      {},
      new SeededSubscriptions({ accounts: [], offerings: [], subscriptions: shuffled }),
    );
    const expected = [...tied].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
    expect(everything(other).map((r) => r.id)).toEqual(expected.map((r) => r.id));
    const account = expected[3]?.account_id ?? '';
    expect(other.list([eq('account_id', account)], { offset: 0, limit: 100 }).records).toEqual(
      expected.filter((r) => r.account_id === account),
    );
  });

  it('refuses two seeded subscriptions with one id', () => {
    const [first] = seeded.records;
    const subscriptions = [...seeded.records.slice(0, 5), first as SubscriptionRecord];
    expect(() => new SeededSubscriptions({ accounts: [], offerings: [], subscriptions })).toThrow(
      /duplicate/,
    );
  });

  const pages = [
    { offset: 0, limit: 25, length: 25 },
    { offset: 290, limit: 25, length: 12 },
    { offset: 301, limit: 100, length: 1 },
    { offset: 302, limit: 25, length: 0 },
    { offset: 10_000, limit: 100, length: 0 },
  ];
  it.each(pages)('cuts offset $offset, limit $limit into $length records and counts them all', (page) => {
    const found = store.list([], page);
    expect(found.total).toBe(SEEDED);
    expect(found.records).toEqual(records.slice(page.offset, page.offset + page.length));
  });

  it('finds a subscription and its offering by id, and nothing for an unknown id', () => {
    expect(store.find(sample.id)).toBe(sample);
    expect(store.find(ids.subscription_id)?.external_ref).toBe('fixture-active-subscription');
    expect(store.find('missing')).toBeUndefined();
    expect(store.offering(sample.offering.id)).toBe(sample.offering);
    expect(store.offering(ids.offering_id)?.plans.map((plan) => plan.id)).toEqual(ids.plan_ids);
    expect(store.offering('missing')).toBeUndefined();
  });

  const filterCases: { title: string; filter: FilterExpression[]; some: boolean }[] = [
    ...INDEXED_ATTRIBUTES.map((attribute) => ({
      title: `eq on ${attribute}`,
      filter: [eq(attribute, String(sample[attribute] ?? withRef[attribute]))],
      some: true,
    })),
    { title: 'account_id and email of the same account joined by AND', filter: [eq('account_id', sample.account_id), eq('email', sample.email)], some: true },
    { title: 'an account_id, then the external_ref of one of its subscriptions (the shorter index second)', filter: [eq('account_id', withRef.account_id), eq('external_ref', withRef.external_ref ?? '')], some: true },
    { title: 'the account_id of one account and the email of another', filter: [eq('account_id', sample.account_id), eq('email', records.find((r) => r.email !== sample.email)?.email ?? '')], some: false },
    { title: 'an indexed eq and an attribute the store does not filter on', filter: [eq('account_id', sample.account_id), eq('currency', sample.currency)], some: false },
    { title: 'a value nobody has', filter: [eq('email', 'nobody@example.com')], some: false },
    { title: 'an email differing only in case', filter: [eq('email', sample.email.toUpperCase())], some: false },
    { title: 'an attribute the store does not filter on', filter: [eq('currency', sample.currency)], some: false },
    { title: 'an empty external_ref (absent is never matched)', filter: [eq('external_ref', '')], some: false },
    { title: 'in on two emails (not offered by the grammar, read as any of them)', filter: [{ op: 'in', attribute: 'email', values: [sample.email, withRef.email] }], some: true },
  ]; // prettier-ignore
  it.each(filterCases)('filters by $title exactly as a full scan would', ({ filter, some }) => {
    const expected = scan(store, filter);
    expect(expected.length > 0).toBe(some);
    for (const limit of [1, 7, 100])
      expect(paged(store, filter, limit)).toEqual({ total: expected.length, records: expected });
  });

  it('finds several subscriptions of one account', () => {
    expect(
      store.list([eq('account_id', sample.account_id)], { offset: 0, limit: 100 }).total,
    ).toBeGreaterThan(1);
  });
});

describe('SubscriptionStore writes', () => {
  it('puts a created subscription last, findable at once by each of its indexed attributes', () => {
    const store = makeStore();
    const record = created(store, grace({ offering: teaClub, offering_id: undefined }));
    expect(store.size).toBe(SEEDED + 1);
    expect(everything(store).at(-1)).toBe(record);
    expect(store.find(record.id)).toBe(record);
    for (const attribute of INDEXED_ATTRIBUTES) {
      const found = store.list([eq(attribute, String(record[attribute]))], { offset: 0, limit: 100 });
      expect(found.records).toContain(record);
    }
    expect(store.list([eq('external_ref', 'crm-77')], { offset: 0, limit: 100 }).records).toEqual([record]);
  });

  it('keeps an inline offering so later subscriptions can name it, and hands it back in the write', () => {
    const store = makeStore();
    const result = store.create(grace({ offering: teaClub, offering_id: undefined }));
    if (!result.ok) throw new Error('create failed');
    const { offering } = result.subscription;
    expect(result.write).toEqual({ kind: 'create', subscription: result.subscription, offering });
    expect(store.offering(offering.id)).toBe(offering);
    const second = created(store, grace({ offering_id: offering.id, plan_id: offering.plans[1]?.id }));
    expect([second.offering, second.plan_id]).toEqual([offering, offering.plans[1]?.id]);
  });

  it('hands back a create on an existing offering as a write without an offering', () => {
    const result = makeStore().create(grace());
    if (!result.ok) throw new Error('create failed');
    expect(result.write).toEqual({ kind: 'create', subscription: result.subscription });
    expect(result.subscription.offering).toBe(seeded.offerings.get(ids.offering_id));
  });

  const refusals = [
    { title: 'an unknown offering_id', command: grace({ offering_id: '99999999-9999-4999-8999-999999999999' }), reason: 'invalid' },
    { title: 'a plan_id of another offering', command: grace({ plan_id: '99999999-9999-4999-8999-999999999999' }), reason: 'invalid' },
    { title: 'no offering at all', command: grace({ offering_id: undefined }), reason: 'invalid' },
  ]; // prettier-ignore
  it.each(refusals)(
    'stores nothing and keeps its version when a create names $title',
    ({ command, reason }) => {
      const store = makeStore();
      const version = store.version;
      expect(store.create(command)).toMatchObject({ ok: false, reason });
      expect([store.size, store.version, everything(store)]).toEqual([SEEDED, version, seeded.records]);
    },
  );

  const limits = [
    { max: SEEDED + 2, accepted: 2 },
    { max: SEEDED, accepted: 0 },
    { max: 10, accepted: 0 },
  ];
  it.each(limits)(
    'accepts $accepted creates under maxSubscriptions $max, then refuses as full',
    ({ max, accepted }) => {
      const store = makeStore({ maxSubscriptions: max });
      for (let at = 0; at < accepted; at++) expect(store.create(grace()).ok).toBe(true);
      const version = store.version;
      expect(store.create(grace())).toEqual({ ok: false, reason: 'full', limit: max });
      expect([store.size, store.version]).toEqual([SEEDED + accepted, version]);
    },
  );

  it('updates in place: same list position, new plan, the new record found by id and by filter', () => {
    const store = makeStore();
    const target = everything(store).find((record) => record.offering.plans.length > 1) as SubscriptionRecord;
    const position = everything(store).indexOf(target);
    const other = target.offering.plans.find((plan) => plan.id !== target.plan_id)?.id ?? '';
    const result = store.update(target.id, { plan_id: other, address_id: null });
    if (!result.ok) throw new Error('update failed');
    const updated = result.subscription;
    expect(result.write).toEqual({ kind: 'update', subscription: updated });
    expect([updated.plan_id, updated.address_id, updated.updated_at]).toEqual([other, undefined, NOW]);
    expect(everything(store)[position]).toBe(updated);
    expect(store.find(target.id)).toBe(updated);
    expect(store.list([eq('account_id', target.account_id)], { offset: 0, limit: 100 }).records).toContain(
      updated,
    );
    expect(store.size).toBe(SEEDED);
  });

  it('never moves updated_at back when the clock reads earlier than the record', () => {
    const store = makeStore({ clock: () => 0 });
    const target = everything(store)[20] as SubscriptionRecord;
    const result = store.update(target.id, {});
    expect(result.ok && result.subscription.updated_at).toBe(target.updated_at);
  });

  it('updates a created subscription at its own position after the seeded ones', () => {
    const store = makeStore();
    const record = created(store, grace());
    const result = store.update(record.id, { address_id: '11111111-2222-4333-8444-555555555555' });
    expect(result.ok).toBe(true);
    expect(everything(store).at(-1)?.address_id).toBe('11111111-2222-4333-8444-555555555555');
    expect(store.list([eq('email', 'grace@example.com')], { offset: 0, limit: 5 }).records).toEqual([
      store.find(record.id),
    ]);
  });

  const failedUpdates = [
    { title: 'an unknown id', id: '99999999-9999-4999-8999-999999999999', command: {}, expected: { ok: false, reason: 'not_found' } },
    { title: 'a plan of another offering', id: '', command: { plan_id: ids.plan_ids[0] }, expected: { ok: false, reason: 'invalid' } },
  ]; // prettier-ignore
  it.each(failedUpdates)('refuses an update with $title and changes nothing', ({ id, command, expected }) => {
    const store = makeStore();
    const target = everything(store).find(
      (record) => record.offering.id !== ids.offering_id,
    ) as SubscriptionRecord;
    const version = store.version;
    expect(store.update(id || target.id, command)).toMatchObject(expected);
    expect([store.version, everything(store)]).toEqual([version, seeded.records]);
  });

  it('replays the writes of one store into another of the same seed, record for record', () => {
    const first = makeStore();
    const writes = [
      first.create(grace({ offering: teaClub, offering_id: undefined })),
      first.create(grace({ external_ref: 'second' })),
      first.update(ids.subscription_id, { plan_id: ids.plan_ids[1] }),
    ].map((result) => {
      if (!result.ok) throw new Error('write failed');
      return result.write;
    });
    const second = makeStore({ newId: () => 'never-used' });
    for (const write of writes) second.apply(write);
    expect(everything(second)).toEqual(everything(first));
    expect(second.version).toBe(first.version);
    const inline = writes[0]?.subscription.offering.id ?? '';
    expect(second.offering(inline)).toBe(first.offering(inline));
  });

  const badWrites = [
    { title: 'a create of an id it holds', write: () => ({ kind: 'create' as const, subscription: seeded.records[3] as SubscriptionRecord }), error: /exists already/ },
    { title: 'an update of an id it does not hold', write: () => ({ kind: 'update' as const, subscription: { ...(seeded.records[3] as SubscriptionRecord), id: 'missing' } }), error: /no subscription missing/ },
  ]; // prettier-ignore
  it.each(badWrites)('refuses to apply $title, and keeps its version', ({ write, error }) => {
    const store = makeStore();
    expect(() => store.apply(write())).toThrow(error);
    expect(store.version).toBe(0);
  });
});

describe('SubscriptionStore paging over seeded and created records', () => {
  const store = makeStore();
  // The account with the most seeded subscriptions, and twelve more created for it.
  const counts = new Map<string, number>();
  for (const record of seeded.records)
    counts.set(record.account_id, (counts.get(record.account_id) ?? 0) + 1);
  const [account] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const owner = seeded.records.find((record) => record.account_id === account) as SubscriptionRecord;
  const mine = Array.from({ length: 12 }, (_, at) =>
    created(
      store,
      grace({ account_id: account, name: owner.name, email: owner.email, external_ref: `mine-${at}` }),
    ),
  );
  // Interleaved with creates for others, so the created positions of the account are not contiguous.
  for (let at = 0; at < 5; at++) created(store, grace({ external_ref: `other-${at}` }));
  const filters = [
    { title: 'its account_id', filter: [eq('account_id', account)] },
    { title: 'its account_id and email', filter: [eq('email', owner.email), eq('account_id', account)] },
    { title: 'its name', filter: [eq('name', owner.name)] },
  ];
  const limits = [1, 3, 4, 25, 100];
  const cases = filters.flatMap(({ title, filter }) => limits.map((limit) => ({ title, filter, limit })));

  it.each(cases)(
    'pages the records of $title, $limit at a time, seeded first then created',
    ({ filter, limit }) => {
      const expected = scan(store, filter);
      expect(expected.slice(-12)).toEqual(mine);
      expect(expected.length).toBeGreaterThan(12 + 2);
      expect(paged(store, filter, limit)).toEqual({ total: expected.length, records: expected });
    },
  );

  it('cuts a page across the last seeded and the first created record', () => {
    const filter = [eq('account_id', account)];
    const seededCount = scan(store, filter).length - 12;
    const page = store.list(filter, { offset: seededCount - 2, limit: 4 });
    expect(page.records.map((record) => record.external_ref?.startsWith('mine-') ?? false)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('SubscriptionStore version, snapshots, restore and reset', () => {
  it('moves its version by one on every write, restore and reset, and on nothing else', () => {
    const store = makeStore();
    const target = everything(store)[5] as SubscriptionRecord;
    const snapshot = store.snapshot();
    const steps = [
      { title: 'a create', act: () => store.create(grace()), moves: true },
      { title: 'a refused create', act: () => store.create(grace({ offering_id: 'missing' })), moves: false },
      { title: 'an update', act: () => store.update(target.id, {}), moves: true },
      { title: 'an update of an unknown id', act: () => store.update('missing', {}), moves: false },
      { title: 'a refused update', act: () => store.update(target.id, { plan_id: 'missing' }), moves: false },
      {
        title: 'a list',
        act: () => store.list([eq('email', target.email)], { offset: 0, limit: 10 }),
        moves: false,
      },
      { title: 'a find', act: () => store.find(target.id), moves: false },
      { title: 'a snapshot', act: () => store.snapshot(), moves: false },
      { title: 'a restore', act: () => store.restore(snapshot), moves: true },
      { title: 'a restore of the same snapshot again', act: () => store.restore(snapshot), moves: true },
      { title: 'a reset', act: () => store.reset(), moves: true },
      { title: 'a reset of a store already reset', act: () => store.reset(), moves: true },
    ];
    const moved = steps.map(({ title, act }) => {
      const before = store.version;
      act();
      return { title, moves: store.version === before + 1 };
    });
    expect(moved).toEqual(steps.map(({ title, moves }) => ({ title, moves })));
  });

  it('keeps a snapshot apart from every later write, and restores exactly its records and indexes', () => {
    const store = makeStore();
    const first = created(store, grace({ external_ref: 'before' }));
    const updatedBefore = store.update(ids.subscription_id, { plan_id: ids.plan_ids[1] });
    const snapshot = store.snapshot();
    const records = everything(store);
    expect(snapshot.size).toBe(SEEDED + 1);
    created(store, grace({ external_ref: 'after' }));
    store.update(ids.subscription_id, { plan_id: ids.plan_ids[0] });
    store.update(first.id, { address_id: '11111111-2222-4333-8444-555555555555' });
    expect(snapshot.size).toBe(SEEDED + 1);
    store.restore(snapshot);
    expect(everything(store)).toEqual(records);
    expect(everything(store).every((record, at) => record === records[at])).toBe(true);
    expect(store.find(ids.subscription_id)).toBe(updatedBefore.ok && updatedBefore.subscription);
    expect(store.list([eq('external_ref', 'after')], { offset: 0, limit: 10 }).total).toBe(0);
    expect(store.list([eq('external_ref', 'before')], { offset: 0, limit: 10 }).records).toEqual([first]);
  });

  it('keeps a snapshot apart from the writes made after restoring it, so it restores the same twice', () => {
    const store = makeStore();
    created(store, grace({ external_ref: 'kept' }));
    const snapshot = store.snapshot();
    const records = everything(store);
    store.restore(snapshot);
    created(store, grace({ external_ref: 'later' }));
    store.update(ids.subscription_id, { address_id: null });
    store.restore(snapshot);
    expect(everything(store)).toEqual(records);
    expect(store.list([eq('external_ref', 'later')], { offset: 0, limit: 10 }).total).toBe(0);
  });

  it('resets to the seeded records: created records, offerings, updates and their index entries gone', () => {
    const store = makeStore();
    const record = created(store, grace({ offering: teaClub, offering_id: undefined }));
    store.update(ids.subscription_id, { plan_id: ids.plan_ids[1] });
    store.reset();
    expect(everything(store)).toEqual(seeded.records);
    expect([store.size, store.find(record.id), store.offering(record.offering.id)]).toEqual([
      SEEDED,
      undefined,
      undefined,
    ]);
    expect(store.list([eq('email', 'grace@example.com')], { offset: 0, limit: 10 }).total).toBe(0);
    expect(store.find(ids.subscription_id)?.plan_id).toBe(ids.plan_ids[0]);
  });

  it('shares nothing between two stores over one SeededSubscriptions', () => {
    const one = makeStore();
    const two = makeStore();
    const record = created(one, grace({ offering: teaClub, offering_id: undefined }));
    one.update(ids.subscription_id, { plan_id: ids.plan_ids[1] });
    expect(everything(two)).toEqual(seeded.records);
    expect([two.size, two.version, two.find(record.id), two.offering(record.offering.id)]).toEqual([
      SEEDED,
      0,
      undefined,
      undefined,
    ]);
    expect(two.list([eq('external_ref', 'crm-77')], { offset: 0, limit: 10 }).total).toBe(0);
    created(two, grace({ external_ref: 'two' }));
    expect(one.list([eq('external_ref', 'two')], { offset: 0, limit: 10 }).total).toBe(0);
    expect(seeded.records).toHaveLength(SEEDED);
  });

  it('restores the snapshot of one store into another of the same seed, and no later write crosses over', () => {
    const one = makeStore();
    created(one, grace({ external_ref: 'shared' }));
    const two = makeStore({ newId: counter(1) });
    two.restore(one.snapshot());
    expect(everything(two)).toEqual(everything(one));
    created(one, grace({ external_ref: 'only-one' }));
    created(two, grace({ external_ref: 'only-two' }));
    expect(two.list([eq('external_ref', 'only-one')], { offset: 0, limit: 10 }).total).toBe(0);
    expect(one.list([eq('external_ref', 'only-two')], { offset: 0, limit: 10 }).total).toBe(0);
  });

  it('refuses a snapshot of a store over other seeded records', () => {
    const other = makeStore({}, seededSubscriptions({ seed: 5, subscriptions: 3 }));
    const store = makeStore();
    const version = store.version;
    expect(() => store.restore(other.snapshot())).toThrow(/same seed/);
    expect([store.version, everything(store)]).toEqual([version, seeded.records]);
  });
});

describe('SubscriptionStore writes for a state file, and a limit shared with other stores', () => {
  it('gives writes that rebuild its records over the same seed: creates as they are now, then updates', () => {
    const store = makeStore();
    const inline = created(store, grace({ offering: teaClub, offering_id: undefined }));
    const second = created(store, grace({ offering_id: inline.offering.id, external_ref: 'second' }));
    store.update(inline.id, { address_id: '11111111-2222-4333-8444-555555555555' });
    store.update(ids.subscription_id, { plan_id: ids.plan_ids[1] });
    const writes = store.writes();
    expect(
      writes.map((write) => [
        write.kind,
        write.subscription.id,
        write.kind === 'create' ? write.offering?.id : undefined,
      ]),
    ).toEqual([
      ['create', inline.id, inline.offering.id],
      ['create', second.id, undefined],
      ['update', ids.subscription_id, undefined],
    ]);
    const replayed = makeStore({ newId: counter(1) });
    for (const write of writes) replayed.apply(write);
    expect(everything(replayed)).toEqual(everything(store));
    expect(replayed.offering(inline.offering.id)).toBe(inline.offering);
    expect(store.snapshot().writes()).toEqual(writes);
  });

  it('tells onWrite of each create and update before making it, and of nothing else', () => {
    const told: string[] = [];
    const store = makeStore({
      onWrite: (write) => told.push(`${write.kind} ${write.subscription.external_ref}`),
    });
    const record = created(store, grace({ external_ref: 'told' }));
    store.update(record.id, {});
    store.create(grace({ offering_id: 'missing' }));
    store.update(record.id, { plan_id: 'missing' });
    store.apply({ kind: 'create', subscription: { ...record, id: 'replayed' } });
    expect(told).toEqual(['create told', 'update told']);
  });

  it('makes no write that onWrite refuses', () => {
    const store = makeStore({
      onWrite: () => {
        throw new Error('disk full');
      },
    });
    expect(() => store.create(grace())).toThrow('disk full');
    expect(() => store.update(ids.subscription_id, { plan_id: ids.plan_ids[1] })).toThrow('disk full');
    expect([store.size, store.version, store.find(ids.subscription_id)?.plan_id]).toEqual([
      SEEDED,
      0,
      ids.plan_ids[0],
    ]);
  });

  it('refuses a create as full while a shared limit is reached, and counts its own creates', () => {
    let reached: number | undefined;
    const store = makeStore({ sharedLimit: () => reached });
    created(store, grace());
    reached = 1;
    expect(store.create(grace())).toEqual({ ok: false, reason: 'full', limit: 1 });
    reached = undefined;
    created(store, grace());
    expect([store.created, store.size]).toEqual([2, SEEDED + 2]);
  });
});

import { describe, expect, it } from 'vitest';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { SUBSCRIPTION_FILTER_ATTRIBUTES } from '../../query/filter-grammar.js';
import type { OfferingRecord, SubscriptionRecord } from './records.js';
import {
  emptyIndex,
  indexRecord,
  INDEXED_ATTRIBUTES,
  isIndexedAttribute,
  SeededSubscriptions,
} from './seeded-subscriptions.js';

const sample = seededSubscriptions({ seed: 2, subscriptions: 120 });
const { accounts } = sample;
const offerings = [...sample.offerings.values()];
const listOrder = (a: SubscriptionRecord, b: SubscriptionRecord) =>
  a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The oracle: every attribute's values and the positions holding them, by a scan of the records. */
function scannedIndex(records: readonly SubscriptionRecord[]): Record<string, Record<string, number[]>> {
  const index: Record<string, Record<string, number[]>> = {};
  for (const attribute of INDEXED_ATTRIBUTES) {
    const byValue: Record<string, number[]> = {};
    records.forEach((record, position) => {
      const value = record[attribute];
      if (value !== undefined) (byValue[value] ??= []).push(position);
    });
    index[attribute] = byValue;
  }
  return index;
}
const plainSeeded = (seeded: SeededSubscriptions) =>
  Object.fromEntries(
    INDEXED_ATTRIBUTES.map((attribute) => [attribute, Object.fromEntries(seeded.index(attribute))]),
  );

describe('SeededSubscriptions', () => {
  const tied = sample.records.map((record, at) =>
    at % 10 < 3 ? { ...record, created_at: sample.records[at - (at % 10)]?.created_at ?? 0 } : record,
  );
  const orders = [
    { title: 'in list order', records: sample.records },
    { title: 'reversed', records: [...sample.records].reverse() },
    { title: 'shuffled, with ties on created_at', records: tied.map((_, at) => tied[(at * 37) % tied.length] as SubscriptionRecord) },
  ]; // prettier-ignore
  it.each(orders)(
    'puts subscriptions given $title into list order, then positions and indexes them',
    ({ records }) => {
      const seeded = new SeededSubscriptions({ accounts, offerings, subscriptions: records });
      const expected = [...records].sort(listOrder);
      expect(seeded.records).toEqual(expected);
      expect(Object.fromEntries(seeded.positions)).toEqual(
        Object.fromEntries(expected.map((r, at) => [r.id, at])),
      );
      expect(plainSeeded(seeded)).toEqual(scannedIndex(expected));
    },
  );

  it('indexes many positions under one account and none for an absent external_ref', () => {
    const byAccount = [...sample.index('account_id').values()];
    expect(Math.max(...byAccount.map((positions) => positions.length))).toBeGreaterThan(2);
    const withoutRef = sample.records.filter((record) => record.external_ref === undefined).length;
    const refs = [...sample.index('external_ref').values()].flat();
    expect(withoutRef).toBeGreaterThan(0);
    expect(refs.length).toBe(sample.records.length - withoutRef);
  });

  it('keeps the accounts, and every offering given or used, each id once, the first given winning', () => {
    const stray: OfferingRecord = { ...(offerings[0] as OfferingRecord), id: 'stray-offering' };
    const twin: OfferingRecord = { ...(offerings[0] as OfferingRecord) };
    const record = { ...(sample.records[0] as SubscriptionRecord), offering: stray };
    const seeded = new SeededSubscriptions({
      accounts,
      offerings: [...offerings, twin],
      subscriptions: [record],
    });
    expect(seeded.accounts).toBe(accounts);
    expect(seeded.offerings.get('stray-offering')).toBe(stray);
    expect(seeded.offerings.get(twin.id)).toBe(offerings[0]);
    expect(seeded.offerings.size).toBe(offerings.length + 1);
  });

  it('refuses two subscriptions with one id', () => {
    const [first, second] = sample.records as [SubscriptionRecord, SubscriptionRecord];
    const subscriptions = [first, second, { ...second, id: first.id, created_at: second.created_at + 1 }];
    expect(() => new SeededSubscriptions({ accounts, offerings, subscriptions })).toThrow(
      `duplicate subscription id ${first.id}`,
    );
  });

  it('holds nothing for no subscriptions', () => {
    const seeded = new SeededSubscriptions({ accounts: [], offerings: [], subscriptions: [] });
    expect([seeded.records, seeded.positions.size, seeded.offerings.size]).toEqual([[], 0, 0]);
    expect(plainSeeded(seeded)).toEqual(
      Object.fromEntries(INDEXED_ATTRIBUTES.map((attribute) => [attribute, {}])),
    );
  });

  it("builds an attribute's index once, on the first filter on it", () => {
    const seeded = new SeededSubscriptions({ accounts, offerings, subscriptions: sample.records });
    expect(seeded.index('email')).toBe(seeded.index('email'));
    expect(seeded.index('email')).not.toBe(seeded.index('name'));
  });
});

describe('the eq index', () => {
  it('indexes exactly the attributes the list filter offers', () => {
    expect(INDEXED_ATTRIBUTES).toEqual(SUBSCRIPTION_FILTER_ATTRIBUTES);
  });

  const attributes = [
    { value: 'account_id', indexed: true },
    { value: 'name', indexed: true },
    { value: 'email', indexed: true },
    { value: 'external_ref', indexed: true },
    { value: 'currency', indexed: false },
    { value: 'plan_id', indexed: false },
    { value: 'constructor', indexed: false },
    { value: 'Email', indexed: false },
    { value: '', indexed: false },
  ];
  it.each(attributes)('says $value is indexed: $indexed', ({ value, indexed }) => {
    expect(isIndexedAttribute(value)).toBe(indexed);
  });

  it('starts empty, one fresh map per attribute, shared with no other index', () => {
    const one = emptyIndex();
    const two = emptyIndex();
    expect([...one.keys()]).toEqual([...INDEXED_ATTRIBUTES]);
    indexRecord(one, sample.records[0] as SubscriptionRecord, 0);
    expect([...two.values()].every((byValue) => byValue.size === 0)).toBe(true);
  });

  it('appends positions in the order they are added and leaves out absent values', () => {
    const index = emptyIndex();
    const record = sample.records.find(
      (candidate) => candidate.external_ref !== undefined,
    ) as SubscriptionRecord;
    indexRecord(index, record, 4);
    indexRecord(index, { ...record, external_ref: undefined }, 9);
    expect(index.get('account_id')?.get(record.account_id)).toEqual([4, 9]);
    expect(index.get('email')?.get(record.email)).toEqual([4, 9]);
    expect(Object.fromEntries(index.get('external_ref') ?? [])).toEqual({ [record.external_ref ?? '']: [4] });
  });
});

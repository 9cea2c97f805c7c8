import {
  SUBSCRIPTION_FILTER_ATTRIBUTES,
  type SubscriptionFilterAttribute,
} from '../../query/filter-grammar.js';
import type { Account, OfferingRecord, SubscriptionRecord } from './records.js';

/** Attributes with an eq index: the list filter's vocabulary, none of which an update can change. */
export const INDEXED_ATTRIBUTES = SUBSCRIPTION_FILTER_ATTRIBUTES;
export type IndexedAttribute = SubscriptionFilterAttribute;
export function isIndexedAttribute(value: string): value is IndexedAttribute {
  return INDEXED_ATTRIBUTES.some((attribute) => attribute === value);
}

/** Value -> positions in list order, ascending. */
export type EqIndex = Map<IndexedAttribute, Map<string, number[]>>;

export interface SubscriptionSeedData {
  accounts: readonly Account[];
  offerings: readonly OfferingRecord[];
  /** Any order: they are sorted into list order. */
  subscriptions: readonly SubscriptionRecord[];
}

export function emptyIndex(): EqIndex {
  return new Map(INDEXED_ATTRIBUTES.map((attribute) => [attribute, new Map<string, number[]>()]));
}

/** Adds a record at `position` to an index (positions only grow, so each list stays ascending). */
export function indexRecord(index: EqIndex, record: SubscriptionRecord, position: number): void {
  for (const [attribute, byValue] of index) addPosition(byValue, record[attribute], position);
}

function addPosition(byValue: Map<string, number[]>, value: string | undefined, position: number): void {
  if (value === undefined) return;
  const positions = byValue.get(value);
  if (positions === undefined) byValue.set(value, [position]);
  else positions.push(position);
}

/** The seeded subscriptions in list order with eq indexes; never written, so every session and snapshot shares them. */
export class SeededSubscriptions {
  readonly accounts: readonly Account[];
  readonly records: readonly SubscriptionRecord[];
  readonly positions = new Map<string, number>();
  readonly offerings = new Map<string, OfferingRecord>();
  private readonly indexes = new Map<IndexedAttribute, ReadonlyMap<string, readonly number[]>>();

  constructor(data: SubscriptionSeedData) {
    this.accounts = data.accounts;
    // Seeded records come nearly in list order (the fixtures' first): the sort finds the runs in one pass.
    const sorted = [...data.subscriptions].sort(byListOrder);
    for (const offering of data.offerings) this.addOffering(offering);
    sorted.forEach((record, position) => {
      this.positions.set(record.id, position);
      // One map operation per record: a set that did not grow the map met this id before.
      if (this.positions.size === position) throw new Error(`duplicate subscription id ${record.id}`);
      this.addOffering(record.offering);
    });
    this.records = sorted;
  }

  /** An attribute's eq index, built on the first filter on it: a start does not wait for indexes it may never use. */
  index(attribute: IndexedAttribute): ReadonlyMap<string, readonly number[]> {
    let byValue = this.indexes.get(attribute);
    if (byValue === undefined) {
      const built = new Map<string, number[]>();
      this.records.forEach((record, position) => addPosition(built, record[attribute], position));
      this.indexes.set(attribute, (byValue = built));
    }
    return byValue;
  }

  private addOffering(offering: OfferingRecord): void {
    if (!this.offerings.has(offering.id)) this.offerings.set(offering.id, offering);
  }
}

/** List order: created_at, then id. */
function byListOrder(a: SubscriptionRecord, b: SubscriptionRecord): number {
  return a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

import { randomUUID } from 'node:crypto';
import type { FilterExpression } from '../../query/filter.js';
import { applyUpdate } from './apply-update.js';
import { buildSubscription } from './build-subscription.js';
import { CopyOnWriteList } from './copy-on-write-list.js';
import type { BodyProblem } from './field-reader.js';
import { MonotonicClock } from './monotonic-clock.js';
import type { Account, OfferingEntry, SubscriptionRecord } from './subscription-record.js';
import {
  INDEXED_ATTRIBUTES,
  SubscriptionSnapshot,
  type IndexedAttribute,
  type SubscriptionMatches,
} from './subscription-snapshot.js';

export interface SubscriptionStoreData {
  accounts: readonly Account[];
  offerings: readonly OfferingEntry[];
  /** Any order: the store sorts them into list order. */
  subscriptions: readonly SubscriptionRecord[];
}

export interface SubscriptionStoreOptions {
  /** Epoch ms for runtime timestamps (tests pin it); made strictly increasing by the store. */
  clock?: () => number;
  /** Ids of created subscriptions, states and inline offerings. */
  newId?: () => string;
}

export type CreateResult =
  { ok: true; subscription: SubscriptionRecord } | { ok: false; reason: 'invalid'; problems: BodyProblem[] };

export type UpdateResult =
  | { ok: true; subscription: SubscriptionRecord }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'conflict' | 'invalid'; problems: BodyProblem[] };

/**
 * Accounts, offerings (with products and plans) and subscriptions, in memory.
 * List order: by created_at, then id, oldest first; created subscriptions go last (their created_at comes
 * from a strictly increasing clock), so a create never shifts the records of pages already served.
 * Reads go through snapshots: creates append past them, and an update copies the one chunk of records it
 * touches only if a snapshot was taken since that chunk was last copied (CopyOnWriteList). So a list never
 * sees a later write, and no write copies the whole store.
 * @example
 * const store = new SubscriptionStore(seedSubscriptions({ seed: 1, subscriptions: 300 }));
 * store.list([{ op: 'eq', attribute: 'email', values: ['ada@example.com'] }]).slice(0, 25);
 */
export class SubscriptionStore {
  readonly accounts: readonly Account[];
  private readonly records: CopyOnWriteList<SubscriptionRecord>;
  private writes = 0;
  private readonly positions = new Map<string, number>();
  private readonly index = new Map<IndexedAttribute, Map<string, number[]>>(
    INDEXED_ATTRIBUTES.map((attribute) => [attribute, new Map()]),
  );
  // The index's attributes and maps as two arrays: indexing 100,000 records walks them 100,000 times, and a
  // counted loop over arrays is cheaper than iterating and destructuring the map's entries each time.
  private readonly indexedAttributes = [...this.index.keys()];
  private readonly indexMaps = [...this.index.values()];
  private readonly offerings = new Map<string, OfferingEntry>();
  private readonly clock: MonotonicClock;
  private readonly newId: () => string;

  constructor(data: SubscriptionStoreData, options: SubscriptionStoreOptions = {}) {
    this.accounts = data.accounts;
    this.clock = new MonotonicClock(options.clock);
    this.newId = options.newId ?? randomUUID;
    for (const entry of data.offerings) this.addOffering(entry);
    const sorted = [...data.subscriptions];
    // Seeded records come in list order already: checking that is one pass, sorting them anyway is not.
    if (!inListOrder(sorted)) sorted.sort(byListOrder);
    for (let position = 0; position < sorted.length; position++) {
      const record = sorted[position] as SubscriptionRecord;
      this.addOffering(record.offering);
      this.indexRecord(record, position);
      // A repeated id overwrote its position instead of adding one (cheaper than a lookup per record first).
      if (this.positions.size === position) throw new Error(`duplicate subscription id ${record.id}`);
    }
    this.records = new CopyOnWriteList(sorted);
  }

  get size(): number {
    return this.records.length;
  }

  /** Bumped by every successful create and update: a response rendered at one version holds until the next. */
  get version(): number {
    return this.writes;
  }

  /** The store as it is now; later writes do not show through it. */
  snapshot(): SubscriptionSnapshot {
    return new SubscriptionSnapshot(this.records.freeze(), this.index);
  }

  /** Subscriptions matching every expression (AND), in list order, from a snapshot taken now. */
  list(expressions: readonly FilterExpression[] = []): SubscriptionMatches {
    return this.snapshot().list(expressions);
  }

  find(id: string): SubscriptionRecord | undefined {
    const position = this.positions.get(id);
    return position === undefined ? undefined : this.records.at(position);
  }

  offering(id: string): OfferingEntry | undefined {
    return this.offerings.get(id);
  }

  /** Creates a subscription from the create body's `data`; an inline offering is stored with it. */
  create(data: unknown): CreateResult {
    const built = buildSubscription(data, {
      findOffering: (id) => this.offerings.get(id),
      newId: this.newId,
      now: this.clock.now(),
    });
    if (!built.ok) return { ok: false, reason: 'invalid', problems: built.problems };
    if (built.newOffering) this.addOffering(built.newOffering);
    this.records.push(built.subscription);
    this.indexRecord(built.subscription, this.records.length - 1);
    this.writes += 1;
    return { ok: true, subscription: built.subscription };
  }

  /** Applies a PUT body to subscription `id`; `updated_at` moves strictly forward. */
  update(id: string, body: unknown): UpdateResult {
    const position = this.positions.get(id);
    const current = position === undefined ? undefined : this.records.at(position);
    if (position === undefined || !current) return { ok: false, reason: 'not_found' };
    const outcome = applyUpdate(current, body, this.clock.now(current.updated_at));
    if (!outcome.ok) return outcome;
    // Same position, new record: snapshots taken before keep the old one. The index needs no change, as
    // no indexed attribute can be updated.
    this.records.set(position, outcome.subscription);
    this.writes += 1;
    return outcome;
  }

  private addOffering(entry: OfferingEntry): void {
    const id = entry.offering.id;
    if (!this.offerings.has(id)) this.offerings.set(id, entry);
  }

  private indexRecord(record: SubscriptionRecord, position: number): void {
    this.positions.set(record.id, position);
    const attributes = this.indexedAttributes;
    for (let at = 0; at < attributes.length; at++) {
      const value = record[attributes[at] as IndexedAttribute];
      const byValue = this.indexMaps[at] as Map<string, number[]>;
      if (value === undefined) continue;
      const positions = byValue.get(value);
      if (positions) positions.push(position);
      else byValue.set(value, [position]);
    }
  }
}

/** List order: created_at, then id. */
function byListOrder(a: SubscriptionRecord, b: SubscriptionRecord): number {
  return a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function inListOrder(records: readonly SubscriptionRecord[]): boolean {
  for (let at = 1; at < records.length; at++) {
    if (byListOrder(records[at - 1] as SubscriptionRecord, records[at] as SubscriptionRecord) > 0)
      return false;
  }
  return true;
}

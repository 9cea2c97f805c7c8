import { randomUUID } from 'node:crypto';
import type { FilterExpression } from '../../query/filter.js';
import { compileFilter } from '../../query/filter-match.js';
import type { Page } from '../../query/paging.js';
import { OrderedClock } from '../ordered-clock.js';
import { applyUpdate } from './apply-update.js';
import { buildSubscription } from './build-subscription.js';
import type { CreateSubscriptionCommand, RuleBroken, UpdateSubscriptionCommand } from './commands.js';
import type { OfferingRecord, SubscriptionRecord } from './records.js';
import { isIndexedAttribute, type SeededSubscriptions } from './seeded-subscriptions.js';
import { SubscriptionChanges } from './subscription-changes.js';

export interface SubscriptionStoreOptions {
  /** Epoch ms for write times (tests pin it). */
  clock?: () => number;
  /** Ids of created subscriptions, states and inline offerings. */
  newId?: () => string;
  /** The most subscriptions the store holds, seeded ones included; creates past it are refused. */
  maxSubscriptions?: number;
  /** A limit shared with other stores (sessions): the limit reached, or undefined while there is room. */
  sharedLimit?: () => number | undefined;
  /** Told of every create and update before it is made (a state file keeps them); not told of apply(). */
  onWrite?: (write: SubscriptionWrite) => void;
}

/** A write as the store applied it: what a state file keeps, and what replaying it applies again. */
export type SubscriptionWrite =
  | { kind: 'create'; subscription: SubscriptionRecord; offering?: OfferingRecord }
  | { kind: 'update'; subscription: SubscriptionRecord };

export type CreateResult =
  | { ok: true; subscription: SubscriptionRecord; write: SubscriptionWrite }
  | { ok: false; reason: 'invalid'; broken: RuleBroken[] }
  | { ok: false; reason: 'full'; limit: number };

export type UpdateResult =
  | { ok: true; subscription: SubscriptionRecord; write: SubscriptionWrite }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid'; broken: RuleBroken[] };

/** One page of a list and the number of records the filter matches. */
export interface SubscriptionPage {
  total: number;
  records: SubscriptionRecord[];
}

/** The store at one moment, as an opaque value: restore it into the store it came from. */
export class SubscriptionSnapshot {
  /** @internal */
  constructor(
    readonly seeded: SeededSubscriptions,
    readonly changes: SubscriptionChanges,
  ) {}

  get size(): number {
    return this.seeded.records.length + this.changes.created.length;
  }

  /** The records created or replaced since the seed: what a snapshot's copy grows with. */
  get changed(): number {
    return this.changes.created.length + this.changes.replaced.size;
  }

  /** Writes that make this snapshot's changes again over the same seed. */
  writes(): SubscriptionWrite[] {
    return this.changes.asWrites();
  }
}

/** A mock's (or session's) subscriptions: shared seed plus own changes; creates list last, so pages never shift. */
export class SubscriptionStore {
  private changes: SubscriptionChanges;
  private moves = 0;
  private readonly clock: OrderedClock;
  private readonly newId: () => string;
  private readonly maxSubscriptions: number;
  private readonly sharedLimit: () => number | undefined;
  private readonly onWrite: (write: SubscriptionWrite) => void;

  constructor(
    readonly seeded: SeededSubscriptions,
    options: SubscriptionStoreOptions = {},
  ) {
    this.changes = new SubscriptionChanges(seeded.records.length);
    this.clock = new OrderedClock(options.clock);
    this.newId = options.newId ?? randomUUID;
    this.maxSubscriptions = options.maxSubscriptions ?? Number.POSITIVE_INFINITY;
    this.sharedLimit = options.sharedLimit ?? (() => undefined);
    this.onWrite = options.onWrite ?? (() => undefined);
  }

  get size(): number {
    return this.seeded.records.length + this.changes.created.length;
  }

  /** Subscriptions created here (not seeded), which a shared limit counts. */
  get created(): number {
    return this.changes.created.length;
  }

  /** Moves on every write, restore and reset, never back: a response made at one version holds until the next. */
  get version(): number {
    return this.moves;
  }

  find(id: string): SubscriptionRecord | undefined {
    const position = this.seeded.positions.get(id) ?? this.changes.positions.get(id);
    return position === undefined ? undefined : this.at(position);
  }

  offering(id: string): OfferingRecord | undefined {
    return this.seeded.offerings.get(id) ?? this.changes.offerings.get(id);
  }

  /** The matching page (AND) and count; through an eq index the work is the page's, not the store's. */
  list(filter: readonly FilterExpression[], page: Page): SubscriptionPage {
    const end = page.offset + page.limit;
    if (filter.length === 0) {
      const records: SubscriptionRecord[] = [];
      for (let position = page.offset; position < Math.min(end, this.size); position++)
        records.push(this.at(position));
      return { total: this.size, records };
    }
    const { candidates, rest } = this.candidates(filter);
    if (rest.length === 0 && candidates !== undefined) {
      const records: SubscriptionRecord[] = [];
      for (let at = page.offset; at < Math.min(end, candidates.length); at++)
        records.push(this.at(candidates.at(at)));
      return { total: candidates.length, records };
    }
    const matches = compileFilter(rest, (record: SubscriptionRecord, attribute) =>
      isIndexedAttribute(attribute) ? record[attribute] : undefined,
    );
    const records: SubscriptionRecord[] = [];
    let total = 0;
    const visit = (position: number) => {
      const record = this.at(position);
      if (!matches(record)) return;
      if (total >= page.offset && total < end) records.push(record);
      total += 1;
    };
    if (candidates !== undefined) for (let at = 0; at < candidates.length; at++) visit(candidates.at(at));
    else for (let position = 0; position < this.size; position++) visit(position);
    return { total, records };
  }

  /** Creates a subscription; an inline offering is stored with it. */
  create(command: CreateSubscriptionCommand): CreateResult {
    if (this.size >= this.maxSubscriptions)
      return { ok: false, reason: 'full', limit: this.maxSubscriptions };
    const shared = this.sharedLimit();
    if (shared !== undefined) return { ok: false, reason: 'full', limit: shared };
    const built = buildSubscription(command, {
      findOffering: (id) => this.offering(id),
      newId: this.newId,
      now: this.clock.now(),
    });
    if (!built.ok) return { ok: false, reason: 'invalid', broken: built.broken };
    const write: SubscriptionWrite = built.newOffering
      ? { kind: 'create', subscription: built.subscription, offering: built.newOffering }
      : { kind: 'create', subscription: built.subscription };
    this.onWrite(write); // first: a write the state file could not keep is not made
    this.apply(write);
    return { ok: true, subscription: built.subscription, write };
  }

  /** Applies an update to subscription `id`; `updated_at` never moves back. */
  update(id: string, command: UpdateSubscriptionCommand): UpdateResult {
    const current = this.find(id);
    if (current === undefined) return { ok: false, reason: 'not_found' };
    const outcome = applyUpdate(current, command, this.clock.now(current.updated_at));
    if (!outcome.ok) return { ok: false, reason: 'invalid', broken: outcome.broken };
    const write: SubscriptionWrite = { kind: 'update', subscription: outcome.subscription };
    this.onWrite(write); // first: a write the state file could not keep is not made
    this.apply(write);
    return { ok: true, subscription: outcome.subscription, write };
  }

  /** Applies a write made earlier (by this store or one with the same seed): replaying a state file. */
  apply(write: SubscriptionWrite): void {
    const { subscription } = write;
    if (write.kind === 'create') {
      if (this.find(subscription.id) !== undefined)
        throw new Error(`subscription ${subscription.id} exists already`);
      this.changes.append(subscription, write.offering);
    } else {
      const position =
        this.seeded.positions.get(subscription.id) ?? this.changes.positions.get(subscription.id);
      if (position === undefined) throw new Error(`no subscription ${subscription.id} to update`);
      this.changes.replaced.set(position, subscription);
    }
    this.moves += 1;
  }

  /** Writes that make the store's changes again over the same seed (a compacted state file). */
  writes(): SubscriptionWrite[] {
    return this.changes.asWrites();
  }

  snapshot(): SubscriptionSnapshot {
    return new SubscriptionSnapshot(this.seeded, this.changes.copy());
  }

  restore(snapshot: SubscriptionSnapshot): void {
    if (snapshot.seeded !== this.seeded)
      throw new Error('a snapshot is restored only into a store of the same seed');
    this.changes = snapshot.changes.copy();
    this.moves += 1;
  }

  /** Back to the seeded records. */
  reset(): void {
    this.changes = new SubscriptionChanges(this.seeded.records.length);
    this.moves += 1;
  }

  private at(position: number): SubscriptionRecord {
    const { changes, seeded } = this;
    const record =
      changes.replaced.get(position) ??
      (position < changes.offset ? seeded.records[position] : changes.created[position - changes.offset]);
    if (record === undefined) throw new RangeError(`no record at position ${position}`);
    return record;
  }

  /** The shortest candidate positions an indexed eq gives (ascending), and the expressions left to test. */
  private candidates(filter: readonly FilterExpression[]): {
    candidates: Positions | undefined;
    rest: FilterExpression[];
  } {
    let best: { positions: Positions; expression: FilterExpression } | undefined;
    for (const expression of filter) {
      const { op, attribute, values } = expression;
      if (op !== 'eq' || !isIndexedAttribute(attribute) || values.length !== 1) continue;
      const value = values[0] ?? '';
      const seeded = this.seeded.index(attribute).get(value) ?? [];
      const created = this.changes.index.get(attribute)?.get(value) ?? [];
      if (best !== undefined && seeded.length + created.length >= best.positions.length) continue;
      best = { positions: new Positions(seeded, created), expression };
    }
    return {
      candidates: best?.positions,
      rest: filter.filter((expression) => expression !== best?.expression),
    };
  }
}

/** Two ascending lists of positions read as one, without copying either (one may hold 300,000). */
class Positions {
  readonly length: number;

  constructor(
    private readonly first: readonly number[],
    private readonly second: readonly number[],
  ) {
    this.length = first.length + second.length;
  }

  at(index: number): number {
    const position = index < this.first.length ? this.first[index] : this.second[index - this.first.length];
    if (position === undefined) throw new RangeError(`no candidate ${index}`);
    return position;
  }
}

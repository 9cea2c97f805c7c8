import type { OfferingRecord, SubscriptionRecord } from './records.js';
import { emptyIndex, indexRecord, type EqIndex } from './seeded-subscriptions.js';

/** One store's changes since the seed: small, so a snapshot copies these and shares the seed. */
export class SubscriptionChanges {
  constructor(
    /** Positions of the seeded records: created records start here. */
    readonly offset: number,
    readonly created: SubscriptionRecord[] = [],
    readonly replaced = new Map<number, SubscriptionRecord>(),
    readonly positions = new Map<string, number>(),
    readonly index: EqIndex = emptyIndex(),
    readonly offerings = new Map<string, OfferingRecord>(),
  ) {}

  append(record: SubscriptionRecord, offering: OfferingRecord | undefined): void {
    const position = this.offset + this.created.length;
    this.created.push(record);
    this.positions.set(record.id, position);
    indexRecord(this.index, record, position);
    if (offering !== undefined) this.offerings.set(offering.id, offering);
  }

  /** Writes that redo these changes over the same seed, in order (a state file keeps these). */
  asWrites(): { kind: 'create' | 'update'; subscription: SubscriptionRecord; offering?: OfferingRecord }[] {
    const writes: {
      kind: 'create' | 'update';
      subscription: SubscriptionRecord;
      offering?: OfferingRecord;
    }[] = [];
    const brought = new Set<string>();
    this.created.forEach((record, index) => {
      const subscription = this.replaced.get(this.offset + index) ?? record;
      const offering = this.offerings.get(subscription.offering.id);
      const first = offering !== undefined && !brought.has(offering.id);
      if (first) brought.add(offering.id);
      writes.push(first ? { kind: 'create', subscription, offering } : { kind: 'create', subscription });
    });
    for (const [position, subscription] of this.replaced)
      if (position < this.offset) writes.push({ kind: 'update', subscription });
    return writes;
  }

  /** An independent copy: later changes to either never show in the other. */
  copy(): SubscriptionChanges {
    const index: EqIndex = new Map();
    for (const [attribute, byValue] of this.index)
      index.set(attribute, new Map([...byValue].map(([value, positions]) => [value, positions.slice()])));
    return new SubscriptionChanges(
      this.offset,
      this.created.slice(),
      new Map(this.replaced),
      new Map(this.positions),
      index,
      new Map(this.offerings),
    );
  }
}

import type { FilterExpression } from '../../query/filter.js';
import { compileFilter, type FilterValue } from '../../query/filter-match.js';
import type { FrozenList } from './copy-on-write-list.js';
import type { SubscriptionRecord } from './subscription-record.js';

/** Attributes with an eq index: the list filter's vocabulary, none of which an update can change. */
export const INDEXED_ATTRIBUTES = ['account_id', 'name', 'email', 'external_ref'] as const;
export type IndexedAttribute = (typeof INDEXED_ATTRIBUTES)[number];
export function isIndexedAttribute(value: string): value is IndexedAttribute {
  return (INDEXED_ATTRIBUTES as readonly string[]).includes(value);
}

/** Value -> positions in the store's list order, ascending (creates only append). */
export type EqIndex = ReadonlyMap<IndexedAttribute, ReadonlyMap<string, readonly number[]>>;

/** The records matching a filter, in list order; slices are taken from the snapshot the list was made on. */
export interface SubscriptionMatches {
  readonly total: number;
  slice(start: number, end: number): SubscriptionRecord[];
}

function readAttribute(record: SubscriptionRecord, attribute: string): FilterValue {
  return isIndexedAttribute(attribute) ? record[attribute] : undefined;
}

/**
 * The store as it was at one moment: a frozen view of its records (later creates append past it, later
 * updates copy the chunk they touch) and the eq index, whose positions past the view are skipped.
 */
export class SubscriptionSnapshot {
  constructor(
    private readonly records: FrozenList<SubscriptionRecord>,
    private readonly index: EqIndex,
  ) {}

  get length(): number {
    return this.records.length;
  }

  /** Records matching every expression (AND), in list order; an eq on an indexed attribute narrows first. */
  list(expressions: readonly FilterExpression[]): SubscriptionMatches {
    if (expressions.length === 0) return this.range();
    const candidates = this.candidates(expressions);
    const match = compileFilter(expressions, readAttribute);
    const matched: SubscriptionRecord[] = [];
    if (candidates) {
      for (const position of candidates) {
        if (position >= this.length) break;
        const record = this.records.at(position);
        if (record && match(record)) matched.push(record);
      }
    } else {
      for (let position = 0; position < this.length; position += 1) {
        const record = this.records.at(position);
        if (record && match(record)) matched.push(record);
      }
    }
    return { total: matched.length, slice: (start, end) => matched.slice(start, end) };
  }

  /** All records, without copying them. */
  private range(): SubscriptionMatches {
    const { records } = this;
    return { total: records.length, slice: (start, end) => records.slice(start, end) };
  }

  /** Positions from the most selective indexed eq expression, or undefined when none applies. */
  private candidates(expressions: readonly FilterExpression[]): readonly number[] | undefined {
    let best: readonly number[] | undefined;
    for (const { op, attribute, values } of expressions) {
      if (op !== 'eq' || !isIndexedAttribute(attribute) || values.length !== 1) continue;
      const positions = this.index.get(attribute)?.get(values[0] ?? '') ?? [];
      if (!best || positions.length < best.length) best = positions;
    }
    return best;
  }
}

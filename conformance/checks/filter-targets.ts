import { performance } from 'node:perf_hooks';
import type { CheckContext, Failure, Source } from '../check.js';
import type { Exchange } from '../client.js';
import {
  attributeValues,
  filterParameter,
  isPlainValue,
  matchRecord,
  readNodeProductAttribute,
  readSubscriptionAttribute,
  type AttributeReader,
  type FilterExpression,
} from '../oracles/filter-match.js';
import { FILTER_CASE, FILTER_SATISFIED, unsatisfiedIds } from '../oracles/filter-rules.js';
import { idsOf, listIds, missingIds } from '../oracles/id-sets.js';
import { idOf } from '../oracles/json-at.js';
import {
  catalogParams,
  nodeProductsCollection,
  subscriptionsCollection,
  walkPages,
  type PageWalk,
} from '../shared-requests.js';

/** A filterable list operation: where it lives and how the kit reads its records' attributes. */
export interface FilterTarget {
  label: 'subscriptions' | 'node-products';
  operation: 'listSubscriptions' | 'getNodeProducts';
  collection(ctx: CheckContext): Promise<PageWalk>;
  params(ctx: CheckContext): Record<string, string> | undefined;
  read: AttributeReader;
}

export const SUBSCRIPTIONS: FilterTarget = {
  label: 'subscriptions',
  operation: 'listSubscriptions',
  collection: subscriptionsCollection,
  params: () => undefined,
  read: readSubscriptionAttribute,
};

export const NODE_PRODUCTS: FilterTarget = {
  label: 'node-products',
  operation: 'getNodeProducts',
  collection: nodeProductsCollection,
  params: catalogParams,
  read: readNodeProductAttribute,
};

/** Filtered results are walked this many pages of 100 at most. */
export const FILTERED_PAGES = 5;

/** All pages of a filtered list, 100 records a page, up to FILTERED_PAGES. */
export function filteredWalk(
  ctx: CheckContext,
  target: FilterTarget,
  expressions: readonly FilterExpression[],
): Promise<PageWalk> {
  const params = target.params(ctx);
  return walkPages(
    ctx,
    target.operation,
    {
      ...(params === undefined ? {} : { params }),
      query: [['filter', filterParameter(expressions)]],
    },
    100,
    FILTERED_PAGES,
  );
}

/**
 * A subscription as the list shows it under eq(external_ref), by id, once `ready` holds for it: polled up to
 * --consistency-ms (a service behind a queue lists a write a moment late). The record is undefined when it
 * never showed.
 */
export async function listedSubscription(
  ctx: CheckContext,
  externalRef: string,
  id: string,
  ready: (record: unknown) => boolean = () => true,
): Promise<{ record: unknown; exchange: Exchange | undefined }> {
  const started = performance.now();
  const expressions: FilterExpression[] = [{ op: 'eq', attribute: 'external_ref', values: [externalRef] }];
  for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
    const walk = await filteredWalk(ctx, SUBSCRIPTIONS, expressions);
    const record = walk.records.find((candidate) => idOf(candidate) === id);
    const left = ctx.settings.consistencyMs - (performance.now() - started);
    if ((record !== undefined && ready(record)) || left <= 0)
      return { record, exchange: walk.pages[0]?.exchange ?? walk.failed };
    await ctx.sleep(Math.min(wait, left));
  }
}

/** The unfiltered collection; skips the asking check when the list itself does not answer. */
export async function readableCollection(
  ctx: CheckContext,
  target: FilterTarget,
  { allowEmpty = false } = {},
): Promise<PageWalk> {
  const walk = await target.collection(ctx);
  if (walk.failed !== undefined) {
    ctx.inconclusive(
      `the unfiltered ${target.operation} answered ${walk.failed.response.status}; the status checks report it`,
    );
  }
  if (!allowEmpty && walk.records.length === 0)
    ctx.inconclusive(`the unfiltered ${target.operation} has no records`);
  // A record that is not an object holds nothing to judge: never "all rules held" (schema.* fails it).
  const odd = walk.records.filter(
    (record) => typeof record !== 'object' || record === null || Array.isArray(record),
  );
  if (odd.length > 0) {
    ctx.inconclusive(
      `${odd.length} of the ${walk.records.length} records of ${target.operation} are not objects (${odd
        .slice(0, 3)
        .map((record) => JSON.stringify(record))
        .join(', ')}); the schema checks fail them`,
    );
  }
  return walk;
}

/** Distinct record values offered to a generator per attribute. */
const VALUES_KEPT = 20;

/** Values records of the collection hold, per attribute: what the generator filters on. */
export function valuesFrom(
  records: readonly unknown[],
  target: FilterTarget,
): (attribute: string) => string[] {
  const cache = new Map<string, string[]>();
  return (attribute) => {
    let values = cache.get(attribute);
    if (values === undefined) {
      const all = records.flatMap((record) =>
        attribute === 'id' ? idsOf([record]) : attributeValues(record, attribute, target.read),
      );
      values = [...new Set(all.filter(isPlainValue))].slice(0, VALUES_KEPT);
      cache.set(attribute, values);
    }
    return values;
  };
}

/** A value of an attribute and the id of a record that shows it. */
export interface PickedValue {
  value: string;
  id: string;
}

/** Up to `count` distinct plain values of an attribute among the records, picked by the seeded PRNG. */
export function pickValues(
  ctx: CheckContext,
  records: readonly unknown[],
  attribute: string,
  read: AttributeReader,
  count: number,
): PickedValue[] {
  const firstRecord = new Map<string, string>();
  for (const record of records) {
    const id = idOf(record);
    if (id === undefined) continue;
    for (const value of attributeValues(record, attribute, read)) {
      if (isPlainValue(value) && !firstRecord.has(value)) firstRecord.set(value, id);
    }
  }
  const pool = [...firstRecord.entries()];
  const picked: PickedValue[] = [];
  while (picked.length < count && pool.length > 0) {
    const [entry] = pool.splice(ctx.random.int(0, pool.length - 1), 1);
    if (entry !== undefined) picked.push({ value: entry[0], id: entry[1] });
  }
  return picked;
}

/** Ids of the records that match every expression, by the kit's own predicate. */
export function matchingIds(
  records: readonly unknown[],
  expressions: readonly FilterExpression[],
  read: AttributeReader,
): string[] {
  return idsOf(records.filter((record) => matchRecord(record, expressions, read) === 'match'));
}

/** The page exchange of a walk that holds a record (for the failure's request and curl line). */
export function pageHolding(walk: PageWalk, id: string): Exchange | undefined {
  return (walk.pages.find((page) => page.records.some((record) => idOf(record) === id)) ?? walk.pages[0])
    ?.exchange;
}

/** A documented filter gets a 2xx; the failure when the walk of the filtered list did not. */
export function notAccepted(
  ctx: CheckContext,
  walk: PageWalk,
  filter: string,
  source: Source,
  cites?: string,
): Failure[] {
  if (walk.failed === undefined) return [];
  return [
    ctx.fail(walk.failed, {
      rule: 'a documented filter is accepted (2xx)',
      source,
      ...(cites === undefined ? {} : { cites }),
      message: `filter=${filter} answered ${walk.failed.response.status}`,
      expected: '2xx',
      actual: walk.failed.response.status,
    }),
  ];
}

/** Every returned record satisfies the filter: a plain miss breaks `source`, a case-only match a convention. */
export function unsatisfied(
  ctx: CheckContext,
  walk: PageWalk,
  expressions: readonly FilterExpression[],
  read: AttributeReader,
  source: Source,
  cites?: string,
): Failure[] {
  const filter = filterParameter(expressions);
  const { none, caseOnly } = unsatisfiedIds(walk.records, expressions, read);
  const failures: Failure[] = [];
  const first = none[0];
  if (first !== undefined) {
    failures.push(
      ctx.fail(pageHolding(walk, first), {
        rule: FILTER_SATISFIED,
        source,
        ...(cites === undefined ? {} : { cites }),
        message: `filter=${filter} returned ${none.length} record(s) that do not satisfy it: ${listIds(none)}`,
        expected: filter,
        actual: none,
      }),
    );
  }
  const firstCase = caseOnly[0];
  if (firstCase !== undefined) {
    failures.push(
      ctx.fail(pageHolding(walk, firstCase), {
        rule: FILTER_CASE.rule,
        source: 'convention',
        cites: FILTER_CASE.cites,
        message: `filter=${filter} returned ${caseOnly.length} record(s) that match only ignoring case: ${listIds(caseOnly)}`,
        expected: filter,
        actual: caseOnly,
      }),
    );
  }
  return failures;
}

/** Records known to match (seen in the unfiltered list, or created by the kit) are all returned. */
export function lost(
  ctx: CheckContext,
  walk: PageWalk,
  expected: readonly string[],
  filter: string,
  source: Source,
): Failure[] {
  const returned = idsOf(walk.records);
  // An incomplete walk (over the bound) cannot tell "lost" from "further on".
  const missing = walk.complete ? missingIds(expected, returned) : [];
  if (missing.length === 0) return [];
  return [
    ctx.fail(walk.pages[0]?.exchange, {
      rule: 'a filter returns every record that satisfies it',
      source,
      message: `filter=${filter} lost ${missing.length} record(s) known to match: ${listIds(missing)}`,
      expected: expected,
      actual: returned,
    }),
  ];
}

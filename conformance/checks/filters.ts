import type { Check, CheckContext, Failure } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import { inParallel } from '../in-parallel.js';
import {
  attributeValues,
  filterParameter,
  isPlainValue,
  type FilterExpression,
} from '../oracles/filter-match.js';
import { NODE_PRODUCT_EQ, NODE_PRODUCT_IN, SUBSCRIPTION_EQ } from '../oracles/filter-rules.js';
import { commonIds, idsOf, listIds, missingIds } from '../oracles/id-sets.js';
import { idOf } from '../oracles/json-at.js';
import { createdSubscriptionId, standardCreateBody, type PageWalk } from '../shared-requests.js';
import {
  NODE_PRODUCTS,
  SUBSCRIPTIONS,
  filteredWalk,
  lost,
  matchingIds,
  notAccepted,
  pickValues,
  readableCollection,
  unsatisfied,
  type FilterTarget,
  type PickedValue,
} from './filter-targets.js';

const checkName = (attribute: string) => attribute.replaceAll('_', '-');

/** product_types takes these values only (interface.md): an absent one is picked among them. */
const PRODUCT_TYPES = ['standard', 'parent', 'child', 'bundle'] as const;

/** The interface line that offers an operator on an attribute. */
function offered(target: FilterTarget, op: 'eq' | 'in'): string {
  if (target === SUBSCRIPTIONS) return CONTRACT.listFilters;
  return op === 'eq' ? CONTRACT.nodeFilterEq : CONTRACT.nodeFilterIn;
}

/**
 * A value of `attribute` that no record of the collection shows, shaped like a real one (a UUID for ids, an
 * address for email), or undefined when none can be made (every product type is in use).
 */
export function absentValue(
  ctx: CheckContext,
  target: FilterTarget,
  attribute: string,
  records: readonly unknown[],
): string | undefined {
  const used = new Set(records.flatMap((record) => attributeValues(record, attribute, target.read)));
  if (attribute === 'product_types') return PRODUCT_TYPES.find((type) => !used.has(type));
  if (attribute === 'id' || attribute === 'account_id') return ctx.random.uuid();
  const tag = `subcat-kit-absent-${ctx.random.string(10)}`;
  return attribute === 'email' ? `${tag}@example.invalid` : tag;
}

/**
 * The negative probe: a filter on values no record has returns no record. Without it a server that ignores
 * filters passes on small data (with one record, every filter "matches"). Undefined when no probe can be
 * made: then the data cannot tell filtering from ignoring unless some record was left out.
 */
async function negativeProbe(
  ctx: CheckContext,
  target: FilterTarget,
  op: 'eq' | 'in',
  attribute: string,
  records: readonly unknown[],
): Promise<Failure[] | undefined> {
  const values = [absentValue(ctx, target, attribute, records)];
  if (op === 'in') values.push(absentValue(ctx, target, attribute, [...records, { attributes: {} }]));
  const absent = [...new Set(values.filter((value): value is string => value !== undefined))];
  if (absent.length === 0) return undefined;
  const expressions: FilterExpression[] = [{ op, attribute, values: absent }];
  const filter = filterParameter(expressions);
  const walk = await filteredWalk(ctx, target, expressions);
  if (walk.failed !== undefined) return notAccepted(ctx, walk, filter, 'contract');
  if (walk.records.length === 0) return [];
  return [
    ctx.fail(walk.pages[0]?.exchange, {
      rule: 'a filter on a value no record has returns no record',
      message: `filter=${filter} returned ${walk.records.length} record(s) (${listIds(idsOf(walk.records))}): the filter looks ignored`,
      expected: [],
      actual: idsOf(walk.records),
    }),
  ];
}

/** Ends the check inconclusive when nothing could show a filter at work: no probe, and no record left out. */
function judgeable(
  ctx: CheckContext,
  probe: Failure[] | undefined,
  collection: PageWalk,
  result: PageWalk,
  filter: string,
): void {
  if (probe !== undefined || !collection.complete || !result.complete) return;
  const all = new Set(idsOf(collection.records));
  if (idsOf(result.records).length < all.size) return;
  ctx.inconclusive(
    `every record of the collection matches filter=${filter} and no absent value can be made: the data cannot tell filtering from ignoring`,
  );
}

/**
 * A value to filter on: from a listed record (seeded pick); for subscriptions whose list does not show the
 * attribute (name and email are create fields), from the kit's standard created subscription.
 */
async function knownValue(
  ctx: CheckContext,
  target: FilterTarget,
  attribute: string,
  records: readonly unknown[],
): Promise<PickedValue> {
  const [picked] = pickValues(ctx, records, attribute, target.read, 1);
  if (picked !== undefined) return picked;
  const sent = standardCreateBody(ctx).data[attribute];
  if (target !== SUBSCRIPTIONS || typeof sent !== 'string' || !isPlainValue(sent)) {
    ctx.inconclusive(
      `no record of the unfiltered ${target.operation} shows a plain ${attribute} value to filter on`,
    );
  }
  if (ctx.settings.readOnly) {
    ctx.skip(`no listed subscription shows ${attribute}, and --read-only forbids creating one to filter for`);
  }
  const { id } = await createdSubscriptionId(ctx);
  return { value: sent, id };
}

/** eq(attribute, v): every record returned has v, and every record known to have v is returned. */
function eqCheck(target: FilterTarget, attribute: string): Check {
  return {
    id: `filters.${target.label}-eq-${checkName(attribute)}`,
    title: `eq(${attribute}, v) on ${target.operation} returns exactly the records with ${attribute} v`,
    family: 'filters',
    source: 'contract',
    cites: offered(target, 'eq'),
    operation: target.operation,
    // name and email are create fields a list may not show: the check may create a subscription to find.
    afterReads: target === SUBSCRIPTIONS && (attribute === 'name' || attribute === 'email'),
    async run(ctx) {
      const collection = await readableCollection(ctx, target, { allowEmpty: target === SUBSCRIPTIONS });
      const known = await knownValue(ctx, target, attribute, collection.records);
      const expressions: FilterExpression[] = [{ op: 'eq', attribute, values: [known.value] }];
      const filter = filterParameter(expressions);
      const expected = [...new Set([known.id, ...matchingIds(collection.records, expressions, target.read)])];
      const [result, probe] = await Promise.all([
        filteredWalk(ctx, target, expressions),
        negativeProbe(ctx, target, 'eq', attribute, collection.records),
      ]);
      if (result.failed !== undefined) return notAccepted(ctx, result, filter, 'contract');
      const failures = [
        ...unsatisfied(ctx, result, expressions, target.read, 'contract'),
        ...lost(ctx, result, expected, filter, 'contract'),
        ...(probe ?? []),
      ];
      if (attribute === 'tags') failures.push(...(await tagCaseFailures(ctx, target, known.value, result)));
      if (failures.length === 0) judgeable(ctx, probe, collection, result, filter);
      return failures;
    },
  };
}

/** decisions.md: tags are compared in lowercase, so eq(tags, V) with V upper-cased finds the same records. */
async function tagCaseFailures(
  ctx: CheckContext,
  target: FilterTarget,
  value: string,
  result: PageWalk,
): Promise<Failure[]> {
  const upper = value.toUpperCase();
  if (upper === value) return [];
  const expressions: FilterExpression[] = [{ op: 'eq', attribute: 'tags', values: [upper] }];
  const walk = await filteredWalk(ctx, target, expressions);
  const ids = idsOf(walk.records);
  const same = walk.failed === undefined && ids.slice().sort().join() === idsOf(result.records).sort().join();
  if (same || !result.complete) return [];
  return [
    ctx.fail(walk.failed ?? walk.pages[0]?.exchange, {
      rule: 'tags are compared in lowercase (decisions.md)',
      source: 'convention',
      cites: decision('Filters', 'matching is exact and case-sensitive, except tags, compared in lowercase'),
      message: `filter=${filterParameter(expressions)} does not find the records of eq(tags,${value})`,
      expected: idsOf(result.records),
      actual: walk.failed === undefined ? ids : walk.failed.response.status,
    }),
  ];
}

/** in(attribute, v1, v2...): records with any of the values, and (where eq exists) the union of the eq results. */
function inCheck(target: FilterTarget, attribute: string, hasEq: boolean): Check {
  return {
    id: `filters.${target.label}-in-${checkName(attribute)}`,
    roundTrips: 3,
    title: `in(${attribute}, ...) on ${target.operation} returns the records with any of the values`,
    family: 'filters',
    source: 'contract',
    cites: offered(target, 'in'),
    operation: target.operation,
    async run(ctx) {
      const collection = await readableCollection(ctx, target);
      const picked = pickValues(ctx, collection.records, attribute, target.read, attribute === 'id' ? 3 : 2);
      if (picked.length === 0) {
        ctx.inconclusive(`no record of the unfiltered ${target.operation} shows a plain ${attribute} value`);
      }
      const values = picked.map((pick) => pick.value);
      const expressions: FilterExpression[] = [{ op: 'in', attribute, values }];
      const filter = filterParameter(expressions);
      const expected = [
        ...new Set([
          ...picked.map((pick) => pick.id),
          ...matchingIds(collection.records, expressions, target.read),
        ]),
      ];
      const [result, probe] = await Promise.all([
        filteredWalk(ctx, target, expressions),
        negativeProbe(ctx, target, 'in', attribute, collection.records),
      ]);
      if (result.failed !== undefined) return notAccepted(ctx, result, filter, 'contract');
      const failures = [
        ...unsatisfied(ctx, result, expressions, target.read, 'contract'),
        ...lost(ctx, result, expected, filter, 'contract'),
        ...(probe ?? []),
      ];
      if (hasEq && values.length > 1)
        failures.push(...(await unionFailures(ctx, target, attribute, values, result)));
      if (failures.length === 0) judgeable(ctx, probe, collection, result, filter);
      return failures;
    },
  };
}

/** in(a, v1, v2) returns the same records as eq(a, v1) and eq(a, v2) together. */
async function unionFailures(
  ctx: CheckContext,
  target: FilterTarget,
  attribute: string,
  values: readonly string[],
  result: PageWalk,
): Promise<Failure[]> {
  const union = new Set<string>();
  for (const value of values) {
    const walk = await filteredWalk(ctx, target, [{ op: 'eq', attribute, values: [value] }]);
    // A failing eq is its own check's failure; an incomplete walk cannot give the whole union.
    if (walk.failed !== undefined || !walk.complete || !result.complete) return [];
    for (const id of idsOf(walk.records)) union.add(id);
  }
  const returned = idsOf(result.records);
  const extra = missingIds(returned, union);
  const missing = missingIds(union, returned);
  if (extra.length === 0 && missing.length === 0) return [];
  const filter = filterParameter([{ op: 'in', attribute, values }]);
  return [
    ctx.fail(result.pages[0]?.exchange, {
      rule: 'in(attribute, v1, v2, ...) returns the union of the eq(attribute, v) results',
      source: 'contract',
      cites: CONTRACT.nodeFilterIn,
      message: `filter=${filter}: ${missing.length} record(s) of the eq results missing (${listIds(missing)}), ${extra.length} not in any (${listIds(extra)})`,
      expected: [...union],
      actual: returned,
    }),
  ];
}

const AND = decision('Filters', "several expressions joined by ':' meaning AND");

/** Two expressions joined by `:`. */
interface AndCase {
  label: string;
  expressions: [FilterExpression, FilterExpression];
}

const eq = (attribute: string, value: string): FilterExpression => ({ op: 'eq', attribute, values: [value] });

/** The first plain value of an attribute a record shows. */
function plainValue(target: FilterTarget, record: unknown, attribute: string): string | undefined {
  return attributeValues(record, attribute, target.read).find(isPlainValue);
}

/**
 * Conjunctions over one record (`a` and `b` of the same record) and across two records (`a` of one, `b` of
 * another): an OR, or a server that drops the second expression, returns records the intersection lacks.
 */
function andCases(
  ctx: CheckContext,
  target: FilterTarget,
  records: readonly unknown[],
  pairs: string[][],
): AndCase[] {
  const cases: AndCase[] = [];
  for (const [a = '', b = ''] of pairs) {
    const both = records.filter(
      (r) => plainValue(target, r, a) !== undefined && plainValue(target, r, b) !== undefined,
    );
    if (both.length === 0) continue;
    const first = ctx.random.pick(both);
    const valueA = plainValue(target, first, a) ?? '';
    const valueB = plainValue(target, first, b) ?? '';
    cases.push({ label: `${a} and ${b} of one record`, expressions: [eq(a, valueA), eq(b, valueB)] });
    const others = both.filter((r) => idOf(r) !== idOf(first) && plainValue(target, r, b) !== valueB);
    if (others.length === 0) continue;
    const second = plainValue(target, ctx.random.pick(others), b) ?? '';
    cases.push({
      label: `${a} of one record and ${b} of another`,
      expressions: [eq(a, valueA), eq(b, second)],
    });
  }
  return cases;
}

/** `a:b` (decisions.md grammar) returns exactly the records both `a` and `b` return. */
function andCheck(target: FilterTarget, pairs: string[][]): Check {
  return {
    id: `filters.${target.label}-and`,
    roundTrips: 3,
    title: `Filter expressions joined by ':' on ${target.operation} are ANDed (intersection)`,
    family: 'filters',
    // interface.md lists operators, not how expressions combine: `:` as AND is decisions.md's.
    source: 'convention',
    cites: decision('Filters', "several expressions joined by ':' meaning AND"),
    operation: target.operation,
    async run(ctx) {
      const collection = await readableCollection(ctx, target);
      const cases = andCases(ctx, target, collection.records, pairs);
      if (cases.length === 0)
        ctx.inconclusive(`no listed record shows plain values for ${pairs.flat().join(', ')}`);
      const failures: Failure[] = [];
      const everyRecord = new Set(idsOf(collection.records)).size;
      // Whether some answer left a record out: otherwise an ignored filter would pass as well.
      let told = !collection.complete;
      // Each case's three walks (left, right, both), every case at once.
      const walks = await inParallel(
        cases.flatMap(({ expressions }) => [[expressions[0]], [expressions[1]], expressions]),
        (expressions) => filteredWalk(ctx, target, expressions),
      );
      for (const [index, { label, expressions }] of cases.entries()) {
        const filter = filterParameter(expressions);
        const [left, right, both] = walks.slice(index * 3, index * 3 + 3) as [PageWalk, PageWalk, PageWalk];
        if (both.failed !== undefined) {
          failures.push(...notAccepted(ctx, both, filter, 'convention', AND));
          continue;
        }
        failures.push(...unsatisfied(ctx, both, expressions, target.read, 'convention', AND));
        told ||= [left, right, both].some((walk) => new Set(idsOf(walk.records)).size < everyRecord);
        if (![left, right, both].every((walk) => walk.failed === undefined && walk.complete)) continue;
        const expected = commonIds(idsOf(left.records), idsOf(right.records));
        const returned = idsOf(both.records);
        const extra = missingIds(returned, expected);
        const missing = missingIds(expected, returned);
        if (extra.length === 0 && missing.length === 0) continue;
        failures.push(
          ctx.fail(both.pages[0]?.exchange, {
            rule: "expressions joined by ':' mean AND: the intersection of each expression's results",
            source: 'convention',
            cites: AND,
            message: `filter=${filter} (${label}): ${extra.length} record(s) outside the intersection (${listIds(extra)}), ${missing.length} missing (${listIds(missing)})`,
            expected,
            actual: returned,
          }),
        );
      }
      if (failures.length === 0 && !told) {
        ctx.inconclusive(
          'every answer held every record: the data cannot tell AND from OR, or from an ignored filter',
        );
      }
      return failures;
    },
  };
}

export const filtersChecks: Check[] = [
  ...SUBSCRIPTION_EQ.map((attribute) => eqCheck(SUBSCRIPTIONS, attribute)),
  ...NODE_PRODUCT_EQ.map((attribute) => eqCheck(NODE_PRODUCTS, attribute)),
  ...NODE_PRODUCT_IN.map((attribute) =>
    inCheck(NODE_PRODUCTS, attribute, (NODE_PRODUCT_EQ as readonly string[]).includes(attribute)),
  ),
  andCheck(SUBSCRIPTIONS, [['account_id', 'external_ref']]),
  andCheck(NODE_PRODUCTS, [
    ['sku', 'slug'],
    ['tags', 'product_types'],
  ]),
];

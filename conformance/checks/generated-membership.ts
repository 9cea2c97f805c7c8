import { performance } from 'node:perf_hooks';
import type { Check, CheckContext, Failure } from '../check.js';
import { CONTRACT } from '../citations.js';
import type { Exchange } from '../client.js';
import { validCreateBody } from '../create-body.js';
import { inParallel } from '../in-parallel.js';
import { filterParameter, matchRecord, type FilterExpression } from '../oracles/filter-match.js';
import { FILTER_CASE, SUBSCRIPTION_EQ } from '../oracles/filter-rules.js';
import { caseLabel, caseNumbers, replayArgs, shrinkWith } from '../oracles/generated-case.js';
import { idsOf } from '../oracles/id-sets.js';
import { idOf, jsonAt } from '../oracles/json-at.js';
import { drawMembership, membershipShrinkCandidates } from '../oracles/membership-case.js';
import { deriveSeed, mulberry32 } from '../prng.js';
import { isSuccess } from '../shared-requests.js';
import { SUBSCRIPTIONS, filteredWalk, valuesFrom } from './filter-targets.js';

interface Breach {
  relation: string;
  /** A record listed under a filter it matches only ignoring case: decisions.md's convention. */
  caseOnly: boolean;
  exchange: Exchange | undefined;
  detail: string;
}

/** The created record as the list shows it under its own external_ref, polled up to --consistency-ms. */
async function listedRecord(ctx: CheckContext, externalRef: string, id: string): Promise<unknown> {
  const started = performance.now();
  for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
    const walk = await filteredWalk(ctx, SUBSCRIPTIONS, [
      { op: 'eq', attribute: 'external_ref', values: [externalRef] },
    ]);
    const record = walk.records.find((candidate) => idOf(candidate) === id);
    const left = ctx.settings.consistencyMs - (performance.now() - started);
    if (record !== undefined || left <= 0) return record;
    await ctx.sleep(Math.min(wait, left));
  }
}

/** Whether the created record is where the kit's own filter predicate puts it, under one filter. */
async function judge(
  ctx: CheckContext,
  record: unknown,
  id: string,
  terms: readonly FilterExpression[],
): Promise<Breach | undefined> {
  const verdict = matchRecord(record, terms, SUBSCRIPTIONS.read);
  if (verdict === 'unknown') return undefined;
  const walk = await filteredWalk(ctx, SUBSCRIPTIONS, terms);
  if (walk.failed !== undefined) {
    const status = walk.failed.response.status;
    return {
      relation: 'a documented filter is accepted (2xx)',
      caseOnly: false,
      exchange: walk.failed,
      detail: `answered ${status}`,
    };
  }
  const present = idsOf(walk.records).includes(id);
  if (verdict === 'match' && !present && walk.complete) {
    return {
      relation: 'a created record appears under every filter it satisfies',
      caseOnly: false,
      exchange: walk.pages[0]?.exchange,
      detail: `${id} satisfies it but is not listed`,
    };
  }
  if (verdict !== 'match' && present) {
    return {
      relation:
        verdict === 'case-only'
          ? FILTER_CASE.rule
          : 'a created record appears under no filter it does not satisfy',
      caseOnly: verdict === 'case-only',
      exchange: walk.pages.find((page) => idsOf(page.records).includes(id))?.exchange,
      detail: `${id} does not satisfy it but is listed`,
    };
  }
  return undefined;
}

/**
 * Creates a subscription, then draws filters of its own values, near misses and other records' values: the
 * record is listed under exactly the filters the kit's own predicate says it satisfies.
 */
async function createdMembership(ctx: CheckContext): Promise<Failure[]> {
  const random = mulberry32(deriveSeed(ctx.settings.seed, ctx.check.id));
  const body = validCreateBody(random);
  const externalRef = `subcat-kit-${ctx.settings.seed}-membership-${random.string(8)}`;
  body.data.external_ref = externalRef;
  const created = await ctx.call('createSubscription', { json: body });
  const id = idOf(jsonAt(created.response.body, 'data'));
  if (!isSuccess(created.response.status) || id === undefined)
    ctx.inconclusive(`the create answered ${created.response.status} without data.id`);
  const record = await listedRecord(ctx, externalRef, id);
  if (record === undefined)
    ctx.inconclusive('the created subscription is not listed by its external_ref; lifecycle.* reports it');
  const collection = await SUBSCRIPTIONS.collection(ctx);
  const others = valuesFrom(collection.records, SUBSCRIPTIONS);
  const own = (attribute: string) => {
    const value = SUBSCRIPTIONS.read(record, attribute);
    return typeof value === 'string' ? value : undefined;
  };
  const count = ctx.settings.generated;
  const numbers = caseNumbers(count, ctx.settings.generatedCase);
  const found = await inParallel(
    numbers,
    async (number) => {
      const caseRandom = mulberry32(deriveSeed(ctx.settings.seed, `${ctx.check.id}.${number}`));
      const drawn = drawMembership(caseRandom, SUBSCRIPTION_EQ, own, others);
      const breach = await judge(ctx, record, id, drawn);
      if (breach === undefined) return [];
      let last = breach;
      const { smallest, tries } = await shrinkWith(drawn, membershipShrinkCandidates, async (terms) => {
        const again = await judge(ctx, record, id, terms);
        if (again?.relation === breach.relation) last = again;
        return again?.relation === breach.relation;
      });
      const replay = replayArgs(ctx.settings.seed, ctx.check.id, number);
      return [
        ctx.fail(last.exchange, {
          rule: last.relation,
          ...(last.caseOnly ? { source: 'convention' as const, cites: FILTER_CASE.cites } : {}),
          where: `listSubscriptions filter=${smallest.map((term) => `eq(${term.attribute})`).join(':')}`,
          message: `filter=${filterParameter(smallest)}: ${last.detail}: ${caseLabel(number, count, ctx.settings.generatedCase)}, shrunk in ${tries} tries (drawn: filter=${filterParameter(drawn)}); replay: ${replay}`,
        }),
      ];
    },
    numbers.length,
  );
  // One failure per relation: the first case that broke it, shrunk.
  const told = new Set<string>();
  return found.flat().filter((failure) => !told.has(failure.rule) && told.add(failure.rule));
}

export const generatedMembershipCheck: Check = {
  id: 'generated.created-membership',
  title: 'A created subscription is listed under every generated filter it satisfies and under no other',
  family: 'generated',
  source: 'contract',
  cites: CONTRACT.listFilters,
  operation: 'listSubscriptions',
  readOnly: false,
  run: createdMembership,
};

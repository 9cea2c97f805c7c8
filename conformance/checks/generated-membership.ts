import type { Check, CheckContext, Failure } from '../check.js';
import { CONTRACT } from '../citations.js';
import type { Exchange } from '../client.js';
import { validCreateBody } from '../create-body.js';
import { inParallel } from '../in-parallel.js';
import { filterParameter, matchRecord, type FilterExpression } from '../oracles/filter-match.js';
import { FILTER_CASE, SUBSCRIPTION_EQ } from '../oracles/filter-rules.js';
import { caseNumbers, firstOfEachRule, shrinkBreach, shrunkNote } from '../oracles/generated-case.js';
import { idsOf } from '../oracles/id-sets.js';
import { idOf, jsonAt } from '../oracles/json-at.js';
import { drawMembership, membershipShrinkCandidates } from '../oracles/membership-case.js';
import { deriveSeed, mulberry32 } from '../prng.js';
import { isSuccess } from '../shared-requests.js';
import { SUBSCRIPTIONS, filteredWalk, listedSubscription, valuesFrom } from './filter-targets.js';

interface Breach {
  rule: string;
  /** A record listed under a filter it matches only ignoring case: decisions.md's convention. */
  caseOnly: boolean;
  exchange: Exchange | undefined;
  detail: string;
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
      rule: 'a documented filter is accepted (2xx)',
      caseOnly: false,
      exchange: walk.failed,
      detail: `answered ${status}`,
    };
  }
  const present = idsOf(walk.records).includes(id);
  if (verdict === 'match' && !present && walk.complete) {
    return {
      rule: 'a created record appears under every filter it satisfies',
      caseOnly: false,
      exchange: walk.pages[0]?.exchange,
      detail: `${id} satisfies it but is not listed`,
    };
  }
  if (verdict !== 'match' && present) {
    return {
      rule:
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
  if (ctx.settings.generated === 0 && ctx.settings.generatedCase === undefined) ctx.skip('--generated 0');
  const random = mulberry32(deriveSeed(ctx.settings.seed, ctx.check.id));
  const body = validCreateBody(random);
  const externalRef = `subcat-kit-${ctx.settings.seed}-membership-${random.string(8)}`;
  body.data.external_ref = externalRef;
  const created = await ctx.call('createSubscription', { json: body });
  const id = idOf(jsonAt(created.response.body, 'data'));
  if (!isSuccess(created.response.status) || id === undefined)
    ctx.inconclusive(`the create answered ${created.response.status} without data.id`);
  const { record } = await listedSubscription(ctx, externalRef, id);
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
      const { smallest, tries, last } = await shrinkBreach(
        drawn,
        breach,
        membershipShrinkCandidates,
        (terms) => judge(ctx, record, id, terms),
      );
      const note = shrunkNote({
        number,
        count,
        only: ctx.settings.generatedCase,
        tries,
        drawn: `filter=${filterParameter(drawn)}`,
        seed: ctx.settings.seed,
        checkId: ctx.check.id,
      });
      return [
        ctx.fail(last.exchange, {
          rule: last.rule,
          ...(last.caseOnly ? { source: 'convention' as const, cites: FILTER_CASE.cites } : {}),
          where: `listSubscriptions filter=${smallest.map((term) => `eq(${term.attribute})`).join(':')}`,
          message: `filter=${filterParameter(smallest)}: ${last.detail}: ${note}`,
        }),
      ];
    },
    numbers.length,
  );
  return firstOfEachRule(found.flat());
}

export const generatedMembershipCheck: Check = {
  id: 'generated.created-membership',
  roundTrips: 3,
  title: 'A created subscription is listed under every generated filter it satisfies and under no other',
  family: 'generated',
  source: 'contract',
  cites: CONTRACT.listFilters,
  operation: 'listSubscriptions',
  readOnly: false,
  run: createdMembership,
};

import type { Check, CheckContext, Failure } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import type { Exchange } from '../client.js';
import { inParallel } from '../in-parallel.js';
import { filterParameter, isPlainValue, type FilterExpression } from '../oracles/filter-match.js';
import {
  caseLabel,
  caseNumbers,
  describeCase,
  drawCase,
  relationProblem,
  replayArgs,
  shrink,
  type GeneratedCase,
} from '../oracles/generated-case.js';
import { idsOf } from '../oracles/id-sets.js';
import { deriveSeed, mulberry32 } from '../prng.js';
import { walkPages, type PageWalk } from '../shared-requests.js';
import { generatedBoundsCheck } from './generated-bounds.js';
import { generatedMembershipCheck } from './generated-membership.js';
import { generatedPutCheck } from './generated-put.js';
import { NODE_PRODUCTS, SUBSCRIPTIONS, valuesFrom, type FilterTarget } from './filter-targets.js';

/** Pages a small-page walk may take: past it the relation is judged on the prefix it has. */
const SMALL_PAGES = 6;

interface Verdict {
  /** The relation that broke and how, or undefined when every relation held (or could not be judged). */
  problem?: { relation: string; detail: string };
  /** The answer that shows it (the first page of the filtered walk, or the refused request). */
  exchange?: Exchange;
  refused?: number;
}

const targetOf = (operation: GeneratedCase['operation']): FilterTarget =>
  operation === 'listSubscriptions' ? SUBSCRIPTIONS : NODE_PRODUCTS;

function walkFiltered(
  ctx: CheckContext,
  target: FilterTarget,
  terms: readonly FilterExpression[],
  limit: number,
  include?: string,
  pages?: number,
): Promise<PageWalk> {
  const params = target.params(ctx);
  const query: Array<[string, string]> = [['filter', filterParameter(terms)]];
  if (include !== undefined) query.push(['include', include]);
  const walk = () =>
    walkPages(ctx, target.operation, { ...(params === undefined ? {} : { params }), query }, limit, pages);
  // The same 100-record walk serves several cases and the shrinker: fetched once a run.
  return limit === 100 && include === undefined
    ? ctx.cache.memo(`generated.${target.operation}.${filterParameter(terms)}`, walk)
    : walk();
}

/** Judges one case by relations that need no knowledge of the server's data. */
async function judge(ctx: CheckContext, drawn: GeneratedCase, collection: PageWalk): Promise<Verdict> {
  const target = targetOf(drawn.operation);
  const params = target.params(ctx);
  // The walks do not depend on each other: sent together, a case costs the longest of them, not their sum.
  const [whole, small, perTerm] = await Promise.all([
    walkFiltered(ctx, target, drawn.terms, 100, drawn.include),
    walkFiltered(ctx, target, drawn.terms, drawn.limit, drawn.include, SMALL_PAGES),
    drawn.terms.length > 1
      ? Promise.all(drawn.terms.map((term) => walkFiltered(ctx, target, [term], 100)))
      : undefined,
    // Its answer is judged by the rule layer (rules.every-exchange): the language it asked for.
    drawn.language === undefined
      ? undefined
      : ctx.call(target.operation, {
          ...(params === undefined ? {} : { params }),
          query: [['filter', filterParameter(drawn.terms)]],
          headers: { 'accept-language': drawn.language },
        }),
  ]);
  if (whole.failed !== undefined) return { exchange: whole.failed, refused: whole.failed.response.status };
  if (small.failed !== undefined) return { exchange: small.failed, refused: small.failed.response.status };
  if (!whole.complete) return {};
  const filtered = idsOf(whole.records);
  const paged = idsOf(small.records);
  const complete = perTerm?.every((walk) => walk.complete && walk.failed === undefined) ?? false;
  const problem = relationProblem(
    filtered,
    paged,
    collection.complete ? idsOf(collection.records) : undefined,
    complete ? perTerm?.map((walk) => idsOf(walk.records)) : undefined,
    small.complete,
  );
  return problem === undefined
    ? {}
    : { problem, ...(whole.pages[0] === undefined ? {} : { exchange: whole.pages[0].exchange }) };
}

const failing = (verdict: Verdict) => verdict.problem !== undefined || verdict.refused !== undefined;

async function generatedRelations(ctx: CheckContext): Promise<Failure[]> {
  const count = ctx.settings.generated;
  if (count === 0 && ctx.settings.generatedCase === undefined) ctx.skip('--generated 0');
  const collections = {
    listSubscriptions: await SUBSCRIPTIONS.collection(ctx),
    getNodeProducts: await NODE_PRODUCTS.collection(ctx),
  };
  // One seed per case: a case is the same whatever the cases before it drew, so --case K replays it alone.
  const numbers = caseNumbers(count, ctx.settings.generatedCase);
  const cases = numbers.map((number) => {
    const random = mulberry32(deriveSeed(ctx.settings.seed, `generated.${number - 1}`));
    const operation = number % 2 === 1 ? 'listSubscriptions' : 'getNodeProducts';
    return drawCase(random, operation, valuesFrom(collections[operation].records, targetOf(operation)));
  });
  // All cases at once: the client's request window (--concurrency) is what bounds the load.
  const verdicts = await inParallel(
    cases,
    (drawn) => judge(ctx, drawn, collections[drawn.operation]),
    cases.length,
  );
  const failures: Failure[] = [];
  const told = new Set<string>();
  for (const [i, verdict] of verdicts.entries()) {
    const drawn = cases[i];
    if (drawn === undefined || !failing(verdict)) continue;
    const { smallest, tries } = await shrink(drawn, async (candidate) =>
      failing(await judge(ctx, candidate, collections[candidate.operation])),
    );
    const last = smallest === drawn ? verdict : await judge(ctx, smallest, collections[smallest.operation]);
    const key = `${last.problem?.relation ?? last.refused} ${smallest.operation}`;
    if (told.has(key)) continue;
    told.add(key);
    const number = numbers[i] ?? i + 1;
    const replay = replayArgs(ctx.settings.seed, ctx.check.id, number);
    const shrunk = `${caseLabel(number, count, ctx.settings.generatedCase)}, shrunk in ${tries} tries to: ${describeCase(smallest)} (drawn: ${describeCase(drawn)}); replay: ${replay}`;
    const quoted = smallest.terms.some((term) => term.values.some((value) => !isPlainValue(value)));
    failures.push(
      last.problem === undefined
        ? ctx.fail(last.exchange, {
            rule: 'a request drawn from the filter grammar and paging bounds is answered 2xx',
            source: quoted ? 'convention' : 'contract',
            cites: quoted ? decision('Filters', 'values may be quoted with " or \'') : CONTRACT.listFilters,
            where: describeCase({
              ...smallest,
              terms: smallest.terms.map((term) => ({ ...term, values: ['…'] })),
            }),
            message: `answered ${last.refused}: ${shrunk}`,
            expected: '2xx',
            actual: last.refused,
          })
        : ctx.fail(last.exchange, {
            rule: last.problem.relation,
            where: smallest.operation,
            message: `${last.problem.detail}: ${shrunk}`,
          }),
    );
  }
  return failures;
}

export const generatedChecks: Check[] = [
  {
    id: 'generated.relations',
    title: 'Generated filters, page sizes and includes keep the relations of filtering and paging',
    family: 'generated',
    source: 'contract',
    cites: CONTRACT.listFilters,
    operation: 'listSubscriptions',
    run: generatedRelations,
  },
  generatedMembershipCheck,
  generatedPutCheck,
  generatedBoundsCheck,
];

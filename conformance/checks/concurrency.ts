import type { Check, CheckContext, Failure } from '../check.js';
import { CONTRACT } from '../citations.js';
import type { Exchange } from '../client.js';
import { validCreateBody } from '../create-body.js';
import { eventually } from '../eventually.js';
import { filterParameter, type FilterExpression } from '../oracles/filter-match.js';
import { idsOf, listIds } from '../oracles/id-sets.js';
import { idOf, jsonAt } from '../oracles/json-at.js';
import { deriveSeed, mulberry32 } from '../prng.js';
import { isSuccess } from '../shared-requests.js';
import { SUBSCRIPTIONS, filteredWalk } from './filter-targets.js';
import { created, otherPlan } from './lifecycle.js';

/** Requests raced at once: enough to overlap on any server, few enough for a shared staging. */
export const RACED = 6;

const byAccount = (accountId: string): FilterExpression[] => [
  { op: 'eq', attribute: 'account_id', values: [accountId] },
];

/**
 * RACED creates sent at once (whatever --concurrency), then the list of their one account: each created
 * subscription is listed exactly once. A server that loses a write under concurrent creates (a read-modify-write
 * of its store) answers 201 for a record it never kept.
 */
async function concurrentCreates(ctx: CheckContext): Promise<Failure[]> {
  const random = mulberry32(deriveSeed(ctx.settings.seed, 'concurrency.creates'));
  const accountId = random.uuid();
  const bodies = Array.from({ length: RACED }, (_, i) => {
    const body = validCreateBody(mulberry32(deriveSeed(ctx.settings.seed, `concurrency.creates.${i}`)));
    body.data.account_id = accountId;
    body.data.external_ref = `subcat-kit-${ctx.settings.seed}-race-${i}-${random.string(6)}`;
    return body;
  });
  const answers = await Promise.all(
    bodies.map((json) => ctx.call('createSubscription', { json, burst: true })),
  );
  const refused = answers.filter((answer) => !isSuccess(answer.response.status));
  if (refused.length === answers.length)
    ctx.inconclusive(`every concurrent create answered ${answers[0]?.response.status}`);
  const ids = answers.flatMap((answer) =>
    isSuccess(answer.response.status) ? [idOf(jsonAt(answer.response.body, 'data'))] : [],
  );
  const createdIds = ids.filter((id): id is string => id !== undefined);
  const filter = filterParameter(byAccount(accountId));
  const listedOnce = async (): Promise<Failure[]> => {
    const walk = await filteredWalk(ctx, SUBSCRIPTIONS, byAccount(accountId));
    if (walk.failed !== undefined)
      ctx.inconclusive(`the list by account answered ${walk.failed.response.status}`);
    const listed = idsOf(walk.records);
    const missing = createdIds.filter((id) => !listed.includes(id));
    const repeated = createdIds.filter((id) => listed.filter((other) => other === id).length > 1);
    const failures: Failure[] = [];
    const page = walk.pages[0]?.exchange;
    if (missing.length > 0) {
      failures.push(
        ctx.fail(page, {
          rule: 'every subscription created concurrently is listed (no write is lost)',
          message: `${missing.length} of ${createdIds.length} concurrent creates answered 2xx but are not listed under ${filter}: ${listIds(missing)}`,
          where: 'concurrent createSubscription',
          expected: createdIds,
          actual: listed,
        }),
      );
    }
    if (repeated.length > 0) {
      failures.push(
        ctx.fail(page, {
          rule: 'every subscription created concurrently is listed once',
          message: `listed more than once under ${filter}: ${listIds(repeated)}`,
          where: 'concurrent createSubscription',
          actual: repeated,
        }),
      );
    }
    return failures;
  };
  return eventually(ctx, listedOnce);
}

/** The plan a PUT answer shows, and when the server says it wrote it. */
function answered(exchange: Exchange): { planId: unknown; at: number } {
  const updated = jsonAt(exchange.response.body, 'data', 'meta', 'timestamps', 'updated_at');
  return {
    planId: jsonAt(exchange.response.body, 'data', 'attributes', 'plan_id'),
    at: typeof updated === 'string' ? Date.parse(updated) : Number.NaN,
  };
}

/**
 * RACED plan switches of one subscription sent at once, alternating two plans of its offering: each answer shows
 * the plan it asked for, and the list then shows the plan of the last write (the answer with the latest
 * updated_at; any of them when the times tie or are not shown).
 */
async function concurrentPlanSwitches(ctx: CheckContext): Promise<Failure[]> {
  const subscription = await created(ctx, 'race');
  const other = await otherPlan(ctx, subscription);
  const first = subscription.planId;
  if (first === undefined) ctx.inconclusive('the created subscription shows no plan_id');
  const plans = Array.from({ length: RACED }, (_, i) => (i % 2 === 0 ? other : first));
  const puts = await Promise.all(
    plans.map((planId) =>
      ctx.call('updateSubscription', {
        params: { subscription_uuid: subscription.id },
        json: { data: { id: subscription.id, type: 'subscription', attributes: { plan_id: planId } } },
        burst: true,
      }),
    ),
  );
  const failures: Failure[] = [];
  const done = puts.flatMap((put, i) =>
    isSuccess(put.response.status) ? [{ put, asked: plans[i], ...answered(put) }] : [],
  );
  if (done.length === 0)
    ctx.inconclusive(`every concurrent plan switch answered ${puts[0]?.response.status}`);
  for (const { put, asked, planId } of done) {
    if (planId !== asked) {
      failures.push(
        ctx.fail(put, {
          rule: 'each concurrent plan switch answers the plan it asked for',
          message: `a PUT of plan_id ${String(asked)} answered plan_id ${JSON.stringify(planId)}`,
          where: '/data/attributes/plan_id',
          expected: asked,
          actual: planId,
        }),
      );
    }
  }
  const latest = Math.max(...done.map((write) => write.at));
  const winners = new Set(
    Number.isNaN(latest)
      ? done.map((write) => write.asked)
      : done.filter((write) => write.at === latest).map((write) => write.asked),
  );
  const lastWins = async (): Promise<Failure[]> => {
    const expressions: FilterExpression[] = [
      { op: 'eq', attribute: 'external_ref', values: [String(subscription.body.data.external_ref)] },
    ];
    const walk = await filteredWalk(ctx, SUBSCRIPTIONS, expressions);
    const listed = jsonAt(
      walk.records.find((record) => idOf(record) === subscription.id),
      'attributes',
      'plan_id',
    );
    if (typeof listed === 'string' && winners.has(listed)) return [];
    return [
      ctx.fail(walk.pages[0]?.exchange ?? walk.failed, {
        rule: 'after concurrent plan switches the list shows the last one written',
        message: `the list shows plan_id ${JSON.stringify(listed)}; the last write (latest updated_at) was ${[...winners].join(' or ')}`,
        where: '/data/*/attributes/plan_id',
        expected: [...winners],
        actual: listed ?? 'not listed',
      }),
    ];
  };
  failures.push(...(await eventually(ctx, lastWins)));
  return failures;
}

export const concurrencyChecks: Check[] = [
  {
    id: 'concurrency.creates',
    title: `${RACED} creates sent at once are each listed exactly once`,
    family: 'concurrency',
    source: 'contract',
    cites: CONTRACT.listAll,
    operation: 'createSubscription',
    readOnly: false,
    run: concurrentCreates,
  },
  {
    id: 'concurrency.plan-switches',
    roundTrips: 4,
    title: `${RACED} plan switches of one subscription sent at once: the last one wins and the list shows it`,
    family: 'concurrency',
    source: 'contract',
    cites: CONTRACT.planSwitch,
    operation: 'updateSubscription',
    readOnly: false,
    run: concurrentPlanSwitches,
  },
];

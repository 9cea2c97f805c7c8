import { ALL_OPERATIONS, type Check, type CheckContext, type Failure, type RunCache } from '../check.js';
import { CONTRACT } from '../citations.js';
import { eventually } from '../eventually.js';
import { inParallel } from '../in-parallel.js';
import { parseJson, type Exchange } from '../client.js';
import { validCreateBody, type CreateBody } from '../create-body.js';
import type { FilterExpression } from '../oracles/filter-match.js';
import { filterParameter } from '../oracles/filter-match.js';
import { idsOf, listIds, missingIds } from '../oracles/id-sets.js';
import { plansAfter, possiblyLast, type TimedWrite } from '../oracles/last-writes.js';
import { arrayOf, idOf, jsonAt } from '../oracles/json-at.js';
import { deriveSeed, mulberry32 } from '../prng.js';
import { isSuccess, walkPages } from '../shared-requests.js';
import { SUBSCRIPTIONS, filteredWalk, lost, notAccepted, unsatisfied } from './filter-targets.js';

/**
 * Which lifecycle subscription: `read` is shared by the checks that only read it back; `switch` is the plan
 * switch's own, so its PUT never changes what the readers expect to find (checks run side by side).
 */
export type Subject = 'read' | 'switch' | 'race';
const SUBJECT_SEEDS: Readonly<Record<Subject, string>> = {
  read: 'lifecycle.create',
  switch: 'lifecycle.plan-switch',
  race: 'concurrency.plan-switches',
};

/** A lifecycle subscription: seeded from the run seed, with an external_ref no other request uses. */
function lifecycleBody(ctx: CheckContext, subject: Subject): CreateBody {
  const random = mulberry32(deriveSeed(ctx.settings.seed, SUBJECT_SEEDS[subject]));
  const body = validCreateBody(random);
  body.data.external_ref = `subcat-kit-${ctx.settings.seed}-lifecycle-${random.string(8)}`;
  return body;
}

export interface Created {
  body: CreateBody;
  exchange: Exchange;
  id: string;
  planId: string | undefined;
}

/** POSTs a lifecycle subscription once a run; skips the asking check when that create did not succeed. */
export async function created(ctx: CheckContext, subject: Subject = 'read'): Promise<Created> {
  const body = lifecycleBody(ctx, subject);
  const exchange = await ctx.cache.memo(`lifecycle.created.${subject}`, () =>
    ctx.call('createSubscription', { json: body }),
  );
  const id = idOf(jsonAt(exchange.response.body, 'data'));
  if (!isSuccess(exchange.response.status)) {
    ctx.inconclusive(
      `the lifecycle create answered ${exchange.response.status}; status.create-subscription reports creates`,
    );
  }
  if (id === undefined) ctx.inconclusive('the created subscription shows no data.id to follow');
  const planId = jsonAt(exchange.response.body, 'data', 'attributes', 'plan_id');
  return { body, exchange, id, planId: typeof planId === 'string' ? planId : undefined };
}

const eq = (attribute: string, value: string): FilterExpression[] => [
  { op: 'eq', attribute, values: [value] },
];

/** The created subscription is found by a filter on one of its attributes, and every record found has it. */
async function foundBy(
  ctx: CheckContext,
  subscription: Created,
  attribute: 'external_ref' | 'account_id',
): Promise<Failure[]> {
  const value = String(subscription.body.data[attribute]);
  const expressions = eq(attribute, value);
  const walk = await filteredWalk(ctx, SUBSCRIPTIONS, expressions);
  if (walk.failed !== undefined) return notAccepted(ctx, walk, filterParameter(expressions), 'contract');
  return [
    ...unsatisfied(ctx, walk, expressions, SUBSCRIPTIONS.read, 'contract'),
    ...lost(ctx, walk, [subscription.id], filterParameter(expressions), 'contract'),
  ];
}

/** The listed record shows what was sent (account_id, currency) and the plan the create chose. */
async function listedAsCreated(ctx: CheckContext, subscription: Created): Promise<Failure[]> {
  const walk = await filteredWalk(
    ctx,
    SUBSCRIPTIONS,
    eq('external_ref', String(subscription.body.data.external_ref)),
  );
  const record = walk.records.find((candidate) => idOf(candidate) === subscription.id);
  if (record === undefined) return [];
  const sent = subscription.body.data;
  const expected: Array<[string, unknown]> = [
    ['account_id', sent.account_id],
    ['currency', sent.currency],
    ['plan_id', subscription.planId],
  ];
  const wrong = expected.filter(
    ([name, value]) => value !== undefined && jsonAt(record, 'attributes', name) !== value,
  );
  if (wrong.length === 0) return [];
  return [
    ctx.fail(walk.pages[0]?.exchange, {
      rule: 'a created subscription is listed as it was created',
      source: 'contract',
      message: `the listed subscription ${subscription.id} differs in ${wrong.map(([name]) => name).join(', ')}`,
      expected: Object.fromEntries(wrong),
      actual: Object.fromEntries(wrong.map(([name]) => [name, jsonAt(record, 'attributes', name)])),
    }),
  ];
}

/**
 * Another plan of the subscription's offering: its offering's relationships where shown, else include=plans on
 * its list entry (plans tied to its offering, or all of them when the entry is alone on the page).
 */
export async function otherPlan(ctx: CheckContext, subscription: Created): Promise<string> {
  const exchange = await ctx.call('listSubscriptions', {
    query: [
      ['filter', filterParameter(eq('external_ref', String(subscription.body.data.external_ref)))],
      ['include', 'plans'],
    ],
  });
  const data = arrayOf(jsonAt(exchange.response.body, 'data'));
  const record = data.find((r) => idOf(r) === subscription.id);
  const offering = jsonAt(
    record ?? jsonAt(subscription.exchange.response.body, 'data'),
    'attributes',
    'offering',
  );
  const offeringId = idOf(offering);
  // A rerun with the same seed finds earlier subscriptions under the same external_ref: keep to this offering.
  const plans = arrayOf(jsonAt(exchange.response.body, 'included', 'plans')).filter((plan) => {
    const tie = jsonAt(plan, 'relationships', 'offering', 'data');
    return tie === undefined ? data.length === 1 && record !== undefined : idOf(tie) === offeringId;
  });
  const candidates = [...idsOf(arrayOf(jsonAt(offering, 'relationships', 'plans', 'data'))), ...idsOf(plans)];
  const other = candidates.find((id) => id !== subscription.planId);
  if (other === undefined) {
    ctx.inconclusive(
      "neither the offering's relationships nor include=plans show a second plan of its offering",
    );
  }
  return other;
}

/** PUT with another plan_id of the offering: answered with the new plan, and listed with it afterwards. */
async function planSwitch(ctx: CheckContext): Promise<Failure[]> {
  const subscription = await created(ctx, 'switch');
  const planId = await otherPlan(ctx, subscription);
  const exchange = await ctx.call('updateSubscription', {
    params: { subscription_uuid: subscription.id },
    json: { data: { id: subscription.id, type: 'subscription', attributes: { plan_id: planId } } },
  });
  if (!isSuccess(exchange.response.status)) {
    return [
      ctx.fail(exchange, {
        rule: 'a plan switch (PUT with another plan_id of the offering) succeeds',
        source: 'contract',
        message: `the plan switch answered ${exchange.response.status}`,
        expected: '2xx',
        actual: exchange.response.status,
      }),
    ];
  }
  const failures: Failure[] = [];
  const answered = jsonAt(exchange.response.body, 'data', 'attributes', 'plan_id');
  if (answered !== planId) {
    failures.push(
      ctx.fail(exchange, {
        rule: 'the updated subscription answered carries the new plan_id',
        source: 'contract',
        message: `the plan switch answered plan_id ${JSON.stringify(answered)}`,
        expected: planId,
        actual: answered,
      }),
    );
  }
  const listedPlan = async (): Promise<Failure[]> => {
    const walk = await filteredWalk(
      ctx,
      SUBSCRIPTIONS,
      eq('external_ref', String(subscription.body.data.external_ref)),
    );
    const listed = jsonAt(
      walk.records.find((record) => idOf(record) === subscription.id),
      'attributes',
      'plan_id',
    );
    if (listed === planId) return [];
    return [
      ctx.fail(walk.pages[0]?.exchange ?? walk.failed, {
        rule: 'after a plan switch the list shows the new plan_id',
        source: 'contract',
        message: `the list shows plan_id ${JSON.stringify(listed)} after switching to ${planId}`,
        expected: planId,
        actual: listed ?? 'not listed',
      }),
    ];
  };
  failures.push(...(await eventually(ctx, listedPlan)));
  return failures;
}

/** A subscription the run wrote: its account, and its successful writes that may still be the last applied. */
interface Written {
  accountId: unknown;
  writes: (TimedWrite & { exchange: Exchange })[];
}

const stringOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The writes of each run, as the nothing-lost check watched them (keyed by the run's cache). */
const writesByRun = new WeakMap<RunCache, Map<string, Written>>();

/** Notes a successful create or update: the subscription, the plan the write gave it, and when it was in flight. */
function noteWrite(written: Map<string, Written>, exchange: Exchange): void {
  if (!isSuccess(exchange.response.status)) return;
  const data = jsonAt(exchange.response.body, 'data');
  // Watchers run as the answer arrives, so now is when it was answered.
  const answeredAt = performance.now();
  const timed = { answeredAt, sentAt: answeredAt - exchange.response.ms, exchange };
  if (exchange.operation === 'createSubscription') {
    const id = idOf(data);
    const planId = stringOrUndefined(jsonAt(data, 'attributes', 'plan_id'));
    if (id !== undefined)
      written.set(id, {
        accountId: jsonAt(data, 'attributes', 'account_id'),
        writes: [{ ...timed, planId }],
      });
    return;
  }
  if (exchange.operation !== 'updateSubscription') return;
  // The answer may omit the body: the path names the subscription, the request the plan asked for.
  const id = idOf(data) ?? decodeURIComponent(new URL(exchange.request.url).pathname.split('/').at(-1) ?? '');
  const known = written.get(id);
  if (known === undefined) return;
  const sent = stringOrUndefined(
    jsonAt(parseJson(exchange.request.body ?? ''), 'data', 'attributes', 'plan_id'),
  );
  const planId = stringOrUndefined(jsonAt(data, 'attributes', 'plan_id')) ?? sent;
  known.writes = possiblyLast([...known.writes, { ...timed, planId }]);
}

/** A final look: every subscription created in the run is still listed, with the plan it was last given. */
const nothingLost: Check = {
  id: 'lifecycle.nothing-lost',
  title: 'Every subscription the run created is listed afterwards, with its latest plan',
  family: 'lifecycle',
  source: 'contract',
  cites: CONTRACT.listAll,
  operation: ALL_OPERATIONS,
  readOnly: false,
  watch(ctx, exchange) {
    let writes = writesByRun.get(ctx.cache);
    if (writes === undefined) writesByRun.set(ctx.cache, (writes = new Map()));
    noteWrite(writes, exchange);
    return undefined;
  },
  async run(ctx) {
    const writes = writesByRun.get(ctx.cache) ?? new Map<string, Written>();
    if (writes.size === 0) ctx.inconclusive('no subscription was created in this run');
    // The whole list and the lookups by account do not wait for each other: a far server costs one wait.
    const [listed, found] = await Promise.all([listedAsWritten(ctx, writes), foundByAccount(ctx, writes)]);
    return [...listed, ...found];
  },
};

/** The whole list holds every subscription the run created, each with the plan its last write gave it. */
async function listedAsWritten(ctx: CheckContext, writes: ReadonlyMap<string, Written>): Promise<Failure[]> {
  const failures: Failure[] = [];
  const walk = await walkPages(ctx, 'listSubscriptions', {}, 100);
  if (!walk.complete) return failures;
  const listed = new Map(walk.records.map((record) => [idOf(record), record]));
  const missing = missingIds(writes.keys(), idsOf(walk.records));
  if (missing.length > 0) {
    failures.push(
      ctx.fail(walk.pages.at(-1)?.exchange, {
        rule: 'nothing created is lost: every created subscription is listed',
        message: `${missing.length} subscription(s) created in this run are not listed: ${listIds(missing)}`,
        expected: [...writes.keys()],
        actual: idsOf(walk.records),
      }),
    );
  }
  // Writes raced by the run may land in any order: the list may show the plan of any that could be last.
  const stale = [...writes.entries()].filter(([id, { writes: last }]) => {
    const plans = plansAfter(last);
    const shown = jsonAt(listed.get(id), 'attributes', 'plan_id');
    return listed.has(id) && plans !== undefined && !(typeof shown === 'string' && plans.has(shown));
  });
  if (stale.length > 0) {
    failures.push(
      ctx.fail(stale[0]?.[1].writes.at(-1)?.exchange, {
        rule: 'an update is kept: the list shows the plan_id the last update answered',
        message: `${stale.length} subscription(s) are listed with another plan_id than their last write: ${listIds(stale.map(([id]) => id))}`,
      }),
    );
  }
  return failures;
}

/** Each created subscription (the first ten) is found by eq(account_id), all asked at once. */
async function foundByAccount(ctx: CheckContext, writes: ReadonlyMap<string, Written>): Promise<Failure[]> {
  const accounts = [...writes.entries()]
    .slice(0, 10)
    .filter(
      (entry): entry is [string, Written & { accountId: string }] => typeof entry[1].accountId === 'string',
    );
  const found = await inParallel(
    accounts,
    ([id, { accountId }]) => {
      const expressions = eq('account_id', accountId);
      return eventually(ctx, async () => {
        const walk = await filteredWalk(ctx, SUBSCRIPTIONS, expressions);
        if (walk.failed !== undefined)
          return notAccepted(ctx, walk, filterParameter(expressions), 'contract');
        return lost(ctx, walk, [id], filterParameter(expressions), 'contract');
      });
    },
    accounts.length,
  );
  return found.flat();
}

export const lifecycleChecks: Check[] = [
  {
    id: 'lifecycle.create-then-find',
    roundTrips: 3,
    title: 'A created subscription is found by eq(external_ref) and listed as created',
    family: 'lifecycle',
    source: 'contract',
    cites: CONTRACT.listAll,
    operation: 'createSubscription',
    readOnly: false,
    async run(ctx) {
      const subscription = await created(ctx);
      const failures = await eventually(ctx, () => foundBy(ctx, subscription, 'external_ref'));
      return failures.length > 0 ? failures : eventually(ctx, () => listedAsCreated(ctx, subscription));
    },
  },
  {
    id: 'lifecycle.find-by-account',
    title: 'A created subscription is found by eq(account_id)',
    family: 'lifecycle',
    source: 'contract',
    cites: CONTRACT.listFilters,
    operation: 'listSubscriptions',
    readOnly: false,
    async run(ctx) {
      const subscription = await created(ctx);
      return eventually(ctx, () => foundBy(ctx, subscription, 'account_id'));
    },
  },
  {
    id: 'lifecycle.plan-switch',
    roundTrips: 4,
    title: 'A PUT with another plan of the offering switches the plan, and the list shows it',
    family: 'lifecycle',
    source: 'contract',
    cites: CONTRACT.planSwitch,
    operation: 'updateSubscription',
    readOnly: false,
    run: planSwitch,
  },
  nothingLost,
];

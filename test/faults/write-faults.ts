import { child, dataRecords, isObject, isSuccess, operationOf, sentJson, type Fault } from './fault.js';
import type { Handler, ProxiedRequest } from './fault-proxy.js';

/**
 * Subscriptions created through the proxy are answered, then left out of the lists `hides` picks (a write to a
 * lost shard: every list; an index not updated: the unfiltered list, or lists filtered on some attribute).
 */
export function loseCreated(hides: (req: ProxiedRequest) => boolean): () => Handler {
  return () => {
    const created = new Set<unknown>();
    return async (req, forward) => {
      const res = await forward(req);
      const operation = operationOf(req);
      if (!isSuccess(res.status) || !isObject(res.body)) return res;
      if (operation === 'createSubscription') {
        for (const record of dataRecords(res.body)) created.add(record.id);
      } else if (operation === 'listSubscriptions' && Array.isArray(res.body.data) && hides(req)) {
        res.body.data = dataRecords(res.body).filter((record) => !created.has(record.id));
      }
      return res;
    };
  };
}

/** A plan switch is echoed in the PUT answer but never stored: later reads show the old plan. */
const unsavedPlanSwitch: Handler = async (req, forward) => {
  if (operationOf(req) !== 'updateSubscription') return forward(req);
  const sent = sentJson(req);
  if (sent === undefined) return forward(req);
  const attributes = child(sent, 'data', 'attributes');
  const planId = attributes?.plan_id;
  if (attributes === undefined || planId === undefined) return forward(req);
  delete attributes.plan_id;
  const res = await forward({ ...req, body: JSON.stringify(sent) });
  const answered = child(res.body, 'data', 'attributes');
  if (isSuccess(res.status) && answered !== undefined) answered.plan_id = planId;
  return res;
};

/** A server that computes dates from plan numbers and overflows: a create with a huge one crashes it. */
const extremePlanNumbersCrash: Handler = async (req, forward) => {
  if (operationOf(req) !== 'createSubscription') return forward(req);
  const sent = sentJson(req);
  if (sent === undefined) return forward(req);
  const plans = child(sent, 'data', 'offering')?.plans;
  const huge = (plan: unknown) =>
    isObject(plan) &&
    ['trial_period', 'plan_length', 'billing_frequency'].some((key) => Number(plan[key]) > 1e12);
  if (!Array.isArray(plans) || !plans.some(huge)) return forward(req);
  return {
    status: 500,
    headers: { 'content-type': 'text/plain' },
    body: undefined,
    text: 'RangeError: Invalid time value',
  };
};

/** Writes that are lost or not persisted. */
export const writeFaults: Fault[] = [
  {
    name: 'created-subscription-lost',
    description: 'a created subscription is answered 201 but never appears in the list',
    only: 'lifecycle',
    expectFailedCheck: 'lifecycle.nothing-lost',
    handler: loseCreated(() => true),
  },
  {
    name: 'created-subscription-not-found',
    description: 'a created subscription is answered 201 but eq(external_ref) never finds it',
    only: 'lifecycle',
    expectFailedCheck: 'lifecycle.create-then-find',
    handler: loseCreated(() => true),
  },
  {
    name: 'created-subscription-unlisted',
    description: 'a created subscription is found by its filters but missing from the unfiltered list',
    only: 'lifecycle',
    expectFailedCheck: 'lifecycle.nothing-lost',
    handler: loseCreated((req) => !req.url.searchParams.has('filter')),
  },
  {
    name: 'plan-switch-not-persisted',
    description: 'PUT answers the new plan_id but does not store it: the list still shows the old plan',
    only: 'lifecycle',
    expectFailedCheck: 'lifecycle.plan-switch',
    handler: () => unsavedPlanSwitch,
  },
  {
    name: 'extreme-plan-numbers-crash',
    description: 'a create whose plan has a huge trial_period, plan_length or billing_frequency answers 500',
    only: 'robustness.create-extreme-numbers',
    expectFailedCheck: 'robustness.create-extreme-numbers',
    handler: () => extremePlanNumbersCrash,
  },
];

import { describe, expect, it } from 'vitest';
import { seedSubscriptions } from '../../seed/subscriptions/seed-subscriptions.js';
import { subscriptionIncluded, subscriptionIncludedJson } from './subscription-included.js';

const { subscriptions } = seedSubscriptions({ seed: 8, subscriptions: 200 });
const page = subscriptions.slice(40, 65);
const offerings = new Set(page.map((record) => record.offering));
const planIds = [...offerings].flatMap((entry) => entry.plans.map((plan) => plan.id));
const productIds = [...offerings].flatMap((entry) => entry.products.map((product) => product.id));

describe('subscriptionIncluded', () => {
  const cases = [
    { include: [], plans: undefined, products: undefined },
    { include: ['plans'], plans: planIds, products: undefined },
    { include: ['products'], plans: undefined, products: productIds },
    { include: ['plans', 'products'], plans: planIds, products: productIds },
  ];
  it.each(cases)('includes exactly the asked keys for $include', ({ include, plans, products }) => {
    const included = subscriptionIncluded(page, new Set(include));
    if (include.length === 0) {
      expect(included).toBeUndefined();
      return;
    }
    expect(Object.keys(included ?? {}).sort()).toEqual([...include].sort());
    expect(included?.plans?.map((plan) => plan.id)).toEqual(plans);
    expect(included?.products?.map((product) => product.id)).toEqual(products);
  });

  it('lists each plan and product once although offerings are shared', () => {
    expect(offerings.size).toBeLessThan(page.length);
    const included = subscriptionIncluded(page, new Set(['plans', 'products']));
    const ids = [...(included?.plans ?? []), ...(included?.products ?? [])].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks the plans the page subscriptions are on as active, the others null', () => {
    const active = new Set(page.map((record) => record.plan_id));
    const plans = subscriptionIncluded(page, new Set(['plans']))?.plans ?? [];
    expect(plans.some((plan) => plan.meta.active_plan === null)).toBe(true);
    for (const plan of plans) expect(plan.meta.active_plan).toBe(active.has(plan.id) ? true : null);
  });

  it('leaves the stored plans untouched', () => {
    subscriptionIncluded(page, new Set(['plans']));
    expect(page.every((record) => record.offering.plans.every((plan) => !('active_plan' in plan.meta)))).toBe(
      true,
    );
  });

  it('includes nothing for an empty page', () => {
    expect(subscriptionIncluded([], new Set(['plans', 'products']))).toEqual({ plans: [], products: [] });
  });
  it.each(cases)('writes the included text for $include as JSON.stringify of the objects', ({ include }) => {
    for (const records of [page, subscriptions, subscriptions.slice(150, 151), []]) {
      const included = subscriptionIncluded(records, new Set(include));
      const text = subscriptionIncludedJson(records, new Set(include));
      expect(text).toBe(included === undefined ? undefined : JSON.stringify(included));
    }
  });
});

import { JsonCache } from './json-cache.js';
import type { SubscriptionRecord } from './subscription-record.js';
import type { OfferingPlan, OfferingProduct } from './subscription-resources.js';

export interface SubscriptionIncluded {
  plans?: OfferingPlan[];
  products?: OfferingProduct[];
}

/** The plans and products a page includes, before they are shaped: each once, first seen first. */
interface IncludedSelection {
  plans?: { plan: OfferingPlan; active: boolean }[];
  products?: OfferingProduct[];
}

/**
 * The `included` member of a list page: for each asked key (`plans`, `products`), the plans or products of
 * the offerings of exactly these subscriptions, each once (first seen first). A plan's `meta.active_plan`
 * is true when one of these subscriptions is on it, null otherwise. Undefined when nothing was asked.
 */
export function subscriptionIncluded(
  subscriptions: readonly SubscriptionRecord[],
  include: ReadonlySet<string>,
): SubscriptionIncluded | undefined {
  const selection = selectIncluded(subscriptions, include);
  if (!selection) return undefined;
  const included: SubscriptionIncluded = {};
  if (selection.plans) included.plans = selection.plans.map(({ plan, active }) => withActivity(plan, active));
  if (selection.products) included.products = selection.products;
  return included;
}

const activePlans = new JsonCache<OfferingPlan>((plan) => JSON.stringify(withActivity(plan, true)));
const otherPlans = new JsonCache<OfferingPlan>((plan) => JSON.stringify(withActivity(plan, false)));
const products = new JsonCache<OfferingProduct>();

/** `JSON.stringify(subscriptionIncluded(...))`, from the plans' and products' texts kept since first shown. */
export function subscriptionIncludedJson(
  subscriptions: readonly SubscriptionRecord[],
  include: ReadonlySet<string>,
): string | undefined {
  const parts: string[] = [];
  return writeSubscriptionIncludedJson(parts, subscriptions, include) ? parts.join('') : undefined;
}

/** Appends the pieces of `subscriptionIncludedJson` to `parts`; false (nothing appended) when nothing was asked. */
export function writeSubscriptionIncludedJson(
  parts: string[],
  subscriptions: readonly SubscriptionRecord[],
  include: ReadonlySet<string>,
): boolean {
  const selection = selectIncluded(subscriptions, include);
  if (!selection) return false;
  parts.push('{');
  if (selection.plans) {
    parts.push('"plans":[');
    selection.plans.forEach(({ plan, active }, index) => {
      parts.push(index === 0 ? '' : ',', (active ? activePlans : otherPlans).text(plan));
    });
    parts.push(selection.products ? '],' : ']');
  }
  if (selection.products) {
    parts.push('"products":[');
    selection.products.forEach((product, index) =>
      parts.push(index === 0 ? '' : ',', products.text(product)),
    );
    parts.push(']');
  }
  parts.push('}');
  return true;
}

function selectIncluded(
  subscriptions: readonly SubscriptionRecord[],
  include: ReadonlySet<string>,
): IncludedSelection | undefined {
  if (!include.has('plans') && !include.has('products')) return undefined;
  const offerings = [...new Set(subscriptions.map((subscription) => subscription.offering))];
  const selection: IncludedSelection = {};
  if (include.has('plans')) {
    const active = new Set(subscriptions.map((subscription) => subscription.plan_id));
    selection.plans = unique(offerings.flatMap((entry) => entry.plans)).map((plan) => ({
      plan,
      active: active.has(plan.id),
    }));
  }
  if (include.has('products')) selection.products = unique(offerings.flatMap((entry) => entry.products));
  return selection;
}

function withActivity(plan: OfferingPlan, active: boolean): OfferingPlan {
  return { ...plan, meta: { ...plan.meta, active_plan: active ? true : null } };
}

function unique<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

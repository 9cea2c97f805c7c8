import type { SubscriptionRecord } from './subscription-record.js';
import type { OfferingPlan, OfferingProduct } from './subscription-resources.js';

export interface SubscriptionIncluded {
  plans?: OfferingPlan[];
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
  if (!include.has('plans') && !include.has('products')) return undefined;
  const offerings = [...new Set(subscriptions.map((subscription) => subscription.offering))];
  const included: SubscriptionIncluded = {};
  if (include.has('plans')) {
    const active = new Set(subscriptions.map((subscription) => subscription.plan_id));
    included.plans = unique(offerings.flatMap((entry) => entry.plans)).map((plan) => ({
      ...plan,
      meta: { ...plan.meta, active_plan: active.has(plan.id) ? true : null },
    }));
  }
  if (include.has('products')) included.products = unique(offerings.flatMap((entry) => entry.products));
  return included;
}

function unique<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

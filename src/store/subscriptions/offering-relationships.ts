import type { OfferingPlan, OfferingProduct, Relationships } from './subscription-resources.js';

/** Links a product or plan to its offering. */
export function offeringRelationship(offeringId: string): Relationships {
  return { offering: { data: { type: 'subscription_offering', id: offeringId } } };
}

/** Links an offering to its products and plans, so the list's `included` arrays can be joined back. */
export function offeringRelationships(
  products: readonly OfferingProduct[],
  plans: readonly OfferingPlan[],
): Relationships {
  return {
    products: { data: products.map(({ type, id }) => ({ type, id })) },
    plans: { data: plans.map(({ type, id }) => ({ type, id })) },
  };
}

/** Links a subscription to its offering and current plan. */
export function subscriptionRelationships(offeringId: string, planId: string): Relationships {
  return {
    offering: { data: { type: 'subscription_offering', id: offeringId } },
    plan: { data: { type: 'subscription_offering_plan', id: planId } },
  };
}

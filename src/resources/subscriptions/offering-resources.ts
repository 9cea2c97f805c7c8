import type { Schemas } from '../../contract/schemas.js';
import { isoTime as iso } from '../../store/calendar.js';
import { planPrice } from '../../store/subscriptions/plan-price.js';
import type {
  OfferingPlanRecord,
  OfferingProductRecord,
  OfferingRecord,
  Price,
} from '../../store/subscriptions/records.js';
import { assetLink } from '../asset-link.js';
import { DISPLAY_TAX_RATE_BP, displayPrice, type DisplayPrice } from '../display-price.js';

export type OfferingResource = Schemas['Offering'];
export type OfferingProductResource = Schemas['OfferingProduct'];
export type OfferingPlanResource = Schemas['OfferingPlan'];

/** Subscription prices show their first currency at the display tax rate, in en-US (the contract gives no language). */
function subscriptionDisplayPrice(price: Price | undefined): DisplayPrice | undefined {
  const first = price === undefined ? undefined : Object.entries(price)[0];
  return first && displayPrice(first[1], first[0], DISPLAY_TAX_RATE_BP, 'en-US');
}

function timestampsOf(offering: OfferingRecord): Schemas['Timestamps'] {
  return { updated_at: iso(offering.updated_at), created_at: iso(offering.created_at) };
}

const belongsTo = (offering: OfferingRecord): Schemas['OfferingMemberRelationships'] => ({
  offering: { data: { type: 'subscription_offering', id: offering.id } },
});

/** An offering as a subscription embeds it: products and plans by relationship, their external refs in meta. */
export function encodeOffering(offering: OfferingRecord): OfferingResource {
  const timestamps = timestampsOf(offering);
  return {
    id: offering.id,
    type: 'subscription_offering',
    attributes: {
      ...(offering.external_ref !== undefined && { external_ref: offering.external_ref }),
      name: offering.name,
      ...(offering.description !== undefined && { description: offering.description }),
      ...timestamps,
    },
    relationships: {
      products: { data: offering.products.map(({ id }) => ({ type: 'subscription_offering_product', id })) },
      plans: { data: offering.plans.map(({ id }) => ({ type: 'subscription_offering_plan', id })) },
    },
    meta: {
      external_product_refs: offering.products.flatMap((product) => product.external_ref ?? []),
      owner: offering.owner,
      timestamps,
    },
  };
}

/** A product of an offering, as `included.products` holds it; it shares the offering's times. */
export function encodeOfferingProduct(
  product: OfferingProductRecord,
  offering: OfferingRecord,
  base: string,
): OfferingProductResource {
  const timestamps = timestampsOf(offering);
  const display = subscriptionDisplayPrice(product.price);
  return {
    id: product.id,
    type: 'subscription_offering_product',
    attributes: {
      ...(product.external_ref !== undefined && { external_ref: product.external_ref }),
      name: product.name,
      ...(product.description !== undefined && { description: product.description }),
      ...(product.sku !== undefined && { sku: product.sku }),
      ...(product.main_image !== undefined && { main_image: assetLink(product.main_image, base) }),
      ...(product.price !== undefined && { price: product.price }),
      ...(product.price_units !== undefined && { price_units: product.price_units }),
      ...timestamps,
    },
    relationships: belongsTo(offering),
    meta: { ...(display && { display_price: display }), owner: offering.owner, timestamps },
  };
}

/** A plan as `included.plans` holds it; `active_plan` true when a subscription of the page is on it, else null. */
export function encodeOfferingPlan(
  plan: OfferingPlanRecord,
  offering: OfferingRecord,
  active: boolean,
): OfferingPlanResource {
  const timestamps = timestampsOf(offering);
  const price = planPrice(offering.products, plan);
  const display = subscriptionDisplayPrice(price);
  return {
    id: plan.id,
    type: 'subscription_offering_plan',
    attributes: {
      ...(plan.external_ref !== undefined && { external_ref: plan.external_ref }),
      name: plan.name,
      ...(plan.description !== undefined && { description: plan.description }),
      billing_interval_type: plan.billing_interval_type,
      billing_frequency: plan.billing_frequency,
      ...(plan.trial_period !== undefined && { trial_period: plan.trial_period }),
      plan_length: plan.plan_length,
      end_behavior: plan.end_behavior,
      can_pause: plan.can_pause,
      can_resume: plan.can_resume,
      can_cancel: plan.can_cancel,
      ...(plan.base_price_percentage !== undefined && { base_price_percentage: plan.base_price_percentage }),
      ...(plan.fixed_price !== undefined && { fixed_price: plan.fixed_price }),
      ...timestamps,
    },
    relationships: belongsTo(offering),
    meta: {
      ...(price && { price }),
      ...(display && { display_price: display }),
      owner: offering.owner,
      timestamps,
      active_plan: active ? true : null,
    },
  };
}

import type { Schemas } from '../../contract/schemas.js';

/** The subscription side of the domain: immutable values, times in epoch milliseconds. */

type PlanAttributes = Schemas['OfferingPlanAttributes'];

export type Owner = Schemas['Owner'];
export type Price = Schemas['Price'];
export type PriceUnits = Schemas['PriceUnits'];
export type PaymentAuthority = Schemas['PaymentAuthority'];
export type BillingIntervalType = PlanAttributes['billing_interval_type'];
export type EndBehavior = PlanAttributes['end_behavior'];
export type SubscriptionStatus = Schemas['SubscriptionMeta']['status'];
export type StateAction = Schemas['SubscriptionState']['attributes']['action'];

/** A subscriber: the contract has no account resource; accounts give seeded subscriptions a shared owner. */
export interface Account {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly address_ids: readonly string[];
}

export interface OfferingProductRecord {
  readonly id: string;
  readonly external_ref?: string;
  readonly name: string;
  readonly description?: string;
  readonly sku?: string;
  readonly main_image?: string;
  readonly price?: Price;
  readonly price_units?: PriceUnits;
}

export interface OfferingPlanRecord {
  readonly id: string;
  readonly external_ref?: string;
  readonly name: string;
  readonly description?: string;
  readonly billing_interval_type: BillingIntervalType;
  readonly billing_frequency: number;
  readonly trial_period?: number;
  readonly plan_length: number;
  readonly end_behavior: EndBehavior;
  readonly can_pause: boolean;
  readonly can_resume: boolean;
  readonly can_cancel: boolean;
  readonly base_price_percentage?: number;
  readonly fixed_price?: Price;
}

/** An offering with its products and plans, shared (never copied) by every subscription on it. */
export interface OfferingRecord {
  readonly id: string;
  readonly external_ref?: string;
  readonly name: string;
  readonly description?: string;
  readonly owner: Owner;
  /** The offering's times, which its products and plans share. */
  readonly created_at: number;
  readonly updated_at: number;
  readonly products: readonly OfferingProductRecord[];
  readonly plans: readonly OfferingPlanRecord[];
}

/** The subscription's current state (interface.md's SubscriptionState). */
export interface StateRecord {
  readonly id: string;
  readonly action: StateAction;
  readonly created_at: number;
  readonly manual_payments: boolean;
  readonly canceled: boolean;
  readonly paused: boolean;
  readonly closed: boolean;
  readonly suspended: boolean;
  readonly pending: boolean;
  readonly invoice_after: number;
}

/** A stored subscription: flat and immutable (an update stores a new record). */
export interface SubscriptionRecord {
  readonly id: string;
  readonly account_id: string;
  /** From the create body; filterable, and echoed in the response's attributes. */
  readonly name: string;
  readonly email: string;
  readonly external_ref: string | undefined;
  readonly address_id: string | undefined;
  readonly offering: OfferingRecord;
  readonly plan_id: string;
  readonly currency: string;
  readonly payment_authority: PaymentAuthority | undefined;
  readonly status: SubscriptionStatus;
  readonly state: StateRecord;
  readonly created_at: number;
  readonly updated_at: number;
  readonly canceled_at: number | undefined;
  readonly paused_at: number | undefined;
  readonly resumed_at: number | undefined;
  readonly end_date: number | undefined;
  readonly go_live_after: number | undefined;
  readonly go_live: number | undefined;
}

/** The plan of a subscription (its offering always holds it: the store checks on every write). */
export function planOf(subscription: SubscriptionRecord): OfferingPlanRecord | undefined {
  return subscription.offering.plans.find((plan) => plan.id === subscription.plan_id);
}

/** The tuple, if it lists every member of `Union`: a vocabulary the spec grows is a type error until it follows. */
export function vocabulary<Union extends string>() {
  return <const Tuple extends readonly Union[]>(
    tuple: [Exclude<Union, Tuple[number]>] extends [never] ? Tuple : never,
  ): Tuple => tuple;
}

// Seeding draws from these in this order, so the order is part of the seeded data.
export const BILLING_INTERVAL_TYPES = vocabulary<BillingIntervalType>()(['day', 'week', 'month', 'year']);
export const END_BEHAVIORS = vocabulary<EndBehavior>()(['close', 'roll']);
export const PRICE_UNITS = vocabulary<PriceUnits['unit']>()(['day', 'month']);

/** The JSON shapes of interface.md's subscription-side resources, as the mock serialises them. */

export const OWNERS = ['store', 'organization'] as const;
export type Owner = (typeof OWNERS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const STATE_ACTIONS = ['cancel', 'pause', 'resume', 'pending'] as const;
export type StateAction = (typeof STATE_ACTIONS)[number];

export const BILLING_INTERVAL_TYPES = ['day', 'week', 'month', 'year'] as const;
export type BillingIntervalType = (typeof BILLING_INTERVAL_TYPES)[number];
export function isBillingIntervalType(value: unknown): value is BillingIntervalType {
  return (BILLING_INTERVAL_TYPES as readonly unknown[]).includes(value);
}

export const END_BEHAVIORS = ['close', 'roll'] as const;
export type EndBehavior = (typeof END_BEHAVIORS)[number];
export function isEndBehavior(value: unknown): value is EndBehavior {
  return (END_BEHAVIORS as readonly unknown[]).includes(value);
}

export const PRICE_UNITS = ['day', 'month'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

export const PAYMENT_AUTHORITY_TYPES = ['provider_payments_processor'] as const;
export type PaymentAuthorityType = (typeof PAYMENT_AUTHORITY_TYPES)[number];

export interface PriceAmount {
  amount: number;
  includes_tax?: boolean;
}
/** Keyed by currency code; amounts in the currency's smallest subdivision. */
export type Price = Record<string, PriceAmount>;

export interface PriceUnits {
  unit: PriceUnit;
  amount: number;
}

export interface FormattedAmount {
  amount: number;
  currency: string;
  formatted: string;
}
export interface DisplayPrice {
  without_tax: FormattedAmount;
  with_tax: FormattedAmount;
}

export interface Timestamps {
  updated_at: string;
  created_at: string;
}

export interface RelationshipData {
  type: string;
  id: string;
}
/** JSON:API relationships; interface.md leaves the inner shape open. */
export type Relationships = Record<string, { data: RelationshipData | RelationshipData[] | null }>;

export interface PaymentAuthority {
  type: PaymentAuthorityType;
  customer_id?: string;
  card_id?: string;
}

export interface OfferingAttributes {
  external_ref?: string;
  name: string;
  description?: string;
  updated_at: string;
  created_at: string;
}

export interface Offering {
  id: string;
  type: 'subscription_offering';
  attributes: OfferingAttributes;
  relationships?: Relationships;
  meta: { external_product_refs: string[]; owner: Owner; timestamps: Timestamps };
}

export interface OfferingProduct {
  id: string;
  type: 'subscription_offering_product';
  attributes: {
    external_ref?: string;
    name: string;
    description?: string;
    sku?: string;
    main_image?: string;
    price?: Price;
    price_units?: PriceUnits;
    updated_at: string;
    created_at: string;
  };
  relationships?: Relationships;
  meta: { display_price?: DisplayPrice; owner: Owner; timestamps: Timestamps };
}

export interface OfferingPlanAttributes {
  external_ref?: string;
  name: string;
  description?: string;
  billing_interval_type: BillingIntervalType;
  billing_frequency: number;
  trial_period?: number;
  plan_length: number;
  end_behavior: EndBehavior;
  can_pause: boolean;
  can_resume: boolean;
  can_cancel: boolean;
  base_price_percentage?: number;
  fixed_price?: Price;
  updated_at: string;
  created_at: string;
}

export interface OfferingPlan {
  id: string;
  type: 'subscription_offering_plan';
  attributes: OfferingPlanAttributes;
  relationships?: Relationships;
  meta: {
    price?: Price;
    display_price?: DisplayPrice;
    active_plan?: boolean | null;
    owner: Owner;
    timestamps: Timestamps;
  };
}

export interface SubscriptionTimestamps extends Timestamps {
  canceled_at?: string;
  paused_at?: string;
  resumed_at?: string;
  end_date?: string;
  go_live_after?: string;
  go_live?: string;
}

export interface StateMeta {
  created_at: string;
  manual_payments: boolean;
  canceled: boolean;
  paused: boolean;
  closed: boolean;
  suspended: boolean;
  pending: boolean;
  invoice_after: string;
}

export interface SubscriptionState {
  id: string;
  type: 'subscription_state';
  attributes: { action: StateAction };
  meta: StateMeta;
}

export interface SubscriptionAttributes {
  external_ref?: string;
  account_id: string;
  address_id?: string;
  offering: Offering;
  plan_id: string;
  currency: string;
  payment_authority?: PaymentAuthority;
  relationships?: Relationships;
  /** Not in the contract's response table: echoed because the list filters on them (extra fields are allowed). */
  name: string;
  email: string;
}

export interface Subscription {
  id: string;
  type: 'subscription';
  attributes: SubscriptionAttributes;
  meta: {
    owner: Owner;
    timestamps: SubscriptionTimestamps;
    status: SubscriptionStatus;
    state?: SubscriptionState;
  };
}

import type {
  Offering,
  OfferingPlan,
  OfferingProduct,
  PaymentAuthority,
  StateAction,
  SubscriptionStatus,
} from './subscription-resources.js';

/** A subscriber: the contract has no account resource, so accounts only give seeded subscriptions a shared owner. */
export interface Account {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly address_ids: readonly string[];
}

/** An offering with its products and plans; shared (never copied) by every subscription on it. */
export interface OfferingEntry {
  readonly offering: Offering;
  readonly products: readonly OfferingProduct[];
  readonly plans: readonly OfferingPlan[];
}

/**
 * A stored subscription: flat and immutable (an update stores a new record), times in epoch milliseconds.
 * Kept compact because a store may hold 100,000 of them; `subscriptionJson` writes the response text.
 */
/** The optional times of a subscription, in the order its response's `meta.timestamps` lists them. */
export const OPTIONAL_TIMESTAMPS = [
  'canceled_at',
  'paused_at',
  'resumed_at',
  'end_date',
  'go_live_after',
  'go_live',
] as const;

export interface SubscriptionRecord {
  readonly id: string;
  readonly account_id: string;
  /** From the create body (BuildSubscription); filterable, and echoed in the response's attributes. */
  readonly name: string;
  readonly email: string;
  readonly external_ref: string | undefined;
  readonly address_id: string | undefined;
  readonly offering: OfferingEntry;
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

/** The subscription's current state (interface.md's SubscriptionState), times in epoch milliseconds. */
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

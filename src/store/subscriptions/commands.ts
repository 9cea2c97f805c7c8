import type { BillingIntervalType, EndBehavior, PaymentAuthority, Price, PriceUnits } from './records.js';

/** What a write asks of the store, already checked against the spec by the caller: shapes, not rules. */

export interface ProductCommand {
  external_ref?: string;
  name: string;
  description?: string;
  sku?: string;
  main_image?: string;
  price?: Price;
  price_units?: PriceUnits;
}

export interface PlanCommand {
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
  /** The plan the new subscription starts on (else the first). */
  selected: boolean;
}

export interface InlineOfferingCommand {
  external_ref?: string;
  name: string;
  description?: string;
  products: readonly ProductCommand[];
  plans: readonly PlanCommand[];
}

export interface CreateSubscriptionCommand {
  account_id: string;
  name: string;
  email: string;
  currency: string;
  manual_payments: boolean;
  pending: boolean;
  external_ref?: string;
  address_id?: string;
  payment_authority?: PaymentAuthority;
  /** An existing offering; exactly one of offering_id and offering is expected. */
  offering_id?: string;
  offering?: InlineOfferingCommand;
  plan_id?: string;
  /** Planned times from the body's meta.timestamps, epoch ms. */
  go_live_after?: number;
  end_date?: number;
}

/** Only what is given changes; null clears. */
export interface UpdateSubscriptionCommand {
  plan_id?: string;
  address_id?: string | null;
  payment_authority?: PaymentAuthority;
  go_live_after?: number | null;
}

/** A domain rule a command breaks: the path of the field in the command (empty: the command as a whole). */
export interface RuleBroken {
  field: readonly (string | number)[];
  detail: string;
}

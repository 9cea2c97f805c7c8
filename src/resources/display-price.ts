import type { Schemas } from '../contract/schemas.js';
import { formatPrice } from '../i18n/price-format.js';

/** A display price as both the subscriptions and the catalog send it: with and without tax, formatted. */
export type DisplayPrice = Schemas['CatalogDisplayPrice'] & Required<Schemas['DisplayPrice']>;

/** A price amount in a currency's smallest subdivision; no `includes_tax` means the price is without tax. */
export interface PriceAmount {
  amount: number;
  includes_tax?: boolean;
}

/** With- and without-tax amounts at a rate in basis points, in integers rounded half up to the smallest unit. */
export function taxedAmounts(
  amount: number,
  includesTax: boolean,
  taxRateBp: number,
): { withTax: number; withoutTax: number } {
  const scale = 10_000 + taxRateBp;
  return includesTax
    ? { withTax: amount, withoutTax: Math.round((amount * 10_000) / scale) }
    : { withTax: Math.round((amount * scale) / 10_000), withoutTax: amount };
}

/** The one display price; subscriptions, with no currency or rate in the contract, use DISPLAY_TAX_RATE_BP. */
export function displayPrice(
  price: PriceAmount,
  currency: string,
  taxRateBp: number,
  language: string,
): DisplayPrice {
  const { withTax, withoutTax } = taxedAmounts(price.amount, price.includes_tax ?? false, taxRateBp);
  return {
    with_tax: { amount: withTax, currency, formatted: formatPrice(withTax, currency, language) },
    without_tax: { amount: withoutTax, currency, formatted: formatPrice(withoutTax, currency, language) },
  };
}

/** The display tax rate of subscription prices, in basis points: the contract shows with/without tax, no rate. */
export const DISPLAY_TAX_RATE_BP = 2000;

import type { Schemas } from '../contract/schemas.js';
import { formatPrice } from '../i18n/price-format.js';

/** A display price as both the subscriptions and the catalog send it: with and without tax, formatted. */
export type DisplayPrice = Schemas['CatalogDisplayPrice'] & Required<Schemas['DisplayPrice']>;

/** A price amount in a currency's smallest subdivision; no `includes_tax` means the price is without tax. */
export interface PriceAmount {
  amount: number;
  includes_tax?: boolean;
}

/**
 * The amounts with and without tax for one price amount, at a tax rate in basis points, rounded half up to
 * the currency's smallest unit: a price that includes tax is divided by (1 + rate), one that does not is
 * multiplied by it. Integer arithmetic, so 1200 at 20 % is exactly 1000 and 1440.
 * @example taxedAmounts(1200, true, 2000) // { withTax: 1200, withoutTax: 1000 }
 */
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

/**
 * The one display price of the mock: a price amount in `currency` at a tax rate, formatted for a language.
 * The catalog uses its display currency and tax rate; subscriptions have neither in the contract, so they
 * show the first currency of a price at the fixed DISPLAY_TAX_RATE_BP, in en-US.
 * @example displayPrice({ amount: 1010, includes_tax: true }, 'USD', 2000, 'en-US').with_tax.formatted // '$10.10'
 */
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

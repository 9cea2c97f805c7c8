import { formatPrice } from '../../i18n/price-format.js';
import type { CatalogPrice, CatalogSkeleton } from './catalog-records.js';
import type { DisplayPrice } from './node-product.js';

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
 * `display_price` of a price in the catalog's display currency, formatted for the language; undefined
 * when the price has no amount in that currency.
 * @example displayPrice({ USD: { amount: 1010, includes_tax: true } }, catalog, 'en-US').with_tax.formatted // '$10.10'
 */
export function displayPrice(
  price: CatalogPrice | undefined,
  catalog: Pick<CatalogSkeleton, 'display_currency' | 'tax_rate_bp'>,
  language: string,
): DisplayPrice | undefined {
  const currency = catalog.display_currency;
  const entry = price?.[currency];
  if (entry === undefined) return undefined;
  const { withTax, withoutTax } = taxedAmounts(entry.amount, entry.includes_tax, catalog.tax_rate_bp);
  return {
    with_tax: { amount: withTax, currency, formatted: formatPrice(withTax, currency, language) },
    without_tax: { amount: withoutTax, currency, formatted: formatPrice(withoutTax, currency, language) },
  };
}

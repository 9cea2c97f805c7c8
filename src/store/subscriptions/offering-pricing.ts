import type { DisplayPrice, OfferingProduct, Price } from './subscription-resources.js';

/** The display price's tax rate: the contract shows with_tax and without_tax but no rate, so the mock fixes one. */
export const DISPLAY_TAX_RATE = 0.2;

const LOCALE = 'en-US';
const formatters = new Map<string, Intl.NumberFormat | null>();

/**
 * An amount in a currency's minor units, formatted for en-US (subscriptions have no language parameter).
 * @example formatAmount(1010, 'USD') // '$10.10'
 */
export function formatAmount(amount: number, currency: string): string {
  const formatter = formatterFor(currency);
  if (!formatter) return `${amount} ${currency}`;
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(amount / 10 ** digits);
}

function formatterFor(currency: string): Intl.NumberFormat | null {
  let formatter = formatters.get(currency);
  if (formatter === undefined) {
    // A client may price an inline product in a code Intl does not accept; it still gets a readable string.
    try {
      formatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    } catch {
      formatter = null;
    }
    if (formatters.size < 1000) formatters.set(currency, formatter);
  }
  return formatter;
}

/** The display price of the first currency of `price`, with and without the fixed display tax rate. */
export function displayPrice(price: Price | undefined): DisplayPrice | undefined {
  const first = price && Object.entries(price)[0];
  if (!first) return undefined;
  const [currency, { amount, includes_tax: includesTax }] = first;
  const withTax = includesTax ? amount : Math.round(amount * (1 + DISPLAY_TAX_RATE));
  const withoutTax = includesTax ? Math.round(amount / (1 + DISPLAY_TAX_RATE)) : amount;
  return {
    without_tax: { amount: withoutTax, currency, formatted: formatAmount(withoutTax, currency) },
    with_tax: { amount: withTax, currency, formatted: formatAmount(withTax, currency) },
  };
}

/**
 * What a plan costs per billing: its fixed price where it has one, otherwise the sum of the offering's
 * product prices less the plan's base_price_percentage discount.
 */
export function planPrice(
  products: readonly Pick<OfferingProduct['attributes'], 'price'>[],
  plan: { fixed_price?: Price | undefined; base_price_percentage?: number | undefined },
): Price | undefined {
  const total: Price = {};
  for (const product of products) {
    for (const [currency, { amount, includes_tax: includesTax }] of Object.entries(product.price ?? {})) {
      const sum = total[currency];
      if (sum) sum.amount += amount;
      else total[currency] = includesTax === undefined ? { amount } : { amount, includes_tax: includesTax };
    }
  }
  const discount = Math.min(Math.max(plan.base_price_percentage ?? 0, 0), 100);
  for (const sum of Object.values(total)) sum.amount = Math.round((sum.amount * (100 - discount)) / 100);
  const price = { ...total, ...plan.fixed_price };
  return Object.keys(price).length > 0 ? price : undefined;
}

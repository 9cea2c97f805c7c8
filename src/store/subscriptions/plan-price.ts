import type { OfferingPlanRecord, OfferingProductRecord, Price } from './records.js';

/** A plan's price per billing: its own, else its products' less base_price_percentage; undefined if unpriced. */
export function planPrice(
  products: readonly Pick<OfferingProductRecord, 'price'>[],
  plan: Pick<OfferingPlanRecord, 'fixed_price' | 'base_price_percentage'>,
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

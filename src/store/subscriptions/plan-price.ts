import type { OfferingPlanRecord, OfferingProductRecord, Price } from './records.js';

/**
 * What a plan costs per billing: its fixed price where it has one, otherwise the sum of the offering's
 * product prices less the plan's base_price_percentage discount. Undefined when nothing is priced.
 * @example planPrice([{ price: { USD: { amount: 1000 } } }], { base_price_percentage: 10 }) // { USD: { amount: 900 } }
 */
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

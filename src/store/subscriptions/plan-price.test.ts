import { describe, expect, it } from 'vitest';
import { planPrice } from './plan-price.js';
import type { Price } from './records.js';

describe('planPrice', () => {
  const products: { price?: Price }[] = [
    { price: { USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900 } } },
    { price: { USD: { amount: 500, includes_tax: false } } },
    {},
  ];
  const cases: {
    title: string;
    plan: { fixed_price?: Price; base_price_percentage?: number };
    expected: Price | undefined;
  }[] = [
    {
      title: 'sums the product prices per currency',
      plan: {},
      expected: { USD: { amount: 1500, includes_tax: false }, EUR: { amount: 900 } },
    },
    {
      title: 'takes the base price percentage off the sum',
      plan: { base_price_percentage: 10 },
      expected: { USD: { amount: 1350, includes_tax: false }, EUR: { amount: 810 } },
    },
    {
      title: 'lets a fixed price replace the sum in its currencies',
      plan: { fixed_price: { USD: { amount: 99, includes_tax: true } } },
      expected: { USD: { amount: 99, includes_tax: true }, EUR: { amount: 900 } },
    },
  ];
  it.each(cases)('$title', ({ plan, expected }) => {
    expect(planPrice(products, plan)).toEqual(expected);
  });
  it('has no price when nothing is priced', () => {
    expect(planPrice([{}], {})).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { displayPrice, formatAmount, planPrice } from './offering-pricing.js';
import type { Price } from './subscription-resources.js';

describe('formatAmount', () => {
  const cases = [
    { amount: 1010, currency: 'USD', expected: '$10.10' },
    { amount: 5, currency: 'EUR', expected: '€0.05' },
    { amount: 123456, currency: 'GBP', expected: '£1,234.56' },
    { amount: 1500, currency: 'JPY', expected: '¥1,500' },
    { amount: 42, currency: 'not a code', expected: '42 not a code' },
  ];
  it.each(cases)('formats $amount $currency as $expected', ({ amount, currency, expected }) => {
    expect(formatAmount(amount, currency)).toBe(expected);
  });
});

describe('displayPrice', () => {
  it('adds the display tax rate to a price without tax', () => {
    expect(displayPrice({ USD: { amount: 1000, includes_tax: false } })).toEqual({
      without_tax: { amount: 1000, currency: 'USD', formatted: '$10.00' },
      with_tax: { amount: 1200, currency: 'USD', formatted: '$12.00' },
    });
  });
  it('takes the tax out of a price that includes it', () => {
    expect(displayPrice({ EUR: { amount: 1200, includes_tax: true } })?.without_tax.amount).toBe(1000);
  });
  it('uses the first currency of a price', () => {
    expect(displayPrice({ GBP: { amount: 1 }, USD: { amount: 2 } })?.with_tax.currency).toBe('GBP');
  });
  it('has no display price without a price', () => {
    expect(displayPrice(undefined)).toBeUndefined();
    expect(displayPrice({})).toBeUndefined();
  });
});

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

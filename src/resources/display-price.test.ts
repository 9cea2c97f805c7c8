import { describe, expect, it } from 'vitest';
import { DISPLAY_TAX_RATE_BP, displayPrice, taxedAmounts } from './display-price.js';

describe('taxedAmounts', () => {
  const cases = [
    { amount: 1200, includesTax: true, rate: 2000, withTax: 1200, withoutTax: 1000 },
    { amount: 1000, includesTax: false, rate: 2000, withTax: 1200, withoutTax: 1000 },
    { amount: 1010, includesTax: true, rate: 2000, withTax: 1010, withoutTax: 842 },
    { amount: 999, includesTax: false, rate: 1900, withTax: 1189, withoutTax: 999 },
    { amount: 1, includesTax: true, rate: 1000, withTax: 1, withoutTax: 1 },
    { amount: 0, includesTax: false, rate: 2000, withTax: 0, withoutTax: 0 },
    { amount: 500, includesTax: true, rate: 0, withTax: 500, withoutTax: 500 },
  ];
  it.each(cases)(
    'derives $withTax with and $withoutTax without tax from $amount (includes_tax $includesTax) at $rate bp',
    ({ amount, includesTax, rate, withTax, withoutTax }) => {
      expect(taxedAmounts(amount, includesTax, rate)).toEqual({ withTax, withoutTax });
    },
  );
});

describe('displayPrice', () => {
  it('formats both amounts for the language, with tax first', () => {
    expect(displayPrice({ amount: 1010, includes_tax: false }, 'USD', 2000, 'en-US')).toEqual({
      with_tax: { amount: 1212, currency: 'USD', formatted: '$12.12' },
      without_tax: { amount: 1010, currency: 'USD', formatted: '$10.10' },
    });
    expect(
      displayPrice({ amount: 1010, includes_tax: false }, 'USD', 2000, 'de-DE').without_tax.formatted,
    ).toBe('10,10\u00a0$');
  });

  it('uses the currency minor units (JPY has none)', () => {
    const shown = displayPrice({ amount: 1100, includes_tax: true }, 'JPY', 1000, 'en-US');
    expect(shown.without_tax).toEqual({ amount: 1000, currency: 'JPY', formatted: '¥1,000' });
  });

  it('reads a price without includes_tax as a price without tax (subscription prices)', () => {
    expect(displayPrice({ amount: 1000 }, 'EUR', DISPLAY_TAX_RATE_BP, 'en-US')).toEqual({
      with_tax: { amount: 1200, currency: 'EUR', formatted: '€12.00' },
      without_tax: { amount: 1000, currency: 'EUR', formatted: '€10.00' },
    });
  });
});

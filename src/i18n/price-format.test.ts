import { describe, expect, it } from 'vitest';
import { formatPrice, minorUnitDigits } from './price-format.js';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

const formatted: { amount: number; currency: string; language: string; expected: string }[] = [
  { amount: 1010, currency: 'USD', language: 'en-US', expected: '$10.10' },
  { amount: 1010, currency: 'USD', language: 'de-DE', expected: `10,10${NBSP}$` },
  { amount: 1010, currency: 'USD', language: 'fr-FR', expected: `10,10${NBSP}$US` },
  { amount: 123456, currency: 'EUR', language: 'de-DE', expected: `1.234,56${NBSP}€` },
  { amount: 123456, currency: 'EUR', language: 'fr-FR', expected: `1${NNBSP}234,56${NBSP}€` },
  { amount: 123456, currency: 'EUR', language: 'en-US', expected: '€1,234.56' },
  { amount: 1010, currency: 'JPY', language: 'en-US', expected: '¥1,010' },
  { amount: 1010, currency: 'JPY', language: 'de-DE', expected: `1.010${NBSP}¥` },
  { amount: 5, currency: 'GBP', language: 'en-US', expected: '£0.05' },
  { amount: 0, currency: 'USD', language: 'en-US', expected: '$0.00' },
];

describe('formatPrice', () => {
  it.each(formatted)(
    'formats $amount $currency in $language as $expected',
    ({ amount, currency, language, expected }) => {
      expect(formatPrice(amount, currency, language)).toBe(expected);
    },
  );
});

describe('minorUnitDigits', () => {
  const digits = [
    { currency: 'USD', expected: 2 },
    { currency: 'EUR', expected: 2 },
    { currency: 'JPY', expected: 0 },
    { currency: 'BHD', expected: 3 },
  ];
  it.each(digits)('gives $currency $expected digits after the decimal point', ({ currency, expected }) => {
    expect(minorUnitDigits(currency)).toBe(expected);
  });
});

describe('formatPrice against Intl', () => {
  const amounts = [
    { amount: 1010, currency: 'USD', language: 'en-US' },
    { amount: -0, currency: 'USD', language: 'en-US' },
    { amount: 0, currency: 'USD', language: 'en-US' },
    { amount: 10.5, currency: 'USD', language: 'de-DE' },
    { amount: 123456, currency: 'EUR', language: 'fr-FR' },
    { amount: 1010, currency: 'JPY', language: 'de-DE' },
  ];
  it.each(amounts)(
    'formats $amount $currency in $language exactly as Intl does, every time',
    ({ amount, currency, language }) => {
      const intl = new Intl.NumberFormat(language, { style: 'currency', currency });
      const digits = intl.resolvedOptions().maximumFractionDigits ?? 2;
      const expected = intl.format(amount / 10 ** digits);
      expect([formatPrice(amount, currency, language), formatPrice(amount, currency, language)]).toEqual([
        expected,
        expected,
      ]);
    },
  );
});

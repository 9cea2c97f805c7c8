import { describe, expect, it } from 'vitest';
import type { CatalogSkeleton } from '../../store/catalog/catalog-records.js';
import { priceAmount, priceIn, scalePrice } from './seed-pricing.js';

const catalog: Pick<CatalogSkeleton, 'currencies'> = {
  currencies: [
    { code: 'EUR', includes_tax: true },
    { code: 'USD', includes_tax: false },
    { code: 'JPY', includes_tax: true },
  ],
};

describe('priceAmount', () => {
  const cases = [
    { a: [1999, true], b: [1999, true], shared: true },
    { a: [1999, true], b: [1999, false], shared: false },
    { a: [1999, false], b: [2000, false], shared: false },
    { a: [0, false], b: [0, false], shared: true },
    { a: [10.5, true], b: [10.5, true], shared: false },
    { a: [2 ** 53, true], b: [2 ** 53, true], shared: false },
  ] as const;
  it.each(cases)('gives $a and $b one shared object: $shared', ({ a, b, shared }) => {
    const [first, second] = [priceAmount(a[0], a[1]), priceAmount(b[0], b[1])];
    expect([first, second]).toEqual([
      { amount: a[0], includes_tax: a[1] },
      { amount: b[0], includes_tax: b[1] },
    ]);
    expect(first === second).toBe(shared);
  });
});

describe('priceIn and scalePrice', () => {
  it('give every currency of the catalog its amount and flag, in the catalog order, sharing equal amounts', () => {
    const price = priceIn(catalog as CatalogSkeleton, 2_000);
    expect(price).toEqual({
      EUR: { amount: 1_799, includes_tax: true },
      USD: { amount: 1_999, includes_tax: false },
      JPY: { amount: 3_000, includes_tax: true },
    });
    expect(Object.keys(price)).toEqual(['EUR', 'USD', 'JPY']);
    expect(priceIn(catalog as CatalogSkeleton, 2_000).USD).toBe(price.USD);
    expect(scalePrice(price, 1).EUR).toBe(price.EUR);
  });

  const factors = [
    { factor: 0.9, EUR: 1_619, USD: 1_799 },
    { factor: 0, EUR: 1, USD: 1 },
  ];
  it.each(factors)('scales a price by $factor, at least 1 per currency', ({ factor, EUR, USD }) => {
    const scaled = scalePrice(
      { EUR: { amount: 1_799, includes_tax: true }, USD: { amount: 1_999, includes_tax: false } },
      factor,
    );
    expect(scaled).toEqual({
      EUR: { amount: EUR, includes_tax: true },
      USD: { amount: USD, includes_tax: false },
    });
  });
});

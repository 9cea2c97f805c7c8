import { describe, expect, it } from 'vitest';
import {
  curatedAfterOthers,
  curatedFlagProblem,
  descendsBySortOrder,
  hasEmptyVariations,
  latestPublication,
  newestFirst,
  tierProblems,
  variationOrderProblems,
} from './catalog-rules.js';

const orders = (...values: Array<number | null>) => values.map((sort_order) => ({ sort_order }));

describe('descendsBySortOrder', () => {
  const cases: Array<[string, unknown[], boolean]> = [
    ['descending orders', orders(10, 4, 1), true],
    ['equal neighbours', orders(5, 5), true],
    ['an ascending pair', orders(1, 4), false],
    ['nulls left out of the comparison', orders(16, null, 15), true],
    ['nulls do not hide a rise', orders(1, null, 3), false],
    ['no entries', [], true],
  ];
  it.each(cases)('holds for %s: %s', (_, entries, expected) => {
    expect(descendsBySortOrder(entries)).toBe(expected);
  });
});

describe('variation rules', () => {
  const product = (published: string | null, variations: unknown) => ({
    attributes: { published_at: published },
    meta: variations === undefined ? {} : { variations },
  });
  const cases: Array<{ name: string; product: unknown; problems: string[]; empty: boolean }> = [
    {
      name: 'a published product in descending order',
      product: product('2025-01-01T00:00:00Z', [
        { sort_order: 2, options: orders(3, 1) },
        { sort_order: 1, options: [] },
      ]),
      problems: [],
      empty: false,
    },
    {
      name: 'a published product with rising variations',
      product: product('2025-01-01T00:00:00Z', [
        { sort_order: 1, options: [] },
        { sort_order: 2, options: [] },
      ]),
      problems: ['meta.variations'],
      empty: false,
    },
    {
      name: 'a published product with rising options',
      product: product('2025-01-01T00:00:00Z', [{ sort_order: 1, options: orders(1, 2) }]),
      problems: ['meta.variations[0].options'],
      empty: false,
    },
    {
      name: 'an unpublished product in any order',
      product: product(null, [
        { sort_order: 1, options: [] },
        { sort_order: 2, options: [] },
      ]),
      problems: [],
      empty: false,
    },
    {
      name: 'a product listing no variations',
      product: product('2025-01-01T00:00:00Z', []),
      problems: [],
      empty: true,
    },
    {
      name: 'a product without the member',
      product: product('2025-01-01T00:00:00Z', undefined),
      problems: [],
      empty: false,
    },
  ];
  it.each(cases)('judges $name', ({ product: p, problems, empty }) => {
    expect(variationOrderProblems(p)).toEqual(problems);
    expect(hasEmptyVariations(p)).toBe(empty);
  });
});

describe('tiers and curated flags', () => {
  const tiers = (value: unknown) => ({ attributes: { tiers: value } });
  const tierCases: Array<[string, unknown, string[]]> = [
    ['tiers with minimum quantities', tiers({ bulk: { minimum_quantity: 5 } }), []],
    ['a tier without one', tiers({ bulk: { price: {} } }), ['bulk']],
    ['a tier below one', tiers({ a: { minimum_quantity: 0 }, b: { minimum_quantity: 2.5 } }), ['a', 'b']],
    ['no tiers', {}, []],
  ];
  it.each(tierCases)('finds the broken tiers of %s', (_, product, broken) => {
    expect(tierProblems(product)).toEqual(broken);
  });

  const curated = (value: unknown, id = 'x') => ({
    id,
    attributes: value === undefined ? {} : { curated_product: value },
  });
  it.each([
    [true, false],
    [undefined, false],
    [false, true],
    ['true', true],
  ])('flags curated_product %j as a problem: %s', (value, problem) => {
    expect(curatedFlagProblem(curated(value))).toBe(problem);
  });

  const orderCases: Array<[string, unknown[], string | undefined]> = [
    ['curated first', [curated(true, 'a'), curated(true, 'b'), curated(undefined, 'c')], undefined],
    ['no curated products', [curated(undefined, 'a')], undefined],
    [
      'a curated product after another',
      [curated(true, 'a'), curated(undefined, 'b'), curated(true, 'c')],
      'c',
    ],
  ];
  it.each(orderCases)('finds the late curated product with %s', (_, products, late) => {
    expect(curatedAfterOthers(products)).toBe(late);
  });
});

describe('timestamps', () => {
  const at = (updated_at: string, published_at?: string) => ({ attributes: { updated_at, published_at } });
  it.each([
    [[at('2025-02-01T00:00:00Z'), at('2025-01-01T00:00:00.000Z')], true],
    [[at('2025-01-01T00:00:00Z'), at('2025-02-01T00:00:00Z')], false],
    [[at('not a date')], false],
  ])('tells whether %j is newest first: %s', (records, expected) => {
    expect(newestFirst(records)).toBe(expected);
  });

  it('finds the latest publication time, or none', () => {
    expect(latestPublication([at('x', '2025-06-02T09:00:00Z'), at('x', '2025-12-01T09:00:00Z')])).toBe(
      Date.parse('2025-12-01T09:00:00Z'),
    );
    expect(latestPublication([at('x')])).toBeUndefined();
  });
});

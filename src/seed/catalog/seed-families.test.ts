import { describe, expect, it } from 'vitest';
import type { CatalogSkeleton, VariationMatrix } from '../../store/catalog/catalog-records.js';
import { bySortOrderDescending, seedFamily } from './seed-families.js';
import type { ProductSeedContext } from './seed-products.js';
import { seededRandom } from '../derive-seed.js';

const catalog: CatalogSkeleton = {
  id: 'c',
  name: 'Test',
  releases: [{ id: 'r0', index: 0, name: 'R0', published_at: '2025-06-01T00:00:00.000Z' }],
  display_currency: 'USD',
  currencies: [{ code: 'USD', includes_tax: false }],
  tax_rate_bp: 2000,
  pricebook_id: 'pb',
};

function context(seed: number): ProductSeedContext {
  return {
    random: seededRandom(seed, 'family'),
    catalog,
    files: [],
    images: [],
    skuPrefix: 'T',
    sequence: 0,
  };
}

describe('bySortOrderDescending', () => {
  const cases = [
    { orders: [1, 3, 2], expected: [3, 2, 1] },
    { orders: [null, 5, 1], expected: [5, 1, null] },
    { orders: [null, null, 0], expected: [0, null, null] },
  ];
  it.each(cases)('orders $orders as $expected with nulls last', ({ orders, expected }) => {
    const items = orders.map((sort_order, at) => ({ sort_order, name: String(at) }));
    expect(items.sort(bySortOrderDescending).map((item) => item.sort_order)).toEqual(expected);
  });
});

function leaves(matrix: VariationMatrix): string[] {
  return Object.values(matrix).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));
}

function levels(matrix: VariationMatrix): VariationMatrix[] {
  return [
    matrix,
    ...Object.values(matrix).flatMap((value) => (typeof value === 'string' ? [] : levels(value))),
  ];
}

describe('seedFamily', () => {
  const shapes = [
    { optionCounts: [3, 2], children: 6 },
    { optionCounts: [2, 2], children: 4 },
    { optionCounts: [3], children: 3 },
  ];
  it.each(shapes)(
    'seeds a parent and $children children for options $optionCounts',
    ({ optionCounts, children }) => {
      const [parent, ...family] = seedFamily(
        context(optionCounts.length * 10 + children),
        { since: 0 },
        optionCounts,
      );
      expect(parent?.productType).toBe('parent');
      expect(family).toHaveLength(children);
      expect(parent?.child_ids).toEqual(family.map((child) => child.id));
      expect(leaves(parent?.variation_matrix ?? {}).sort()).toEqual(family.map((child) => child.id).sort());
      // Keyed by unique ids: every level without a prototype (a dictionary to V8, see matrixLevel).
      for (const level of levels(parent?.variation_matrix ?? {}))
        expect(Object.getPrototypeOf(level)).toBeNull();
      for (const variation of parent?.variations ?? []) {
        expect([...variation.options].sort(bySortOrderDescending)).toEqual(variation.options);
      }
      expect([...(parent?.variations ?? [])].sort(bySortOrderDescending)).toEqual(parent?.variations);
      for (const child of family) {
        expect(child.productType).toBe('child');
        expect(child.parent_id).toBe(parent?.id);
        expect(child.child_variations?.map((variation) => variation.option.id)).toEqual(
          child.child_option_ids,
        );
        // The matrix leads from the child's options, in the variations' order, to the child.
        let level: VariationMatrix | string | undefined = parent?.variation_matrix;
        for (const id of child.child_option_ids ?? [])
          level = typeof level === 'object' ? level[id] : undefined;
        expect(level).toBe(child.id);
      }
      expect(new Set(family.map((child) => child.sku)).size).toBe(children);
    },
  );
});

import type {
  ChildVariation,
  ProductRecord,
  Variation,
  VariationMatrix,
  VariationOption,
} from '../../store/catalog/catalog-records.js';
import type { SeedRandom } from '../seed-random.js';
import { scalePrice } from './seed-pricing.js';
import { seedProductBase, type ProductSeedContext, type ProductTraits } from './seed-products.js';

const VARIATION_KINDS: readonly { name: string; options: readonly [string, string][] }[] = [
  {
    name: 'Color',
    options: [
      ['Red', 'A warm, deep red'],
      ['Blue', 'A calm ocean blue'],
      ['Green', 'A soft sage green'],
      ['Black', 'A classic matte black'],
      ['White', 'A clean bright white'],
    ],
  },
  {
    name: 'Size',
    options: [
      ['Small', 'Compact, for tight spaces'],
      ['Medium', 'The everyday size'],
      ['Large', 'Generous, room to spare'],
    ],
  },
  {
    name: 'Finish',
    options: [
      ['Matte', 'Low sheen, hides fingerprints'],
      ['Gloss', 'High shine, easy to wipe'],
    ],
  },
];

export const MAX_VARIATIONS = VARIATION_KINDS.length;

/** Published order (interface.md): descending sort_order; null sorts last, ties by name. */
export function bySortOrderDescending<T extends { sort_order: number | null; name: string }>(
  a: T,
  b: T,
): number {
  if (a.sort_order === b.sort_order) return a.name.localeCompare(b.name, 'en');
  if (a.sort_order === null) return 1;
  if (b.sort_order === null) return -1;
  return b.sort_order - a.sort_order;
}

const SORT_ORDERS = Array.from({ length: 20 }, (_, index) => index + 1);

/** Distinct sort orders, one of them possibly null (the contract makes sort_order nullable). */
function sortOrders(random: SeedRandom, count: number, allowNull: boolean): (number | null)[] {
  const orders: (number | null)[] = random.pickSome(SORT_ORDERS, count);
  if (allowNull && count > 1 && random.boolean(0.3)) orders[count - 1] = null;
  return orders;
}

/** One kind per wanted variation, each with at least as many options as asked for when one is left. */
function pickKinds(random: SeedRandom, optionCounts: readonly number[]): (typeof VARIATION_KINDS)[number][] {
  const left = [...VARIATION_KINDS];
  return optionCounts.slice(0, MAX_VARIATIONS).flatMap((count) => {
    const fitting = left.filter((kind) => kind.options.length >= count);
    const kind = random.pick(fitting.length > 0 ? fitting : left);
    left.splice(left.indexOf(kind), 1);
    return [kind];
  });
}

function seedVariations(random: SeedRandom, optionCounts: readonly number[]): Variation[] {
  const kinds = pickKinds(random, optionCounts);
  const variationOrders = sortOrders(random, kinds.length, false);
  return kinds
    .map((kind, index): Variation => {
      const count = Math.min(Math.max(1, optionCounts[index] ?? 2), kind.options.length);
      const orders = sortOrders(random, count, true);
      const options = random
        .pickSome(kind.options, count)
        .map(([name, description], at): VariationOption => ({
          id: random.fakerUuid(),
          name,
          sort_order: orders[at] ?? null,
          description,
        }));
      return {
        id: random.fakerUuid(),
        name: kind.name,
        sort_order: variationOrders[index] ?? null,
        options: options.sort(bySortOrderDescending),
      };
    })
    .sort(bySortOrderDescending);
}

/** Every combination of one option per variation, in the variations' (published) order. */
function combinations(variations: readonly Variation[]): VariationOption[][] {
  return variations.reduce<VariationOption[][]>(
    (partial, variation) => partial.flatMap((combo) => variation.options.map((option) => [...combo, option])),
    [[]],
  );
}

/** Without a prototype, so V8 keeps it a dictionary: unique keys on `{}` would make thousands of hidden classes. */
function matrixLevel(): VariationMatrix {
  return Object.create(null) as VariationMatrix;
}

function setInMatrix(matrix: VariationMatrix, optionIds: readonly string[], childId: string): void {
  let level = matrix;
  optionIds.forEach((optionId, index) => {
    if (index === optionIds.length - 1) {
      level[optionId] = childId;
      return;
    }
    const next = level[optionId];
    const nested = typeof next === 'object' ? next : matrixLevel();
    level[optionId] = nested;
    level = nested;
  });
}

/** A parent, its variations and one child per option combination ([3, 2] options -> 6 children), parent first. */
export function seedFamily(
  context: ProductSeedContext,
  traits: ProductTraits,
  optionCounts: readonly number[],
): ProductRecord[] {
  const parent = seedProductBase(context, traits, 'parent');
  const variations = seedVariations(context.random, optionCounts);
  const matrix = matrixLevel();
  const children = combinations(variations).map((options, index) => {
    // Children carry prices of their own, not the parent's sale, tiers or modifiers.
    const child = seedProductBase(
      context,
      {
        since: traits.since,
        status: traits.status,
        sale: false,
        tiers: false,
        modifiers: false,
        customInputs: false,
      },
      'child',
    );
    const codes = options.map((option) => option.name.slice(0, 3).toUpperCase()).join('-');
    child.wording = parent.wording;
    child.nameSuffix = ` (${options.map((option) => option.name).join(', ')})`;
    child.name = `${parent.name}${child.nameSuffix}`;
    child.sku = `${parent.sku}-${codes}`;
    child.slug = `${parent.slug}-${codes.toLowerCase()}`;
    child.tags = parent.tags;
    child.price = scalePrice(parent.sale?.original_price ?? parent.price, 1 + 0.05 * index);
    child.parent_id = parent.id;
    child.child_option_ids = options.map((option) => option.id);
    child.child_variations = variations.map((variation, at): ChildVariation => ({
      ...variation,
      option: options[at] ?? variation.options[0]!,
    }));
    setInMatrix(matrix, child.child_option_ids, child.id);
    return child;
  });
  parent.variations = variations;
  parent.variation_matrix = matrix;
  parent.child_ids = children.map((child) => child.id);
  return [parent, ...children];
}

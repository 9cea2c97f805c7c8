import { arrayOf, idOf, jsonAt, objectEntries } from './json-at.js';

/**
 * Whether sort_order values descend (equal neighbours allowed). Null or missing orders are left out: the
 * contract says nothing of where unordered entries go.
 */
export function descendsBySortOrder(entries: readonly unknown[]): boolean {
  const orders = entries
    .map((entry) => jsonAt(entry, 'sort_order'))
    .filter((order): order is number => typeof order === 'number');
  return orders.every((order, i) => i === 0 || order <= (orders[i - 1] ?? order));
}

/**
 * Where a published product's variations or their options are not in descending sort_order (interface.md:
 * "once a parent product is published, they are returned in descending order of sort_order").
 */
export function variationOrderProblems(product: unknown): string[] {
  const published = jsonAt(product, 'attributes', 'published_at');
  const variations = jsonAt(product, 'meta', 'variations');
  if (typeof published !== 'string' || !Array.isArray(variations)) return [];
  const problems: string[] = [];
  if (!descendsBySortOrder(variations)) problems.push('meta.variations');
  variations.forEach((variation, i) => {
    if (!descendsBySortOrder(arrayOf(jsonAt(variation, 'options'))))
      problems.push(`meta.variations[${i}].options`);
  });
  return problems;
}

/** A product that lists `variations` must list some: with none the member is omitted (interface.md). */
export function hasEmptyVariations(product: unknown): boolean {
  const variations = jsonAt(product, 'meta', 'variations');
  return variations !== undefined && (!Array.isArray(variations) || variations.length === 0);
}

/** Tiers whose minimum_quantity is missing, not an integer, or below 1. */
export function tierProblems(product: unknown): string[] {
  return objectEntries(jsonAt(product, 'attributes', 'tiers'))
    .filter(([, tier]) => {
      const minimum = jsonAt(tier, 'minimum_quantity');
      return typeof minimum !== 'number' || !Number.isInteger(minimum) || minimum < 1;
    })
    .map(([name]) => name);
}

/** curated_product is shown only as true (interface.md: "shown with value true when curated; omitted otherwise"). */
export function curatedFlagProblem(product: unknown): boolean {
  const curated = jsonAt(product, 'attributes', 'curated_product');
  return curated !== undefined && curated !== true;
}

/** The first product flagged curated that comes after one that is not (decisions.md: curated come first). */
export function curatedAfterOthers(products: readonly unknown[]): string | undefined {
  let seenOther = false;
  for (const product of products) {
    const curated = jsonAt(product, 'attributes', 'curated_product') === true;
    if (!curated) seenOther = true;
    else if (seenOther) return idOf(product) ?? '(no id)';
  }
  return undefined;
}

/** Whether records come most recently updated first (ISO timestamps compare as time values). */
export function newestFirst(records: readonly unknown[]): boolean {
  const times = records.map((record) => Date.parse(String(jsonAt(record, 'attributes', 'updated_at'))));
  if (times.some(Number.isNaN)) return false;
  return times.every((time, i) => i === 0 || time <= (times[i - 1] ?? time));
}

/** The latest published_at among products, or undefined when none shows one. */
export function latestPublication(products: readonly unknown[]): number | undefined {
  const times = products
    .map((product) => Date.parse(String(jsonAt(product, 'attributes', 'published_at'))))
    .filter((time) => !Number.isNaN(time));
  return times.length === 0 ? undefined : Math.max(...times);
}

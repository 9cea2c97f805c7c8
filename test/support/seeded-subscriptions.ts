import { seedMock } from '../../src/seed/seed-mock.js';
import { SeededSubscriptions } from '../../src/store/subscriptions/seeded-subscriptions.js';

/**
 * The seeded subscriptions (fixture records included) a mock with this seed and size starts with: for store,
 * resources and http tests, which do not import seed/ themselves. Catalogs are seeded as small as they go.
 */
export function seededSubscriptions(options: { seed: number; subscriptions: number }): SeededSubscriptions {
  return new SeededSubscriptions(seedMock({ ...options, products: 1 }).subscriptions);
}

/**
 * The leaf fields set anywhere in `values` (records, or resources as JSON), as paths: arrays collapsed to
 * `[]`, currency keys as `*`, undefined members left out. Coverage tests compare them with the fields every
 * seeded store must show.
 * @example filledPaths([{ price: { USD: { amount: 1 } } }]) // Set { '.price.*.amount' }
 */
export function filledPaths(values: readonly unknown[]): Set<string> {
  const paths = new Set<string>();
  const walk = (value: unknown, path: string): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((item) => walk(item, `${path}[]`));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value))
        walk(child, `${path}.${/^[A-Z]{3}$/.test(key) ? '*' : key}`);
    } else paths.add(path);
  };
  values.forEach((value) => walk(value, ''));
  return paths;
}

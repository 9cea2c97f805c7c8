import { seedMock } from '../../src/seed/seed-mock.js';
import { SeededSubscriptions } from '../../src/store/subscriptions/seeded-subscriptions.js';

/**
 * The seeded subscriptions (fixture records included) a mock with this seed and size starts with: for store,
 * resources and http tests, which do not import seed/ themselves. Catalogs are seeded as small as they go.
 */
export function seededSubscriptions(options: { seed: number; subscriptions: number }): SeededSubscriptions {
  return new SeededSubscriptions(seedMock({ ...options, products: 1 }).subscriptions);
}

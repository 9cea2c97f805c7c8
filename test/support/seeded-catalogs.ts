import { seedMock } from '../../src/seed/seed-mock.js';
import { CatalogStore } from '../../src/store/catalog/catalog-store.js';

/** The catalogs a mock with this seed and size serves, for tests that walk every catalog, release and node. */
export function seededCatalogStore(options: { seed: number; products: number }): CatalogStore {
  return new CatalogStore(seedMock({ ...options, subscriptions: 0 }).catalogs);
}

import { CatalogStore } from '../store/catalog/catalog-store.js';
import { SeededSubscriptions } from '../store/subscriptions/seeded-subscriptions.js';
import { seedMock, type MockSeed, type MockSeedOptions } from './seed-mock.js';

/** The seed of a mock and the two read-only stores built on it (sessions copy nothing of them). */
export interface SeededStores {
  seeded: MockSeed;
  subscriptions: SeededSubscriptions;
  catalog: CatalogStore;
}

let last: { key: string; stores: SeededStores } | undefined;

/** The stores for the last options asked, reused by a same-options startMock (never written); one seed alive. */
export function seededStores(options: MockSeedOptions): SeededStores {
  const key = `${options.seed}/${options.subscriptions}/${options.products}`;
  if (last?.key === key) return last.stores;
  const seeded = seedMock(options);
  const stores = {
    seeded,
    subscriptions: new SeededSubscriptions(seeded.subscriptions),
    catalog: new CatalogStore(seeded.catalogs),
  };
  last = { key, stores };
  return stores;
}

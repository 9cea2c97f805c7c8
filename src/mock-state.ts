import type { MockOptions } from './mock-options.js';
import { createCatalogStore, type CatalogStore } from './store/catalog/catalog-store.js';
import { createSubscriptionStore } from './store/subscriptions/create-subscription-store.js';
import type { SubscriptionStore } from './store/subscriptions/subscription-store.js';

/** Everything one running mock holds: both stores, seeded from the same options, and the options. */
export interface MockState {
  subscriptions: SubscriptionStore;
  catalog: CatalogStore;
  options: MockOptions;
}

/** Seeds both stores up front, so no request pays for seeding and start-up reports the real cost. */
export function buildState(options: MockOptions): MockState {
  const subscriptions = createSubscriptionStore({ seed: options.seed, subscriptions: options.subscriptions });
  const catalog = createCatalogStore({ seed: options.seed, products: options.products });
  catalog.warm();
  return { subscriptions, catalog, options };
}

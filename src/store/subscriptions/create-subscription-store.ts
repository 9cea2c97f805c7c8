import { seedSubscriptions } from '../../seed/subscriptions/seed-subscriptions.js';
import { loadSubscriptionFixtures } from '../../seed/subscriptions/subscription-fixtures.js';
import { SubscriptionStore, type SubscriptionStoreOptions } from './subscription-store.js';

export interface CreateSubscriptionStoreOptions extends SubscriptionStoreOptions {
  /** faker seed (the CLI's --seed, default 1). */
  seed: number;
  /** Seeded subscriptions (the CLI's --subscriptions, default 300); the fixture records come on top. */
  subscriptions: number;
}

/**
 * The subscription side of the mock's state: `subscriptions` seeded subscriptions plus the fixture records.
 * @example const store = createSubscriptionStore({ seed: 1, subscriptions: 300 }); store.size // 302
 */
export function createSubscriptionStore(options: CreateSubscriptionStoreOptions): SubscriptionStore {
  const seeded = seedSubscriptions(options);
  const fixtures = loadSubscriptionFixtures();
  return new SubscriptionStore(
    {
      accounts: [...fixtures.accounts, ...seeded.accounts],
      offerings: [...fixtures.offerings, ...seeded.offerings],
      subscriptions: [...fixtures.subscriptions, ...seeded.subscriptions],
    },
    options,
  );
}

import type { CatalogRecord } from '../store/catalog/catalog-records.js';
import type { SubscriptionSeedData } from '../store/subscriptions/seeded-subscriptions.js';
import { loadCatalogFixture } from './catalog/catalog-fixture.js';
import { seedCatalogSkeletons } from './catalog/seed-catalog-skeletons.js';
import { seedCatalog } from './catalog/seed-catalog.js';
import { seedSubscriptions } from './subscriptions/seed-subscriptions.js';
import { loadSubscriptionFixtures } from './subscriptions/subscription-fixtures.js';

export interface MockSeedOptions {
  /** faker seed: the same seed and sizes give the same records on every run, machine and version. */
  seed: number;
  /** Seeded subscriptions (the fixture records come on top). */
  subscriptions: number;
  /** Seeded catalog products per release. */
  products: number;
}

/** Everything a mock starts with: records for the stores, and example requests of the fixed catalog. */
export interface MockSeed {
  subscriptions: SubscriptionSeedData;
  catalogs: CatalogRecord[];
  /** Paths (without base) of working node-products requests: with `latest` and with an explicit release. */
  examplePaths: string[];
}

/**
 * Seeds the whole mock up front, so no request pays for seeding and start-up shows the real cost: the fixture
 * records (fixtures/*.json, fixed ids) and the seeded ones. Each catalog has its own derived seed.
 * @example const seeded = seedMock({ seed: 1, subscriptions: 300, products: 200 });
 */
export function seedMock(options: MockSeedOptions): MockSeed {
  const seeded = seedSubscriptions(options);
  const fixtures = loadSubscriptionFixtures();
  const fixture = loadCatalogFixture();
  const skeletons = seedCatalogSkeletons(options.seed, fixture);
  const catalogs = skeletons.map((skeleton, index) =>
    seedCatalog(skeleton, index, options, index === 0 ? fixture : undefined),
  );
  const node = fixture.showcase.node_id;
  const newest = fixture.releases.at(-1)?.id ?? 'latest';
  const path = (release: string) =>
    `/catalogs/${fixture.catalog.id}/releases/${release}/nodes/${node}/relationships/products`;
  return {
    subscriptions: {
      accounts: [...fixtures.accounts, ...seeded.accounts],
      offerings: [...fixtures.offerings, ...seeded.offerings],
      subscriptions: [...fixtures.subscriptions, ...seeded.subscriptions],
    },
    catalogs,
    examplePaths: [path('latest'), path(newest)],
  };
}

import type { CatalogRecord } from '../store/catalog/catalog-records.js';
import type { CatalogSource } from '../store/catalog/catalog-store.js';
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
  /** The fixed catalog first, then the seeded ones; each is seeded on its first read, so a start waits for none. */
  catalogs: CatalogSource[];
  /** Paths (without base) of working node-products requests: with `latest` and with an explicit release. */
  examplePaths: string[];
  /** Working requests of the four operations on the fixed records, for people trying the mock (the inspector). */
  examples: ExampleRequest[];
}

export interface ExampleRequest {
  title: string;
  operation_id: 'createSubscription' | 'updateSubscription' | 'listSubscriptions' | 'getNodeProducts';
  method: 'GET' | 'POST' | 'PUT';
  /** Below the base path. */
  path: string;
  body?: object;
}

/** Seeds the mock: fixture records and seeded subscriptions now, each catalog on its first read. */
export function seedMock(options: MockSeedOptions): MockSeed {
  const seeded = seedSubscriptions(options);
  const fixtures = loadSubscriptionFixtures();
  const fixture = loadCatalogFixture();
  // Each catalog draws from its own derived seed: when, and whether, the others are seeded changes none of its records.
  const catalogs = seedCatalogSkeletons(options.seed, fixture).map((skeleton, index): CatalogSource => {
    let record: CatalogRecord | undefined;
    return {
      id: skeleton.id,
      seed: () => (record ??= seedCatalog(skeleton, index, options, index === 0 ? fixture : undefined)),
    };
  });
  const node = fixture.showcase.node_id;
  const newest = fixture.releases.at(-1)?.id ?? 'latest';
  const path = (release: string) =>
    `/catalogs/${fixture.catalog.id}/releases/${release}/nodes/${node}/relationships/products`;
  const account = fixtures.accounts[0];
  const subscription = fixtures.subscriptions[0];
  const offering = subscription?.offering;
  const otherPlan = offering?.plans.find((plan) => plan.id !== subscription?.plan_id);
  const list = '/subscriptions/subscriptions';
  const examples: ExampleRequest[] = [
    {
      title: 'List subscriptions, a page of 5',
      operation_id: 'listSubscriptions',
      method: 'GET',
      path: `${list}?page[limit]=5`,
    },
    {
      title: "List one account's subscriptions",
      operation_id: 'listSubscriptions',
      method: 'GET',
      path: `${list}?filter=eq(account_id,${account?.id ?? ''})`,
    },
    {
      title: 'List with their plans and products',
      operation_id: 'listSubscriptions',
      method: 'GET',
      path: `${list}?page[limit]=3&include=plans,products`,
    },
    {
      title: "A node's products in the latest release",
      operation_id: 'getNodeProducts',
      method: 'GET',
      path: path('latest'),
    },
    {
      title: "A node's bundles with their components",
      operation_id: 'getNodeProducts',
      method: 'GET',
      path: `${path(newest)}?filter=eq(product_types,bundle)&include=component_products`,
    },
    {
      title: 'Create a subscription',
      operation_id: 'createSubscription',
      method: 'POST',
      path: list,
      body: {
        data: {
          account_id: account?.id,
          offering_id: offering?.id,
          currency: 'USD',
          manual_payments: true,
          name: account?.name,
          email: account?.email,
        },
      },
    },
    {
      title: 'Switch the plan of a subscription',
      operation_id: 'updateSubscription',
      method: 'PUT',
      path: `${list}/${subscription?.id ?? ''}`,
      body: { data: { id: subscription?.id, type: 'subscription', attributes: { plan_id: otherPlan?.id } } },
    },
  ];
  return {
    examples,
    subscriptions: {
      accounts: [...fixtures.accounts, ...seeded.accounts],
      offerings: [...fixtures.offerings, ...seeded.offerings],
      subscriptions: [...fixtures.subscriptions, ...seeded.subscriptions],
    },
    catalogs,
    examplePaths: [path('latest'), path(newest)],
  };
}

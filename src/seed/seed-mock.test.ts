import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../test/support/fixture-ids.js';
import { SeededSubscriptions } from '../store/subscriptions/seeded-subscriptions.js';
import { seedMock } from './seed-mock.js';

const { catalog, subscriptions: ids } = FIXTURE_IDS;

describe('seedMock', () => {
  const sizes = [0, 10, 300];
  it.each(sizes)('puts the fixture records on top of %i seeded subscriptions', (size) => {
    const seeded = new SeededSubscriptions(
      seedMock({ seed: 1, subscriptions: size, products: 1 }).subscriptions,
    );
    expect(seeded.records).toHaveLength(size + 2);
    expect(seeded.records.find((record) => record.id === ids.subscription_id)?.plan_id).toBe(ids.plan_ids[0]);
    expect(seeded.records.find((record) => record.id === ids.pending_subscription_id)?.state.pending).toBe(
      true,
    );
    expect(seeded.offerings.get(ids.offering_id)?.plans).toHaveLength(2);
    expect(seeded.accounts[0]?.id).toBe(ids.account_id);
    expect(seeded.accounts.length).toBeGreaterThan(size / 10);
  });

  const seed = seedMock({ seed: 3, subscriptions: 0, products: 120 });
  const seedAll = (sources: typeof seed.catalogs) => sources.map((source) => source.seed());

  it('seeds the fixed catalog first, then two more, every one with its nodes and products', () => {
    const records = seedAll(seed.catalogs);
    expect(records.map((record) => record.id)[0]).toBe(catalog.catalog_id);
    expect(new Set(records.map((record) => record.id)).size).toBe(3);
    expect(records[0]?.releases.map((release) => release.id)).toEqual(catalog.release_ids);
    for (const record of records) {
      expect(record.nodes.size).toBeGreaterThan(3);
      expect(record.products.length).toBeGreaterThan(50);
    }
  });

  it('gives the start-up banner a latest path and the same path under the newest release id', () => {
    const path = (release: string) =>
      `/catalogs/${catalog.catalog_id}/releases/${release}/nodes/${catalog.node_id}/relationships/products`;
    expect(seed.examplePaths).toEqual([path('latest'), path(catalog.release_ids.at(-1) ?? '')]);
  });

  it('seeds the same records for the same seed and sizes on every call', () => {
    const again = seedMock({ seed: 3, subscriptions: 0, products: 120 });
    const asJson = (value: unknown) =>
      JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Map ? [...inner] : inner));
    expect(asJson(seedAll(again.catalogs))).toBe(asJson(seedAll(seed.catalogs)));
    expect(asJson(again.subscriptions)).toBe(asJson(seed.subscriptions));
  });
});

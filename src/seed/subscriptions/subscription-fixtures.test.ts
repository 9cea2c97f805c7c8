import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { createSubscriptionStore } from '../../store/subscriptions/create-subscription-store.js';
import { loadSubscriptionFixtures, SUBSCRIPTION_FIXTURES_PATH } from './subscription-fixtures.js';

const ids = FIXTURE_IDS.subscriptions;

describe('loadSubscriptionFixtures', () => {
  const fixtures = loadSubscriptionFixtures();

  it('loads the account, offering, plans and products named in fixtures/ids.json', () => {
    expect(fixtures.accounts.map((account) => account.id)).toEqual([ids.account_id]);
    const [entry] = fixtures.offerings;
    expect(entry?.offering.id).toBe(ids.offering_id);
    expect(entry?.plans.map((plan) => plan.id)).toEqual(ids.plan_ids);
    expect(entry?.products.map((product) => product.id)).toEqual(ids.product_ids);
  });

  it('loads an active and a pending subscription on the fixture offering', () => {
    const [active, pending] = fixtures.subscriptions;
    expect([active?.id, active?.status, active?.state.pending]).toEqual([
      ids.subscription_id,
      'active',
      false,
    ]);
    expect([pending?.id, pending?.status, pending?.state.pending]).toEqual([
      ids.pending_subscription_id,
      'inactive',
      true,
    ]);
    expect(active?.offering).toBe(fixtures.offerings[0]);
  });

  it('derives prices: the monthly plan takes its discount off the product sum, the yearly one is fixed', () => {
    const [monthly, yearly] = fixtures.offerings[0]?.plans ?? [];
    expect(monthly?.meta.price).toEqual({
      USD: { amount: 1800, includes_tax: false },
      EUR: { amount: 1665, includes_tax: true },
    });
    expect(monthly?.meta.display_price?.with_tax.formatted).toBe('$21.60');
    expect(yearly?.meta.price?.USD).toEqual({ amount: 18000, includes_tax: false });
  });

  it('refuses a fixture file whose subscription names an unknown plan', () => {
    const text = readFileSync(SUBSCRIPTION_FIXTURES_PATH, 'utf8').replace(
      `"plan_id": "${ids.plan_ids[0]}"`,
      '"plan_id": "nope"',
    );
    const dir = mkdtempSync(join(tmpdir(), 'subcat-fixtures-'));
    try {
      writeFileSync(join(dir, 'subscriptions.json'), text);
      expect(() => loadSubscriptionFixtures(join(dir, 'subscriptions.json'))).toThrow(
        /unknown offering or plan/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('createSubscriptionStore', () => {
  const sizes = [0, 10, 300];
  it.each(sizes)('holds the fixture records on top of %i seeded subscriptions', (size) => {
    const store = createSubscriptionStore({ seed: 1, subscriptions: size });
    expect(store.size).toBe(size + 2);
    expect(store.find(ids.subscription_id)?.plan_id).toBe(ids.plan_ids[0]);
    expect(store.find(ids.pending_subscription_id)?.state.pending).toBe(true);
    expect(store.offering(ids.offering_id)?.plans).toHaveLength(2);
    expect(store.accounts.some((account) => account.id === ids.account_id)).toBe(true);
  });
});

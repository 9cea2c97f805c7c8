import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { planPrice } from '../../store/subscriptions/plan-price.js';
import { loadSubscriptionFixtures, SUBSCRIPTION_FIXTURES_PATH } from './subscription-fixtures.js';

const ids = FIXTURE_IDS.subscriptions;

describe('loadSubscriptionFixtures', () => {
  const fixtures = loadSubscriptionFixtures();

  it('loads the account, offering, plans and products named in fixtures/ids.json', () => {
    expect(fixtures.accounts.map((account) => account.id)).toEqual([ids.account_id]);
    const [entry] = fixtures.offerings;
    expect([entry?.id, entry?.owner, entry?.external_ref]).toEqual([
      ids.offering_id,
      'store',
      'fixture-offering',
    ]);
    expect([entry?.created_at, entry?.updated_at]).toEqual([
      Date.parse('2023-06-01T09:00:00.000Z'),
      Date.parse('2023-06-02T09:00:00.000Z'),
    ]);
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

  it('reads times as epoch milliseconds and leaves the times a subscription lacks undefined', () => {
    const [active, pending] = fixtures.subscriptions;
    expect([
      active?.created_at,
      active?.state.invoice_after,
      active?.go_live_after,
      active?.end_date,
    ]).toEqual([
      Date.parse('2024-02-01T09:00:00.000Z'),
      Date.parse('2024-03-01T09:00:00.000Z'),
      undefined,
      undefined,
    ]);
    expect([
      pending?.go_live_after,
      pending?.end_date,
      pending?.address_id,
      pending?.payment_authority,
    ]).toEqual([
      Date.parse('2026-03-01T00:00:00.000Z'),
      Date.parse('2027-03-01T00:00:00.000Z'),
      undefined,
      undefined,
    ]);
  });

  it('prices the plans: the monthly plan takes its discount off the product sum, the yearly one is fixed', () => {
    const offering = fixtures.offerings[0];
    const [monthly, yearly] = offering?.plans ?? [];
    expect(monthly && planPrice(offering?.products ?? [], monthly)).toEqual({
      USD: { amount: 1800, includes_tax: false },
      EUR: { amount: 1665, includes_tax: true },
    });
    expect(yearly && planPrice(offering?.products ?? [], yearly)).toEqual({
      USD: { amount: 18000, includes_tax: false },
      EUR: { amount: 17000, includes_tax: true },
    });
  });

  const broken = [
    { title: 'a subscription naming an unknown plan', from: `"plan_id": "${ids.plan_ids[0]}"`, to: '"plan_id": "nope"', error: /unknown offering or plan/ },
    { title: 'a subscription naming an unknown offering', from: `"offering_id": "${ids.offering_id}",\n        "plan_id"`, to: '"offering_id": "nope",\n        "plan_id"', error: /unknown offering or plan/ },
    { title: 'a time that is not a date-time', from: '"2024-02-01T09:00:00.000Z"', to: '"the first of February"', error: /'the first of February' is not a date-time/ },
  ]; // prettier-ignore
  it.each(broken)('refuses a fixture file with $title', ({ from, to, error }) => {
    const original = readFileSync(SUBSCRIPTION_FIXTURES_PATH, 'utf8');
    expect(original).toContain(from);
    const dir = mkdtempSync(join(tmpdir(), 'subcat-fixtures-'));
    try {
      writeFileSync(join(dir, 'subscriptions.json'), original.replace(from, to));
      expect(() => loadSubscriptionFixtures(join(dir, 'subscriptions.json'))).toThrow(error);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { pageLinks } from '../../query/links.js';
import { pageMeta } from '../../query/paging.js';
import { loadSpec } from '../../spec/load.js';
import { createSubscriptionStore } from './create-subscription-store.js';
import { subscriptionIncluded } from './subscription-included.js';
import { toSubscription } from './to-subscription.js';

// Validated here with an Ajv of its own rather than the http layer's validators: a second, independent reading.
const addFormats = ((ajvFormats as unknown as { default?: unknown }).default ?? ajvFormats) as (
  ajv: Ajv2020,
) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...loadSpec(), $id: 'openapi.json' });
function schema(name: string): ValidateFunction {
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name}`);
  return validate;
}
function violations(name: string, values: readonly unknown[]): string[] {
  const validate = schema(name);
  return values.flatMap((value) =>
    validate(value)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`),
  );
}

describe('seeded and created subscriptions against the spec', () => {
  it('catches a subscription that breaks the schema (the check itself works)', () => {
    const store = createSubscriptionStore({ seed: 1, subscriptions: 1 });
    const [record] = store.list().slice(0, 1);
    const broken = { ...toSubscription(record!), meta: { owner: 'nobody', status: 'active' } };
    expect(violations('Subscription', [broken]).length).toBeGreaterThan(0);
  });

  const seeds = [1, 2, 3, 17, 99, 2026];
  it.each(seeds)('validates every seeded subscription, plan and product of seed %i', (seed) => {
    const store = createSubscriptionStore({ seed, subscriptions: 400 });
    const records = store.list().slice(0, store.size);
    const included = subscriptionIncluded(records, new Set(['plans', 'products']));
    expect(violations('Subscription', records.map(toSubscription))).toEqual([]);
    expect(violations('OfferingPlan', included?.plans ?? [])).toEqual([]);
    expect(violations('OfferingProduct', included?.products ?? [])).toEqual([]);
    const page = { offset: 0, limit: 100 };
    const links = pageLinks(
      new URL('http://127.0.0.1:4010/subscriptions/subscriptions'),
      records.length,
      page,
    );
    const meta = pageMeta(records.length, page);
    expect(
      violations('SubscriptionsListResponse', [
        { meta, data: records.slice(0, 100).map(toSubscription), included, links },
      ]),
    ).toEqual([]);
  });

  it('validates a created subscription with an inline offering and its update', () => {
    const store = createSubscriptionStore({ seed: 1, subscriptions: 10 });
    const created = store.create({
      account_id: '5f0c2b9e-7d1a-4c1e-9b7a-1c2d3e4f5a6b',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      currency: 'GBP',
      manual_payments: false,
      pending: true,
      external_ref: 'crm-42',
      payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_123', card_id: 'card_456' },
      offering: {
        name: 'Tea Club',
        products: [
          {
            name: 'Green tea',
            price: { GBP: { amount: 800, includes_tax: true } },
            main_image: 'https://cdn.example.com/t.png',
          },
        ],
        plans: [
          {
            name: 'Weekly',
            billing_interval_type: 'week',
            billing_frequency: 1,
            plan_length: 10,
            end_behavior: 'roll',
            trial_period: 2,
          },
          {
            name: 'Yearly',
            billing_interval_type: 'year',
            billing_frequency: 1,
            plan_length: 1,
            end_behavior: 'close',
            base_price_percentage: 15,
            meta: { selected: true },
          },
        ],
      },
      meta: {
        owner: 'store',
        status: 'active',
        timestamps: { created_at: 'x', updated_at: 'x', go_live_after: '2030-01-01T00:00:00Z' },
      },
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(violations('Subscription', [toSubscription(created.subscription)])).toEqual([]);
    const offering = store.offering(created.subscription.offering.offering.id);
    expect(violations('OfferingPlan', offering?.plans ?? [])).toEqual([]);
    expect(violations('OfferingProduct', offering?.products ?? [])).toEqual([]);
    const updated = store.update(created.subscription.id, {
      data: {
        id: created.subscription.id,
        type: 'subscription',
        attributes: { plan_id: offering?.plans[0]?.id, address_id: null, go_live_after: null },
      },
    });
    expect(updated.ok).toBe(true);
    if (updated.ok) expect(violations('Subscription', [toSubscription(updated.subscription)])).toEqual([]);
  });
});

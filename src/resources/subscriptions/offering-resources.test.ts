import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { filledPaths, seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { specValidators } from '../../contract/validators.js';
import type {
  OfferingPlanRecord,
  OfferingProductRecord,
  OfferingRecord,
  Price,
} from '../../store/subscriptions/records.js';
import { encodeOffering, encodeOfferingPlan, encodeOfferingProduct } from './offering-resources.js';

const ids = FIXTURE_IDS.subscriptions;
const seeded = seededSubscriptions({ seed: 4, subscriptions: 300 });
const fixture = seeded.offerings.get(ids.offering_id) as OfferingRecord;
const [monthly, yearly] = fixture.plans as [OfferingPlanRecord, OfferingPlanRecord];
const [beans, filters] = fixture.products as [OfferingProductRecord, OfferingProductRecord];
const offerings = [...seeded.offerings.values()];
/** As a client reads it: the wire JSON (the spec's types leave most members optional). */
const wire = (value: unknown) => JSON.parse(JSON.stringify(value));
const BASE = 'http://127.0.0.1:4010/v2';
const TIMES = { updated_at: '2023-06-02T09:00:00.000Z', created_at: '2023-06-01T09:00:00.000Z' };
const bare: OfferingRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Tea Club',
  owner: 'store',
  created_at: Date.parse(TIMES.created_at),
  updated_at: Date.parse(TIMES.updated_at),
  products: [{ id: '00000000-0000-4000-8000-000000000002', name: 'Green tea' }],
  plans: [
    { id: '00000000-0000-4000-8000-000000000003', name: 'Weekly tea', billing_interval_type: 'week', billing_frequency: 1, plan_length: 4, end_behavior: 'roll', can_pause: false, can_resume: true, can_cancel: false },
  ],
}; // prettier-ignore

describe('encodeOffering', () => {
  it('links the products and plans of the offering, and lists the external refs its products have', () => {
    expect(wire(encodeOffering(fixture))).toEqual({
      id: ids.offering_id,
      type: 'subscription_offering',
      attributes: {
        external_ref: 'fixture-offering',
        name: 'Coffee Club',
        description: 'Freshly roasted beans delivered on your schedule.',
        ...TIMES,
      },
      relationships: {
        products: { data: ids.product_ids.map((id) => ({ type: 'subscription_offering_product', id })) },
        plans: { data: ids.plan_ids.map((id) => ({ type: 'subscription_offering_plan', id })) },
      },
      meta: { external_product_refs: ['fixture-product-beans'], owner: 'store', timestamps: TIMES },
    });
  });

  it('leaves external_ref and description out of an offering without them', () => {
    const encoded = wire(encodeOffering(bare));
    expect(Object.keys(encoded.attributes)).toEqual(['name', 'updated_at', 'created_at']);
    expect(encoded.meta.external_product_refs).toEqual([]);
  });
});

describe('encodeOfferingProduct', () => {
  it('shows the first currency of the price with and without tax, and shares the offering times', () => {
    expect(wire(encodeOfferingProduct(beans, fixture, BASE))).toEqual({
      id: ids.product_ids[0],
      type: 'subscription_offering_product',
      attributes: {
        external_ref: 'fixture-product-beans',
        name: 'House Blend Beans',
        description: 'A 500 g bag of the house blend.',
        sku: 'COFFEE-BEANS-500',
        main_image: 'http://127.0.0.1:4010/v2/__subcat/assets/house-blend.svg',
        price: { USD: { amount: 1500, includes_tax: false }, EUR: { amount: 1400, includes_tax: true } },
        price_units: { unit: 'month', amount: 1 },
        ...TIMES,
      },
      relationships: { offering: { data: { type: 'subscription_offering', id: ids.offering_id } } },
      meta: {
        display_price: {
          with_tax: { amount: 1800, currency: 'USD', formatted: '$18.00' },
          without_tax: { amount: 1500, currency: 'USD', formatted: '$15.00' },
        },
        owner: 'store',
        timestamps: TIMES,
      },
    });
  });

  const prices: { title: string; price: Price; expected: object }[] = [
    { title: 'a price that includes tax', price: { EUR: { amount: 1200, includes_tax: true } }, expected: { with_tax: { amount: 1200, currency: 'EUR', formatted: '€12.00' }, without_tax: { amount: 1000, currency: 'EUR', formatted: '€10.00' } } },
    { title: 'a price that does not say (read as without tax)', price: { GBP: { amount: 1000 } }, expected: { with_tax: { amount: 1200, currency: 'GBP', formatted: '£12.00' }, without_tax: { amount: 1000, currency: 'GBP', formatted: '£10.00' } } },
    { title: 'a currency without minor units', price: { JPY: { amount: 1500, includes_tax: false } }, expected: { with_tax: { amount: 1800, currency: 'JPY', formatted: '¥1,800' }, without_tax: { amount: 1500, currency: 'JPY', formatted: '¥1,500' } } },
  ]; // prettier-ignore
  it.each(prices)('shows the display price of $title', ({ price, expected }) => {
    const product = { ...filters, id: 'p', name: 'Tea', price };
    expect(wire(encodeOfferingProduct(product, fixture, BASE)).meta.display_price).toEqual(expected);
  });

  it('leaves the display price and every optional attribute out of a product without them', () => {
    const encoded = wire(encodeOfferingProduct(bare.products[0] as OfferingProductRecord, bare, BASE));
    expect(Object.keys(encoded.attributes)).toEqual(['name', 'updated_at', 'created_at']);
    expect(Object.keys(encoded.meta)).toEqual(['owner', 'timestamps']);
  });
  const images = [
    { title: 'a placeholder the mock serves, under the base the request came by', stored: 'asset:house-blend.svg', base: 'https://shop.test:8443/mock', shown: 'https://shop.test:8443/mock/__subcat/assets/house-blend.svg' },
    { title: 'a placeholder under a base without a path', stored: 'asset:a.svg', base: 'http://127.0.0.1:4010', shown: 'http://127.0.0.1:4010/__subcat/assets/a.svg' },
    { title: 'an image hosted elsewhere, as it is', stored: 'https://cdn.example.com/t.png', base: BASE, shown: 'https://cdn.example.com/t.png' },
  ]; // prettier-ignore
  it.each(images)('links $title', ({ stored, base, shown }) => {
    const product = { ...beans, main_image: stored };
    expect(wire(encodeOfferingProduct(product, fixture, base)).attributes.main_image).toBe(shown);
  });
});

describe('encodeOfferingPlan', () => {
  it('prices a plan from its products less its discount, with the display price of its first currency', () => {
    const encoded = wire(encodeOfferingPlan(monthly, fixture, true));
    expect(encoded.meta).toEqual({
      price: { USD: { amount: 1800, includes_tax: false }, EUR: { amount: 1665, includes_tax: true } },
      display_price: {
        with_tax: { amount: 2160, currency: 'USD', formatted: '$21.60' },
        without_tax: { amount: 1800, currency: 'USD', formatted: '$18.00' },
      },
      owner: 'store',
      timestamps: TIMES,
      active_plan: true,
    });
    expect(encoded.attributes).toEqual({
      external_ref: 'fixture-plan-monthly',
      name: 'Monthly delivery',
      description: 'Billed every month, cancel any time.',
      billing_interval_type: 'month',
      billing_frequency: 1,
      trial_period: 1,
      plan_length: 12,
      end_behavior: 'roll',
      can_pause: true,
      can_resume: true,
      can_cancel: true,
      base_price_percentage: 10,
      ...TIMES,
    });
    expect(encoded.relationships).toEqual({
      offering: { data: { type: 'subscription_offering', id: ids.offering_id } },
    });
  });

  it('prices a plan with a fixed price at that price', () => {
    const encoded = wire(encodeOfferingPlan(yearly, fixture, false));
    expect(encoded.meta.price).toEqual({ USD: { amount: 18000, includes_tax: false }, EUR: { amount: 17000, includes_tax: true } });
    expect(encoded.meta.display_price.with_tax.formatted).toBe('$216.00');
    expect(encoded.attributes.fixed_price).toEqual(encoded.meta.price);
  }); // prettier-ignore

  const actives = [
    { active: true, expected: true },
    { active: false, expected: null },
  ];
  it.each(actives)(
    'says active_plan $expected when a subscription of the page is on it: $active',
    ({ active, expected }) => {
      expect(wire(encodeOfferingPlan(yearly, fixture, active)).meta.active_plan).toBe(expected);
    },
  );

  it('leaves price, display price and the optional attributes out of a plan of unpriced products', () => {
    const encoded = wire(encodeOfferingPlan(bare.plans[0] as OfferingPlanRecord, bare, false));
    expect(Object.keys(encoded.meta)).toEqual(['owner', 'timestamps', 'active_plan']);
    expect(Object.keys(encoded.attributes)).toEqual([
      'name', 'billing_interval_type', 'billing_frequency', 'plan_length', 'end_behavior', 'can_pause', 'can_resume', 'can_cancel', 'updated_at', 'created_at',
    ]); // prettier-ignore
  });
});

describe('offering resources against the spec', () => {
  const schema = (name: string) => specValidators().schema(name);
  const resources = [
    { name: 'Offering', values: () => offerings.map(encodeOffering) },
    { name: 'OfferingProduct', values: () => offerings.flatMap((o) => o.products.map((p) => encodeOfferingProduct(p, o, BASE))) },
    { name: 'OfferingPlan', values: () => offerings.flatMap((o) => o.plans.flatMap((p) => [encodeOfferingPlan(p, o, true), encodeOfferingPlan(p, o, false)])) },
  ]; // prettier-ignore
  it.each(resources)('encodes every seeded $name so that it validates, and the check catches a broken one', ({ name, values }) => {
    const validate = schema(name);
    const all = values();
    expect(all.length).toBeGreaterThan(10);
    expect(all.flatMap((value) => validate(value))).toEqual([]);
    expect(validate({ ...wire(all[0]), type: 'subscription' }).length).toBeGreaterThan(0);
  }); // prettier-ignore

  const coverage = [
    {
      title: 'offering',
      values: () => offerings.map(encodeOffering),
      fields: [
        '.id', '.type', '.attributes.external_ref', '.attributes.name', '.attributes.description',
        '.attributes.updated_at', '.attributes.created_at', '.relationships.plans.data[].id',
        '.relationships.products.data[].id', '.meta.external_product_refs[]', '.meta.owner',
        '.meta.timestamps.updated_at', '.meta.timestamps.created_at',
      ],
    },
    {
      title: 'offering product',
      values: () => offerings.flatMap((o) => o.products.map((p) => encodeOfferingProduct(p, o, BASE))),
      fields: [
        '.id', '.type', '.attributes.external_ref', '.attributes.name', '.attributes.description', '.attributes.sku',
        '.attributes.main_image', '.attributes.price.*.amount', '.attributes.price.*.includes_tax',
        '.attributes.price_units.unit', '.attributes.price_units.amount', '.attributes.updated_at',
        '.attributes.created_at', '.relationships.offering.data.id', '.meta.display_price.without_tax.amount',
        '.meta.display_price.without_tax.currency', '.meta.display_price.without_tax.formatted',
        '.meta.display_price.with_tax.formatted', '.meta.owner', '.meta.timestamps.created_at',
      ],
    },
    {
      title: 'offering plan',
      values: () => offerings.flatMap((o) => o.plans.map((p) => encodeOfferingPlan(p, o, false))),
      fields: [
        '.id', '.type', '.attributes.external_ref', '.attributes.name', '.attributes.description',
        '.attributes.billing_interval_type', '.attributes.billing_frequency', '.attributes.trial_period',
        '.attributes.plan_length', '.attributes.end_behavior', '.attributes.can_pause', '.attributes.can_resume',
        '.attributes.can_cancel', '.attributes.base_price_percentage', '.attributes.fixed_price.*.amount',
        '.attributes.updated_at', '.attributes.created_at', '.relationships.offering.data.id',
        '.meta.price.*.amount', '.meta.display_price.with_tax.formatted', '.meta.owner', '.meta.timestamps.updated_at',
      ],
    },
  ]; // prettier-ignore
  it.each(coverage)(
    'fills every $title field of interface.md somewhere in the seeded offerings',
    ({ values, fields }) => {
      const paths = filledPaths(values().map(wire));
      expect(fields.filter((field) => !paths.has(field))).toEqual([]);
    },
  );
});

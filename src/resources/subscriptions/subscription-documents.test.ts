import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { specValidators } from '../../contract/validators.js';
import type { FilterExpression } from '../../query/filter.js';
import type { SubscriptionInclude } from '../../query/include.js';
import type { Page } from '../../query/paging.js';
import type { SubscriptionRecord } from '../../store/subscriptions/records.js';
import { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';
import { pageLinks, pageMeta } from '../page-navigation.js';
import { encodeOfferingPlan, encodeOfferingProduct } from './offering-resources.js';
import { subscriptionDocument, subscriptionsDocument } from './subscription-documents.js';
import { encodeSubscription } from './subscription-resource.js';

const ids = FIXTURE_IDS.subscriptions;
const store = new SubscriptionStore(seededSubscriptions({ seed: 9, subscriptions: 400 }));
const created = store.create({
  account_id: ids.account_id,
  name: 'Grace "Amazing" Hopper',
  email: 'grace@example.com',
  currency: 'USD',
  manual_payments: false,
  pending: false,
  offering: {
    name: 'Tea "Club"',
    products: [{ name: 'Green tea' }, { name: 'Black tea', price: { USD: { amount: 400 } } }],
    plans: [{ name: 'Weekly tea', billing_interval_type: 'week', billing_frequency: 1, plan_length: 4, end_behavior: 'roll', can_pause: false, can_resume: false, can_cancel: true, selected: false }],
  },
}); // prettier-ignore
if (!created.ok) throw new Error('create failed');
const BASE = 'http://127.0.0.1:4010/v2';
const LIST = `${BASE}/subscriptions/subscriptions`;

/** The page as JSON.stringify writes it from plain objects: each plan and product once, first seen first. */
function plainText(records: readonly SubscriptionRecord[], total: number, include: ReadonlySet<SubscriptionInclude>, page: Page, url: URL): string {
  const plans = new Map<string, unknown>();
  const products = new Map<string, unknown>();
  const active = new Set(records.map((record) => record.plan_id));
  for (const { offering } of records) {
    for (const plan of offering.plans) if (!plans.has(plan.id)) plans.set(plan.id, encodeOfferingPlan(plan, offering, active.has(plan.id)));
    for (const product of offering.products) if (!products.has(product.id)) products.set(product.id, encodeOfferingProduct(product, offering, BASE));
  }
  const members = {
    ...(include.has('plans') && plans.size > 0 && { plans: [...plans.values()] }),
    ...(include.has('products') && products.size > 0 && { products: [...products.values()] }),
  };
  const included = Object.keys(members).length === 0 ? undefined : members;
  return JSON.stringify({ meta: pageMeta(total, page), data: records.map(encodeSubscription), included, links: pageLinks(url, total, page) });
} // prettier-ignore

function listed(filter: FilterExpression[], page: Page, include: SubscriptionInclude[]) {
  const url = new URL(`${LIST}?include=${include.join(',')}&page[limit]=${page.limit}`);
  const found = store.list(filter, page);
  const text = JSON.stringify(subscriptionsDocument(found, new Set(include), page, url, BASE));
  return { found, text, url, expected: plainText(found.records, found.total, new Set(include), page, url) };
}

const includes: SubscriptionInclude[][] = [
  [],
  ['plans'],
  ['products'],
  ['plans', 'products'],
  ['products', 'plans'],
];
const pages: Page[] = [
  { offset: 0, limit: 25 },
  { offset: 25, limit: 25 },
  { offset: 100, limit: 100 },
  { offset: 380, limit: 100 },
  { offset: 402, limit: 1 },
  { offset: 5000, limit: 25 },
];
const account = [{ op: 'eq' as const, attribute: 'account_id', values: [ids.account_id] }];

describe('subscriptionsDocument', () => {
  const cases = includes.flatMap((include) => pages.map((page) => ({ include, ...page })));
  it.each(cases)(
    'writes the page at offset $offset, limit $limit, include $include byte for byte as JSON.stringify',
    ({ include, offset, limit }) => {
      const first = listed([], { offset, limit }, include);
      expect(first.text).toBe(first.expected);
    },
  );

  it('writes the filtered page of one account, seeded and created subscriptions, as JSON.stringify', () => {
    const page = listed(account, { offset: 0, limit: 25 }, ['plans', 'products']);
    expect(page.found.records.at(-1)).toBe(created.subscription);
    expect(page.found.total).toBe(3);
    expect(page.text).toBe(page.expected);
  });

  it('includes only the asked keys, plans before products, and nothing when none is asked', () => {
    const keys = (include: SubscriptionInclude[]) =>
      Object.keys(JSON.parse(listed([], { offset: 0, limit: 25 }, include).text).included ?? {});
    expect(includes.map(keys)).toEqual([
      [],
      ['plans'],
      ['products'],
      ['plans', 'products'],
      ['plans', 'products'],
    ]);
    expect(JSON.parse(listed([], { offset: 0, limit: 25 }, []).text)).not.toHaveProperty('included');
  });

  it('lists each plan and product once although the page shares offerings, and marks the plans in use', () => {
    const { found, text } = listed([], { offset: 40, limit: 60 }, ['plans', 'products']);
    const body = JSON.parse(text);
    const offerings = new Set(found.records.map((record) => record.offering));
    expect(offerings.size).toBeLessThan(found.records.length);
    const planIds = body.included.plans.map((plan: { id: string }) => plan.id);
    const productIds = body.included.products.map((product: { id: string }) => product.id);
    expect(planIds).toEqual([...offerings].flatMap((offering) => offering.plans.map((plan) => plan.id)));
    expect(productIds).toEqual([...offerings].flatMap((offering) => offering.products.map((product) => product.id)));
    const active = new Set(found.records.map((record) => record.plan_id));
    const flags = body.included.plans.map((plan: { id: string; meta: { active_plan: unknown } }) => [plan.meta.active_plan, active.has(plan.id)]);
    expect(flags.filter(([flag, inUse]: [unknown, boolean]) => flag !== (inUse ? true : null))).toEqual([]);
    expect(flags.some(([flag]: [unknown]) => flag === null)).toBe(true);
  }); // prettier-ignore

  it('lists a plan and a product once when two records carry copies of one offering (records read back)', () => {
    const active = store.find(ids.subscription_id) as SubscriptionRecord;
    const copy = { ...(store.find(ids.pending_subscription_id) as SubscriptionRecord), offering: { ...active.offering } };
    const page = { offset: 0, limit: 25 };
    const url = new URL(`${LIST}?include=plans,products`);
    const text = JSON.stringify(subscriptionsDocument({ total: 2, records: [active, copy] }, new Set(['plans', 'products']), page, url, BASE));
    const { included } = JSON.parse(text);
    expect(included.plans.map((plan: { id: string }) => plan.id)).toEqual(ids.plan_ids);
    expect(included.products.map((product: { id: string }) => product.id)).toEqual(ids.product_ids);
  }); // prettier-ignore

  it('omits included on an empty page, as the vendor does when nothing is included', () => {
    const body = JSON.parse(listed([], { offset: 5000, limit: 25 }, ['plans', 'products']).text);
    expect(body.data).toEqual([]);
    expect(body).not.toHaveProperty('included');
  });

  const arithmetic = [
    { offset: 0, limit: 25, current: 1, pages: 17, next: 25, prev: null },
    { offset: 50, limit: 25, current: 3, pages: 17, next: 75, prev: 25 },
    { offset: 390, limit: 25, current: 16, pages: 17, next: null, prev: 365 },
    { offset: 0, limit: 100, current: 1, pages: 5, next: 100, prev: null },
  ];
  it.each(arithmetic)('counts the pages and links at offset $offset, limit $limit', ({ offset, limit, current, pages: total, next, prev }) => {
    const body = JSON.parse(listed([], { offset, limit }, []).text);
    expect(body.meta).toEqual({ results: { total: 403 }, page: { limit, offset, current, total } });
    const at = (link: string | null) => (link === null ? null : Number(new URL(link).searchParams.get('page[offset]')));
    expect([at(body.links.next), at(body.links.prev), at(body.links.first), at(body.links.self)]).toEqual([next, prev, 0, offset]);
    expect(body.links.self).toContain('include=&');
  }); // prettier-ignore

  it('writes pages that validate against the list response, plans, products and all', () => {
    const validate = specValidators().response('listSubscriptions', 200);
    for (const page of pages)
      expect(validate(JSON.parse(listed([], page, ['plans', 'products']).text))).toEqual([]);
    expect(validate({ data: [], links: {} }).length).toBeGreaterThan(0);
  });
});

describe('subscriptionDocument', () => {
  it('gives a product its image link the way each request came', () => {
    const records = [store.find(ids.subscription_id) as SubscriptionRecord];
    for (const base of ['http://a.test', 'http://b.test/v2']) {
      const url = new URL(`${base}/subscriptions/subscriptions?include=products`);
      const document = subscriptionsDocument({ total: 1, records }, new Set(['products']), { offset: 0, limit: 25 }, url, base);
      const products = JSON.parse(JSON.stringify(document)).included.products as { id: string; attributes: { main_image?: string } }[];
      expect(products.find((product) => product.id === ids.product_ids[0])?.attributes.main_image).toBe(`${base}/__subcat/assets/house-blend.svg`);
    }
  }); // prettier-ignore

  it('writes a single subscription document that validates as the create and update answer', () => {
    const body = JSON.parse(JSON.stringify(subscriptionDocument(created.subscription)));
    expect(specValidators().response('createSubscription', 201)(body)).toEqual([]);
    expect(specValidators().response('updateSubscription', 200)(body)).toEqual([]);
    expect(body.data.id).toBe(created.subscription.id);
  });
});

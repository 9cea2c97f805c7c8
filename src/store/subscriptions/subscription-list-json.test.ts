import { describe, expect, it } from 'vitest';
import { pageLinks } from '../../query/links.js';
import { pageMeta } from '../../query/paging.js';
import { createSubscriptionStore } from './create-subscription-store.js';
import { subscriptionIncluded } from './subscription-included.js';
import { subscriptionListJson } from './subscription-list-json.js';
import { toSubscription } from './to-subscription.js';

const store = createSubscriptionStore({ seed: 9, subscriptions: 600 });
const inline = {
  name: 'Tea "Club"',
  products: [{ name: 'Green tea' }, { name: 'Black tea' }],
  plans: [{ name: 'Weekly tea', billing_interval_type: 'week', billing_frequency: 1, plan_length: 4, end_behavior: 'roll' }],
}; // prettier-ignore
const created = store.create({
  account_id: 'acc-1',
  name: 'Grace "Amazing" Hopper',
  email: 'grace@example.com',
  currency: 'USD',
  manual_payments: false,
  offering: inline,
});
if (!created.ok) throw new Error('create failed');
const all = store.list().slice(0, 1000);
const someone = all[77];
if (!someone) throw new Error('too few records');

/** The page as the handler built it before: plain objects, one JSON.stringify. */
function stringified(offset: number, limit: number, include: string[], url: URL) {
  const records = all.slice(offset, offset + limit);
  const included = subscriptionIncluded(records, new Set(include));
  const links = pageLinks(url, all.length, { offset, limit });
  const meta = pageMeta(all.length, { offset, limit });
  return JSON.stringify({ meta, data: records.map(toSubscription), ...(included && { included }), links });
}

describe('subscriptionListJson', () => {
  const includes = [[], ['plans'], ['products'], ['plans', 'products'], ['products', 'plans']];
  const pages = [
    { offset: 0, limit: 25 },
    { offset: 25, limit: 25 },
    { offset: 100, limit: 100 },
    { offset: 580, limit: 100 },
    { offset: 599, limit: 1 },
    { offset: 5000, limit: 25 },
  ];
  const cases = includes.flatMap((include) => pages.map((page) => ({ include, ...page })));
  it.each(cases)(
    'writes the page at offset $offset, limit $limit, include $include byte for byte as JSON.stringify',
    ({ include, offset, limit }) => {
      const url = new URL(`http://127.0.0.1:4010/subscriptions/subscriptions?include=${include.join(',')}`);
      const records = all.slice(offset, offset + limit);
      const links = pageLinks(url, all.length, { offset, limit });
      const meta = pageMeta(all.length, { offset, limit });
      const text = subscriptionListJson(records, new Set(include), links, meta);
      expect(text).toBe(stringified(offset, limit, include, url));
      // Twice: the second page is joined from kept texts, and must not differ.
      expect(subscriptionListJson(records, new Set(include), links, meta)).toBe(text);
    },
  );

  it('writes the filtered page of one account, created subscription included, as JSON.stringify', () => {
    const records = [
      ...all.filter((record) => record.account_id === someone.account_id),
      created.subscription,
    ];
    const url = new URL('http://h/s?filter=eq(account_id,x)');
    const links = pageLinks(url, records.length, { offset: 0, limit: 25 });
    const meta = pageMeta(records.length, { offset: 0, limit: 25 });
    const include = new Set(['plans', 'products']);
    const included = subscriptionIncluded(records, include);
    expect(records.length).toBeGreaterThan(1);
    expect(subscriptionListJson(records, include, links, meta)).toBe(
      JSON.stringify({ meta, data: records.map(toSubscription), included, links }),
    );
  });
});

import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';

// The subscription operations over real HTTP, through the whole mock as `startMock` builds it.

const ids = FIXTURE_IDS.subscriptions;
const COLLECTION = '/subscriptions/subscriptions';
const SEED = 7;
const SIZE = 150;

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown> & {
    plan_id: string;
    account_id: string;
    offering: {
      id: string;
      relationships: { plans: { data: { id: string }[] }; products: { data: { id: string }[] } };
    };
  };
  meta: { timestamps: { updated_at: string } };
}
interface Links {
  self: string;
  first: string;
  last: string | null;
  prev: string | null;
  next: string | null;
}
interface ListBody {
  data: Resource[];
  included?: { plans?: { id: string; meta: { active_plan: boolean | null } }[]; products?: { id: string }[] };
  links: Links;
}
interface ErrorBody {
  errors: {
    status: string;
    title: string;
    detail: string;
    source?: { pointer?: string; parameter?: string };
  }[];
}

let mock: RunningMock;

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await request(url, {
    method: method as 'GET',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.body.text();
  return {
    status: response.statusCode,
    headers: response.headers,
    text,
    json: text ? (JSON.parse(text) as unknown) : undefined,
  };
}
const list = async (query: string) => {
  const response = await call('GET', `${mock.url}${COLLECTION}?${query}`);
  expect(response.status).toBe(200);
  return response.json as ListBody;
};
const filterQuery = (filter: string, extra = '') => `filter=${encodeURIComponent(filter)}${extra}`;

/** Every subscription, in list order, read 100 at a time through `next` links. */
async function walk(query: string, limit = 100): Promise<Resource[]> {
  const seen: Resource[] = [];
  let url: string | null = `${mock.url}${COLLECTION}?${query}${query ? '&' : ''}page[limit]=${limit}`;
  for (let guard = 0; url && guard < 1000; guard += 1) {
    const response = await call('GET', url);
    expect(response.status).toBe(200);
    const body = response.json as ListBody;
    seen.push(...body.data);
    url = body.links.next;
  }
  return seen;
}

const validCreate = (externalRef: string) => ({
  data: {
    account_id: ids.account_id,
    offering_id: ids.offering_id,
    currency: 'USD',
    manual_payments: false,
    payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_e2e', card_id: 'card_e2e' },
    name: 'Ada Lovelace',
    email: 'ada.e2e@example.com',
    external_ref: externalRef,
  },
});

beforeAll(async () => {
  mock = await startMock({ port: 0, host: '127.0.0.1', seed: SEED, subscriptions: SIZE, logLevel: 'silent' });
});
afterAll(async () => {
  await mock.close();
});

describe('subscriptions over HTTP: lifecycle', () => {
  it('creates a subscription, finds it by external_ref, switches its plan and lists the new plan', async () => {
    const created = await call('POST', `${mock.url}${COLLECTION}`, validCreate('e2e-lifecycle'));
    expect(created.status).toBe(201);
    const subscription = (created.json as { data: Resource }).data;
    expect(subscription.attributes.plan_id).toBe(ids.plan_ids[0]);

    const found = await list(filterQuery('eq(external_ref,e2e-lifecycle)'));
    expect(found.data.map((item) => item.id)).toEqual([subscription.id]);

    const updated = await call('PUT', `${mock.url}${COLLECTION}/${subscription.id}`, {
      data: { id: subscription.id, type: 'subscription', attributes: { plan_id: ids.plan_ids[1] } },
    });
    expect(updated.status).toBe(200);
    const after = (updated.json as { data: Resource }).data;
    expect(after.attributes.plan_id).toBe(ids.plan_ids[1]);
    expect(Date.parse(after.meta.timestamps.updated_at)).toBeGreaterThan(
      Date.parse(subscription.meta.timestamps.updated_at),
    );

    const listed = await list(filterQuery('eq(external_ref,e2e-lifecycle)', '&include=plans'));
    expect(listed.data.map((item) => item.attributes.plan_id)).toEqual([ids.plan_ids[1]]);
    const active = listed.included?.plans
      ?.filter((plan) => plan.meta.active_plan === true)
      .map((plan) => plan.id);
    expect(active).toEqual([ids.plan_ids[1]]);
  });

  it('creates with an inline offering and lists its plans and products under included', async () => {
    const body = validCreate('e2e-inline');
    const { offering_id: _unused, ...data } = body.data;
    const created = await call('POST', `${mock.url}${COLLECTION}`, {
      data: {
        ...data,
        pending: true,
        offering: {
          name: 'Tea Club',
          products: [{ name: 'Green tea', price: { USD: { amount: 800, includes_tax: false } } }],
          plans: [
            { name: 'Weekly tea', billing_interval_type: 'week', billing_frequency: 1, plan_length: 4, end_behavior: 'roll' },
            { name: 'Daily tea', billing_interval_type: 'day', billing_frequency: 1, plan_length: 9, end_behavior: 'close', meta: { selected: true } },
          ],
        },
      },
    }); // prettier-ignore
    expect(created.status).toBe(201);
    const subscription = (created.json as { data: Resource & { meta: { status: string } } }).data;
    expect(subscription.meta.status).toBe('inactive');
    const listed = await list(filterQuery('eq(external_ref,e2e-inline)', '&include=plans,products'));
    expect(listed.included?.plans?.map((plan) => plan.id)).toEqual(
      subscription.attributes.offering.relationships.plans.data.map((plan) => plan.id),
    );
    expect(listed.included?.plans?.[1]?.id).toBe(subscription.attributes.plan_id);
    expect(listed.included?.products).toHaveLength(1);
  });
});

describe('subscriptions over HTTP: fresh after writes', () => {
  it('shows a create and then an update on the very list URL read just before each', async () => {
    const url = `${mock.url}${COLLECTION}?${filterQuery(`eq(account_id,${ids.account_id})`, '&include=plans&page[limit]=100')}`;
    const read = async () => {
      const response = await call('GET', url);
      expect(response.status).toBe(200);
      return { text: response.text, body: response.json as ListBody };
    };
    const first = await read();
    expect((await read()).text).toBe(first.text);

    const created = await call('POST', `${mock.url}${COLLECTION}`, validCreate('e2e-fresh'));
    expect(created.status).toBe(201);
    const id = (created.json as { data: Resource }).data.id;
    const afterCreate = await read();
    expect(afterCreate.body.data.map((item) => item.id)).toEqual([
      ...first.body.data.map((item) => item.id),
      id,
    ]);

    const updated = await call('PUT', `${mock.url}${COLLECTION}/${id}`, {
      data: { id, type: 'subscription', attributes: { plan_id: ids.plan_ids[1] } },
    });
    expect(updated.status).toBe(200);
    const afterUpdate = await read();
    expect(afterUpdate.body.data.find((item) => item.id === id)?.attributes.plan_id).toBe(ids.plan_ids[1]);
    expect(afterUpdate.text).not.toBe(afterCreate.text);
  });
});

describe('subscriptions over HTTP: filters', () => {
  let everything: Resource[] = [];
  let fixture: Resource;
  beforeAll(async () => {
    everything = await walk('');
    const found = everything.find((item) => item.id === ids.subscription_id);
    if (!found) throw new Error('the fixture subscription is not listed');
    fixture = found;
  });

  const attributes = ['account_id', 'name', 'email', 'external_ref'] as const;
  it.each(attributes)(
    'filters eq(%s, ...) to exactly the subscriptions that have that value',
    async (attribute) => {
      const value = String(fixture.attributes[attribute]);
      const expected = everything
        .filter((item) => item.attributes[attribute] === value)
        .map((item) => item.id);
      const got = (await walk(filterQuery(`eq(${attribute},"${value}")`))).map((item) => item.id);
      expect(got).toEqual(expected);
      expect(got).toContain(ids.subscription_id);
    },
  );

  it('joins expressions with : as AND', async () => {
    const both = await walk(
      filterQuery(`eq(account_id,${ids.account_id}):eq(external_ref,fixture-pending-subscription)`),
    );
    expect(both.map((item) => item.id)).toEqual([ids.pending_subscription_id]);
    const other = everything.find((item) => item.attributes.account_id !== ids.account_id);
    const none = await walk(
      filterQuery(
        `eq(account_id,${other?.attributes.account_id}):eq(external_ref,fixture-pending-subscription)`,
      ),
    );
    expect(none).toEqual([]);
  });

  it('matches exactly and case-sensitively', async () => {
    expect(await walk(filterQuery('eq(name,ada lovelace)'))).toEqual([]);
    expect(await walk(filterQuery('eq(email,ada.lovelace@example)'))).toEqual([]);
  });
});

describe('subscriptions over HTTP: paging and include', () => {
  it('walks the whole collection through next links with no gaps or repeats', async () => {
    const all = await walk('', 100);
    const pages: ListBody[] = [];
    let url: string | null = `${mock.url}${COLLECTION}?page[limit]=7`;
    for (let guard = 0; url && guard < 200; guard += 1) {
      const response = await call('GET', url);
      const page = response.json as ListBody;
      pages.push(page);
      url = page.links.next;
    }
    const walked = pages.flatMap((page) => page.data.map((item) => item.id));
    expect(walked).toEqual(all.map((item) => item.id));
    expect(new Set(walked).size).toBe(walked.length);
    expect(pages[0]?.links.prev).toBeNull();
    expect(pages.at(-1)?.links.next).toBeNull();
    expect(pages.at(-1)?.links.self).toBe(pages[0]?.links.last);
    expect(pages.every((page) => page.links.first === pages[0]?.links.first)).toBe(true);
    for (let index = 1; index < pages.length; index += 1)
      expect(pages[index]?.links.prev).toBe(pages[index - 1]?.links.self);
  });

  it('gives the plans and products of exactly the page subscriptions, each once', async () => {
    const page = await list('page[offset]=20&page[limit]=30&include=plans,products');
    const planIds = new Set(
      page.data.flatMap((item) => item.attributes.offering.relationships.plans.data.map((p) => p.id)),
    );
    const productIds = new Set(
      page.data.flatMap((item) => item.attributes.offering.relationships.products.data.map((p) => p.id)),
    );
    const includedPlans = page.included?.plans?.map((plan) => plan.id) ?? [];
    const includedProducts = page.included?.products?.map((product) => product.id) ?? [];
    expect(new Set(includedPlans)).toEqual(planIds);
    expect(new Set(includedProducts)).toEqual(productIds);
    expect(includedPlans).toHaveLength(planIds.size);
    expect(includedProducts).toHaveLength(productIds.size);
  });

  const includeCases = [
    { include: '', keys: undefined },
    { include: '&include=plans', keys: ['plans'] },
    { include: '&include=products', keys: ['products'] },
  ];
  it.each(includeCases)('includes only the asked keys for "$include"', async ({ include, keys }) => {
    const page = await list(`page[limit]=5${include}`);
    expect(page.included && Object.keys(page.included)).toEqual(keys);
  });
});

describe('subscriptions over HTTP: errors', () => {
  const unknownId = 'a0000000-0000-4000-8000-000000000000';
  const put = (id: string, data: unknown) => call('PUT', `${mock.url}${COLLECTION}/${id}`, { data });
  const cases: {
    title: string;
    send: () => ReturnType<typeof call>;
    status: number;
    source?: { pointer?: string; parameter?: string };
  }[] = [
    { title: 'malformed JSON', send: () => call('POST', `${mock.url}${COLLECTION}`, '{"data": '), status: 400 },
    { title: 'a create body missing name', send: () => call('POST', `${mock.url}${COLLECTION}`, { data: { ...validCreate('x').data, name: undefined } }), status: 400, source: { pointer: '/data/name' } },
    { title: 'an unknown offering_id', send: () => call('POST', `${mock.url}${COLLECTION}`, { data: { ...validCreate('x').data, offering_id: unknownId } }), status: 400, source: { pointer: '/data/offering_id' } },
    { title: 'a plan_id of another offering', send: () => call('POST', `${mock.url}${COLLECTION}`, { data: { ...validCreate('x').data, plan_id: unknownId } }), status: 400, source: { pointer: '/data/plan_id' } },
    { title: 'no offering at all', send: () => call('POST', `${mock.url}${COLLECTION}`, { data: { ...validCreate('x').data, offering_id: undefined } }), status: 400, source: { pointer: '/data' } },
    { title: 'a body that is not JSON', send: () => call('POST', `${mock.url}${COLLECTION}`, 'name=x', { 'content-type': 'text/plain' }), status: 415 },
    { title: 'an update of an unknown subscription', send: () => put(unknownId, { id: unknownId, type: 'subscription', attributes: {} }), status: 404, source: { parameter: 'subscription_uuid' } },
    { title: 'an update whose data.id differs from the path', send: () => put(ids.subscription_id, { id: unknownId, type: 'subscription', attributes: {} }), status: 409, source: { pointer: '/data/id' } },
    { title: 'an update whose data.type is not subscription', send: () => put(ids.subscription_id, { id: ids.subscription_id, type: 'subscription_offering', attributes: {} }), status: 400, source: { pointer: '/data/type' } },
    { title: 'a plan switch to a foreign plan', send: () => put(ids.subscription_id, { id: ids.subscription_id, type: 'subscription', attributes: { plan_id: unknownId } }), status: 400, source: { pointer: '/data/attributes/plan_id' } },
    { title: 'a filter on an attribute not listed', send: () => call('GET', `${mock.url}${COLLECTION}?${filterQuery('eq(currency,USD)')}`), status: 400, source: { parameter: 'filter' } },
    { title: 'an in() filter', send: () => call('GET', `${mock.url}${COLLECTION}?${filterQuery(`in(account_id,${ids.account_id})`)}`), status: 400, source: { parameter: 'filter' } },
    { title: 'a page limit over 100', send: () => call('GET', `${mock.url}${COLLECTION}?page[limit]=101`), status: 400, source: { parameter: 'page[limit]' } },
    { title: 'an include with an empty member', send: () => call('GET', `${mock.url}${COLLECTION}?include=plans,`), status: 400, source: { parameter: 'include' } },
    { title: 'DELETE on the collection', send: () => call('DELETE', `${mock.url}${COLLECTION}`), status: 405 },
  ]; // prettier-ignore
  it.each(cases)(
    'answers $status to $title, with a JSON:API error body',
    async ({ send, status, source }) => {
      const response = await send();
      expect(response.status).toBe(status);
      const body = response.json as ErrorBody;
      expect(body.errors.length).toBeGreaterThan(0);
      expect(body.errors.every((error) => error.status === String(status) && error.detail.length > 0)).toBe(
        true,
      );
      if (source) expect(body.errors.map((error) => error.source)).toContainEqual(source);
      if (status === 405) expect(response.headers.allow).toBeDefined();
    },
  );

  it('reports every broken field of a create body', async () => {
    const response = await call('POST', `${mock.url}${COLLECTION}`, {
      data: { ...validCreate('x').data, currency: 'usd', email: 'nope', name: 'A' },
    });
    expect(response.status).toBe(400);
    const pointers = (response.json as ErrorBody).errors.map((error) => error.source?.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/data/currency', '/data/email', '/data/name']));
  });
});

describe('subscriptions over HTTP: determinism', () => {
  it('gives identical list responses from two mocks started with the same seed', async () => {
    const [one, two] = await Promise.all([
      startMock({ port: 0, seed: 11, subscriptions: 80, logLevel: 'silent' }),
      startMock({ port: 0, seed: 11, subscriptions: 80, logLevel: 'silent' }),
    ]);
    try {
      const queries = [
        '',
        'page[offset]=25&page[limit]=50&include=plans,products',
        filterQuery(`eq(account_id,${ids.account_id})`),
      ];
      for (const query of queries) {
        const [a, b] = await Promise.all(
          [one, two].map((m) => call('GET', `${m.url}${COLLECTION}?${query}`)),
        );
        expect(a?.status).toBe(200);
        expect(a?.text.replaceAll(one.url, 'MOCK')).toBe(b?.text.replaceAll(two.url, 'MOCK'));
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

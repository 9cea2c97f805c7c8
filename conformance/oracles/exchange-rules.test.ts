import { describe, expect, it } from 'vitest';
import { judgeExchange, operationOf, type ExchangeInput } from './exchange-rules.js';

const BASE = 'http://h/staging';
const LIST = `${BASE}/subscriptions/subscriptions`;
const PRODUCTS = `${BASE}/catalogs/c/releases/r/nodes/n/relationships/products`;
const DATE = 'Fri, 27 Nov 2026 12:00:00 GMT';
const stamp = (created: string, updated: string) => ({ created_at: created, updated_at: updated });
const subscription = (id: string, attributes: Record<string, unknown> = {}) => ({
  id,
  type: 'subscription',
  attributes: { account_id: 'acc-1', name: 'Ada', ...attributes },
  meta: { timestamps: stamp('2026-11-27T11:00:00Z', '2026-11-27T11:30:00Z') },
});
const page = (
  data: unknown[],
  total: number,
  limit: number,
  offset: number,
  links: Record<string, unknown> = {},
) => ({
  data,
  meta: {
    results: { total },
    page: { limit, offset, current: Math.floor(offset / limit) + 1, total: Math.ceil(total / limit) },
  },
  links,
});
const exchange = (
  method: string,
  url: string,
  body: unknown,
  extra: Partial<ExchangeInput> = {},
): ExchangeInput => ({
  method,
  url,
  requestHeaders: {},
  status: 200,
  responseHeaders: { date: DATE },
  responseText: JSON.stringify(body),
  ...extra,
});
const ids = (n: number) => Array.from({ length: n }, (_, i) => subscription(`s${i}`));

describe('operationOf', () => {
  const cases = [
    { method: 'GET', url: LIST, operation: 'listSubscriptions' },
    { method: 'POST', url: LIST, operation: 'createSubscription' },
    { method: 'PUT', url: `${LIST}/abc`, operation: 'updateSubscription' },
    { method: 'GET', url: PRODUCTS, operation: 'getNodeProducts' },
    { method: 'DELETE', url: LIST, operation: undefined },
    { method: 'GET', url: 'http://h/subscriptions/subscriptions', operation: undefined },
  ];
  it.each(cases)('reads $method $url as $operation', ({ method, url, operation }) => {
    expect(operationOf(method, url, '/staging')).toBe(operation);
  });
});

describe('judgeExchange', () => {
  const cases: Array<{ what: string; input: ExchangeInput; broken: string[] }> = [
    {
      what: 'a right page',
      input: exchange('GET', `${LIST}?page[limit]=2`, page(ids(2), 5, 2, 0)),
      broken: [],
    },
    {
      what: 'a page over its limit',
      input: exchange('GET', `${LIST}?page[limit]=2`, page(ids(3), 5, 2, 0)),
      broken: ['page-size'],
    },
    {
      what: 'a page over 100 without a limit',
      input: exchange('GET', LIST, { data: ids(101) }),
      broken: ['page-size', 'page-default'],
    },
    {
      what: 'a page without page[limit] longer than the documented default',
      input: exchange('GET', LIST, { data: ids(26) }),
      broken: ['page-default'],
    },
    {
      what: 'meta.page.limit other than the documented default without page[limit]',
      input: exchange('GET', PRODUCTS, page(ids(10), 40, 10, 0)),
      broken: ['page-default'],
    },
    {
      what: 'nothing of the default when page[limit] was sent',
      input: exchange('GET', `${PRODUCTS}?page[limit]=10`, page(ids(10), 40, 10, 0)),
      broken: [],
    },
    {
      what: 'nothing when the default page is as documented',
      input: exchange('GET', PRODUCTS, page(ids(25), 40, 25, 0)),
      broken: [],
    },
    {
      what: 'a filtered page with a record that does not match',
      input: exchange('GET', `${LIST}?filter=eq(name,Ada)`, {
        data: [subscription('a'), subscription('b', { name: 'Bob' })],
      }),
      broken: ['filter-held'],
    },
    {
      what: 'a filtered last page whose total is the unfiltered one',
      input: exchange('GET', `${LIST}?filter=eq(name,Ada)&page[limit]=10`, page(ids(3), 40, 10, 0)),
      broken: ['total-arithmetic'],
    },
    {
      what: 'a later page of a walk with records past the total',
      input: exchange('GET', `${LIST}?page[offset]=10&page[limit]=5`, page(ids(2), 10, 5, 10)),
      broken: ['total-arithmetic'],
    },
    {
      what: 'meta.page.current off by one',
      input: exchange('GET', `${LIST}?page[offset]=4&page[limit]=2`, {
        ...page(ids(2), 9, 2, 4),
        meta: { results: { total: 9 }, page: { limit: 2, offset: 4, current: 2, total: 5 } },
      }),
      broken: ['page-arithmetic'],
    },
    {
      what: 'a next link on the last page',
      input: exchange(
        'GET',
        `${LIST}?page[offset]=4&page[limit]=2`,
        page(ids(1), 5, 2, 4, {
          next: `${LIST}?page[offset]=6&page[limit]=2`,
          prev: `${LIST}?page[offset]=2&page[limit]=2`,
          last: `${LIST}?page[offset]=4&page[limit]=2`,
        }),
      ),
      broken: ['links-arithmetic'],
    },
    {
      what: 'include=plans without the page plans',
      input: exchange('GET', `${LIST}?include=plans`, {
        data: [subscription('a', { plan_id: 'p1' })],
        included: { plans: [] },
      }),
      broken: ['include'],
    },
    {
      what: 'included without include',
      input: exchange('GET', LIST, { data: [], included: { plans: [] } }),
      broken: ['include'],
    },
    {
      what: 'a create stamped in local time with a Z (two hours ahead)',
      input: exchange(
        'POST',
        LIST,
        { data: { id: 'a', meta: { timestamps: stamp('2026-11-27T14:00:00Z', '2026-11-27T14:00:00Z') } } },
        { status: 201 },
      ),
      broken: ['timestamp-future', 'timestamp-future', 'timestamp-skew'],
    },
    {
      what: 'updated_at before created_at',
      input: exchange('GET', LIST, {
        data: [
          {
            ...subscription('a'),
            meta: { timestamps: stamp('2026-11-27T11:00:00Z', '2026-11-27T10:00:00Z') },
          },
        ],
      }),
      broken: ['timestamp-order'],
    },
    {
      what: 'a timestamp without a zone',
      input: exchange('GET', LIST, {
        data: [
          {
            ...subscription('a'),
            meta: { timestamps: stamp('2026-11-27T11:00:00', '2026-11-27T11:00:00Z') },
          },
        ],
      }),
      broken: ['timestamp-zone'],
    },
    {
      what: 'a product in another language than the default',
      input: exchange('GET', PRODUCTS, {
        data: [{ id: 'p', attributes: { status: 'live' }, meta: { language: 'fr-FR' } }],
      }),
      broken: ['language'],
    },
    {
      what: 'a product with an empty variations list and a tier without minimum',
      input: exchange('GET', PRODUCTS, {
        data: [{ id: 'p', attributes: { status: 'live', tiers: { t: {} } }, meta: { variations: [] } }],
      }),
      broken: ['tiers', 'variations'],
    },
    {
      what: 'an error answer (not judged)',
      input: exchange('GET', `${LIST}?page[limit]=2`, page(ids(3), 5, 2, 0), { status: 400 }),
      broken: [],
    },
  ];
  it.each(cases)('finds $broken in $what', ({ input, broken }) => {
    expect(judgeExchange(input, { basePath: '/staging' }).breaks.map((b) => b.id)).toEqual(broken);
  });

  it('names where each rule broke and what it rests on', () => {
    const { breaks } = judgeExchange(exchange('GET', `${LIST}?page[limit]=2`, page(ids(3), 5, 2, 0)), {
      basePath: '/staging',
    });
    expect(breaks[0]).toMatchObject({
      where: 'page[limit]',
      source: 'contract',
      cites: expect.stringMatching(/^interface.md § /),
    });
  });

  it('adds schema errors when given a validator (a proxy has no schema checks of its own)', () => {
    const { breaks } = judgeExchange(exchange('GET', LIST, { data: [] }), {
      basePath: '/staging',
      schemaErrors: () => [{ instancePath: '/data', message: 'must be array' }],
    });
    expect(breaks.map((b) => [b.id, b.where])).toEqual([['schema', '/data']]);
  });
});

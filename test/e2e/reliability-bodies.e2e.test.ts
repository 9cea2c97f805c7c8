import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { cheapestCost, requestCost } from '../support/request-cost.js';

// Issue 16, point 1: no body up to the body limit may stall the mock. Bodies of many failing items once took
// 15 s and a 500 (ajv's all-errors mode, then a stack overflow), a 1 MB body kept the process busy for minutes,
// and 24,000 items answered 19 MB of errors. Now every array and string the contract lets grow has a bound,
// an answer lists at most 50 errors, and any body costs the mock well under 100 ms.

const SUBSCRIPTIONS = '/subscriptions/subscriptions';
const { account_id, subscription_id } = FIXTURE_IDS.subscriptions;
const BODY_LIMIT = 1024 * 1024;
/** The bound on one request's work, compared with CPU time (see request-cost.ts). */
const BUDGET_MS = 100;

type Json = Record<string, unknown>;
const plan = (at: number): Json => ({
  name: `Plan ${at}`,
  billing_interval_type: 'month',
  billing_frequency: 1,
  plan_length: 12,
  end_behavior: 'roll',
});
const product = (at: number): Json => ({ name: `Product ${at}` });
/** `count` distinct three-letter currency codes, each with a price. */
const prices = (count: number): Json =>
  Object.fromEntries(
    Array.from({ length: count }, (_, at) => [
      String.fromCharCode(65 + (at % 26), 65 + (Math.floor(at / 26) % 26), 65 + Math.floor(at / 676)),
      { amount: 100, includes_tax: false },
    ]),
  );
/** A valid create body with an inline offering; `offering` and `data` override its parts. */
const create = (offering: Json = {}, data: Json = {}) => ({
  data: {
    account_id,
    currency: 'USD',
    manual_payments: true,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    offering: { name: 'Coffee Club', products: [product(0)], plans: [plan(0)], ...offering },
    ...data,
  },
});
const update = (attributes: Json) => ({ data: { id: subscription_id, type: 'subscription', attributes } });

interface ErrorBody {
  errors: { status: string; detail: string; source?: { pointer?: string } }[];
  meta?: { omitted: number };
}

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 5, subscriptions: 20, products: 5, logLevel: 'silent' });
});
afterAll(() => mock.close());

async function send(method: string, path: string, body: unknown) {
  const response = await request(`${mock.url}${path}`, {
    method: method as 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headersTimeout: 20_000,
  });
  const text = await response.body.text();
  return { status: response.statusCode, text, json: JSON.parse(text) as ErrorBody };
}

describe('a body of many failing items (issue 16, point 1)', () => {
  it('answers 26,000 empty plans (76 KB) with one 400 naming the bound, in under 100 ms of work', async () => {
    const body = JSON.stringify(create({ plans: new Array(26_000).fill({}) }));
    const cost = await cheapestCost(() => requestCost(mock.url, 'POST', SUBSCRIPTIONS, body), BUDGET_MS);
    expect(cost.response.status).toBe(400);
    const { errors } = JSON.parse(cost.response.body) as ErrorBody;
    expect(errors.length).toBeLessThanOrEqual(50);
    expect(errors).toContainEqual(
      expect.objectContaining({
        detail: expect.stringContaining('at most 100 items'),
        source: { pointer: '/data/offering/plans' },
      }),
    );
    expect(cost.cpuMs).toBeLessThanOrEqual(BUDGET_MS);
    expect(cost.healthCpuMs).toBeLessThanOrEqual(BUDGET_MS);
  });

  it('lists at most 50 errors and says in meta.omitted how many more it found', async () => {
    // Every plan misses its 5 required fields and every product its name: 600 violations.
    const body = create({ plans: new Array(100).fill({}), products: new Array(100).fill({}) });
    const { status, text, json } = await send('POST', SUBSCRIPTIONS, body);
    expect(status).toBe(400);
    expect(json.errors).toHaveLength(50);
    expect(json.meta).toEqual({ omitted: 550 });
    expect(json.errors.every((error) => error.status === '400' && error.source?.pointer !== undefined)).toBe(
      true,
    );
    expect(text.length).toBeLessThan(20_000);
  });
});

describe('bounds where the contract lets a body grow (decisions.md, Bounds)', () => {
  const cases: { title: string; path: string; body: unknown; pointer: string; bound: string }[] = [
    {
      title: '101 offering products',
      path: SUBSCRIPTIONS,
      body: create({ products: Array.from({ length: 101 }, (_, at) => product(at)) }),
      pointer: '/data/offering/products',
      bound: 'at most 100 items',
    },
    {
      title: '101 offering plans',
      path: SUBSCRIPTIONS,
      body: create({ plans: Array.from({ length: 101 }, (_, at) => plan(at)) }),
      pointer: '/data/offering/plans',
      bound: 'at most 100 items',
    },
    {
      title: 'a product price in 201 currencies',
      path: SUBSCRIPTIONS,
      body: create({ products: [{ ...product(0), price: prices(201) }] }),
      pointer: '/data/offering/products/0/price',
      bound: 'at most 200',
    },
    {
      title: 'a plan fixed_price in 201 currencies',
      path: SUBSCRIPTIONS,
      body: create({ plans: [{ ...plan(0), fixed_price: prices(201) }] }),
      pointer: '/data/offering/plans/0/fixed_price',
      bound: 'at most 200',
    },
    {
      title: 'a meta timestamp of 65 characters',
      path: SUBSCRIPTIONS,
      body: create({}, { meta: { timestamps: { created_at: '2026-01-01T00:00:00.000Z'.padEnd(65, '0') } } }),
      pointer: '/data/meta/timestamps/created_at',
      bound: 'at most 64 characters',
    },
    {
      title: 'a state invoice_after of 65 characters',
      path: SUBSCRIPTIONS,
      body: create(
        {},
        { meta: { state: { meta: { invoice_after: '2026-01-01T00:00:00.000Z'.padEnd(65, '0') } } } },
      ),
      pointer: '/data/meta/state/meta/invoice_after',
      bound: 'at most 64 characters',
    },
    {
      title: 'an update go_live_after of 65 characters',
      path: `${SUBSCRIPTIONS}/${subscription_id}`,
      body: update({ go_live_after: '2026-02-01T00:00:00.000Z'.padEnd(65, '0') }),
      pointer: '/data/attributes/go_live_after',
      bound: 'at most 64 characters',
    },
  ];

  it.each(cases)(
    'refuses $title with a 400 naming the field and the bound',
    async ({ path, body, pointer, bound }) => {
      const method = path === SUBSCRIPTIONS ? 'POST' : 'PUT';
      const { status, json } = await send(method, path, body);
      expect(status).toBe(400);
      expect(json.errors).toContainEqual(
        expect.objectContaining({ detail: expect.stringContaining(bound), source: { pointer } }),
      );
    },
  );

  it('creates a subscription whose offering reaches every bound: 100 products, 100 plans, 200 currencies', async () => {
    const body = create({
      products: Array.from({ length: 100 }, (_, at) => ({
        ...product(at),
        price: prices(at === 0 ? 200 : 1),
      })),
      plans: Array.from({ length: 100 }, (_, at) => ({
        ...plan(at),
        fixed_price: prices(at === 0 ? 200 : 1),
      })),
    });
    const { status } = await send('POST', SUBSCRIPTIONS, body);
    expect(status).toBe(201);
  });
});

/** `unit` repeated so the whole text `wrap(unit.repeat(n))` is as long as it can be within `limit` bytes. */
function filled(wrap: (inner: string) => string, unit: string, limit = BODY_LIMIT): string {
  const overhead = Buffer.byteLength(wrap(''));
  return wrap(unit.repeat(Math.floor((limit - overhead) / Buffer.byteLength(unit))));
}
const name = (inner: string) => JSON.stringify(create()).replace('"Ada Lovelace"', `"${inner}"`);
const plans = (inner: string) =>
  JSON.stringify(create()).replace(/"plans":\[[^\]]*\]/, `"plans":[${inner}0]`);

/** A key past every bound whose value breaks more: each pointer inside would repeat the whole key. */
const hugeKeyBody = () =>
  JSON.stringify({
    ['k'.repeat(900_000)]: Object.fromEntries(
      Array.from({ length: 60 }, (_, at) => [`a${at}`, new Array<number>(101).fill(0)]),
    ),
  });

describe('bodies up to the body limit', () => {
  it('answers a body with a huge key with one small error, not its key repeated in every pointer', async () => {
    const { status, text } = await send('POST', SUBSCRIPTIONS, hugeKeyBody());
    expect(status).toBe(400);
    expect(text.length).toBeLessThan(4_096);
  });

  // Each near 1 MiB: the answer and a concurrent health check within the budget.
  const cases: { title: string; method: string; body: () => string | Buffer; status: number }[] = [
    {
      title: 'arrays nested 500,000 deep',
      method: 'POST',
      body: () => {
        const depth = Math.floor((BODY_LIMIT - '{"data":}'.length) / 2);
        return `{"data":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      },
      status: 400,
    },
    {
      title: 'objects nested 150,000 deep',
      method: 'PUT',
      body: () => {
        const depth = 150_000;
        return `{"data":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
      },
      status: 400,
    },
    { title: 'a name of a million characters', method: 'POST', body: () => filled(name, 'x'), status: 400 },
    {
      title: 'a name of escaped NUL characters',
      method: 'POST',
      body: () => filled(name, '\\u0000'),
      status: 400,
    },
    {
      title: 'a name of emoji',
      method: 'PUT',
      body: () => filled((inner) => JSON.stringify(update({ plan_id: inner })), '😀'),
      status: 400,
    },
    { title: '500,000 numbers as plans', method: 'POST', body: () => filled(plans, '0,'), status: 400 },
    { title: '200,000 strings as plans', method: 'POST', body: () => filled(plans, '"ab",'), status: 400 },
    { title: '60,000 empty plans', method: 'POST', body: () => plans('{},'.repeat(60_000)), status: 400 },
    {
      title: '2,000 unknown fields of 500 characters',
      method: 'POST',
      body: () =>
        JSON.stringify(
          create(
            {},
            Object.fromEntries(Array.from({ length: 2_000 }, (_, at) => [`field_${at}`, 'v'.repeat(500)])),
          ),
        ),
      status: 400,
    },
    {
      title: '30,000 unknown fields',
      method: 'POST',
      body: () =>
        JSON.stringify({
          data: Object.fromEntries(Array.from({ length: 30_000 }, (_, at) => [`f${at}`, at])),
        }),
      status: 400,
    },
    {
      title: 'a valid offering of 100 products and 100 plans with long texts',
      method: 'POST',
      body: () =>
        JSON.stringify(
          create({
            products: Array.from({ length: 100 }, (_, at) => ({
              ...product(at),
              description: 'd'.repeat(1024),
              sku: 's'.repeat(1024),
            })),
            plans: Array.from({ length: 100 }, (_, at) => ({ ...plan(at), description: 'd'.repeat(1024) })),
          }),
        ),
      status: 201,
    },
    {
      title: 'a 900,000-character key holding 60 arrays of 101 items',
      method: 'POST',
      body: hugeKeyBody,
      status: 400,
    },
    {
      title: 'a name of a million bytes ending in invalid UTF-8',
      method: 'POST',
      body: () => {
        const bytes = Buffer.from(filled(name, 'é'));
        bytes[bytes.lastIndexOf(0xa9)] = 0xff;
        return bytes;
      },
      status: 400,
    },
  ];

  it.each(cases)(
    'answers $title within the budget, health checks alongside too',
    async ({ method, body, status }) => {
      const bytes = body();
      expect(Buffer.byteLength(bytes)).toBeLessThanOrEqual(BODY_LIMIT);
      const path = method === 'POST' ? SUBSCRIPTIONS : `${SUBSCRIPTIONS}/${subscription_id}`;
      const cost = await cheapestCost(() => requestCost(mock.url, method, path, bytes), BUDGET_MS);
      expect(cost.response.status).toBe(status);
      expect(cost.cpuMs).toBeLessThanOrEqual(BUDGET_MS);
      expect(cost.healthCpuMs).toBeLessThanOrEqual(BUDGET_MS);
      // Wall time only as a stall detector: a busy machine may stretch 100 ms of work several times over.
      expect(cost.healthMs).toBeLessThan(2_000);
    },
  );
});

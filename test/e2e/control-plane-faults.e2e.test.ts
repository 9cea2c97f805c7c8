import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { errors, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { MockClient, SUBSCRIPTIONS } from '../support/mock-client.js';

// Fault rules (issue 13, item 1): how they match, what they do, how they retire, over real sockets.

let mock: RunningMock;
let client: MockClient;
const { catalog } = FIXTURE_IDS;
const NODE_PRODUCTS = `/catalogs/${catalog.catalog_id}/releases/latest/nodes/${catalog.node_id}/relationships/products`;
const LIST = `${SUBSCRIPTIONS}?page%5Blimit%5D=1`;

const addFault = async (rule: Record<string, unknown>) => {
  const reply = await client.admin('POST', '/faults', { body: rule });
  expect(reply.status, reply.text).toBe(201);
  return reply.json.data as { id: string } & Record<string, unknown>;
};

/** Statuses of `count` list requests, one after the other. */
async function statuses(count: number, path = LIST, headers: Record<string, string> = {}): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index += 1)
    seen.push((await client.call('GET', path, { headers })).status);
  return seen;
}

beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 11, subscriptions: 20, products: 10, logLevel: 'silent' });
  client = await MockClient.of(mock.url);
});

afterAll(async () => {
  await mock?.close();
});

beforeEach(async () => {
  expect((await client.admin('DELETE', '/faults')).status).toBe(204);
});

describe('POST, GET and DELETE /__subcat/faults', () => {
  it('answers 201 with the rule, its id and its counts; lists and removes it', async () => {
    const rule = { operationId: 'listSubscriptions', status: 503, times: 3 };
    const added = await addFault(rule);
    expect(added).toMatchObject({ ...rule, matched: 0, applied: 0 });
    expect(typeof added.id).toBe('string');
    expect((await client.admin('GET', '/faults')).json.data).toEqual([added]);
    expect((await client.admin('DELETE', `/faults/${added.id}`)).status).toBe(204);
    expect((await client.admin('DELETE', `/faults/${added.id}`)).status).toBe(404);
    expect((await client.admin('GET', '/faults')).json.data).toEqual([]);
  });

  it('DELETE /__subcat/faults removes every rule', async () => {
    await addFault({ operationId: 'listSubscriptions', status: 500 });
    await addFault({ operationId: 'getNodeProducts', status: 500 });
    expect((await client.admin('DELETE', '/faults')).status).toBe(204);
    expect(await statuses(1)).toEqual([200]);
  });

  const bad = [
    { title: 'a rule without an action', rule: { operationId: 'listSubscriptions' } },
    { title: 'a rule with two actions', rule: { status: 503, reset: true } },
    { title: 'a status below 400', rule: { status: 200 } },
    { title: 'an unknown operationId', rule: { operationId: 'deleteEverything', status: 500 } },
    { title: 'a probability above 1', rule: { status: 500, probability: 2 } },
    { title: 'times of 0', rule: { status: 500, times: 0 } },
    { title: 'an unknown field', rule: { status: 500, sometimes: true } },
  ];
  it.each(bad)('$title is a 400', async ({ rule }) => {
    const reply = await client.admin('POST', '/faults', { body: rule });
    expect(reply.status).toBe(400);
    expect(reply.json.errors.length).toBeGreaterThan(0);
  });
});

describe('limits', () => {
  it('times: 3 applies exactly three times, then the rule retires', async () => {
    await addFault({ operationId: 'listSubscriptions', status: 503, times: 3 });
    expect(await statuses(6)).toEqual([503, 503, 503, 200, 200, 200]);
    expect((await client.admin('GET', '/faults')).json.data).toEqual([]);
  });

  it('probability 0.5 with a fixed seed gives the same sequence twice', async () => {
    const rule = { operationId: 'listSubscriptions', status: 500, probability: 0.5, seed: 42 };
    const first = await addFault(rule);
    const once = await statuses(24);
    const counted = (await client.admin('GET', '/faults')).json.data[0];
    expect(counted).toMatchObject({ matched: 24, applied: once.filter((s) => s === 500).length });
    await client.admin('DELETE', `/faults/${first.id}`);
    await addFault(rule);
    const twice = await statuses(24);
    expect(twice).toEqual(once);
    expect(new Set(once)).toEqual(new Set([200, 500]));
    await client.admin('DELETE', '/faults');
    await addFault({ ...rule, seed: 43 });
    expect(await statuses(24)).not.toEqual(once);
  });

  it('the first rule that matches acts; the others wait', async () => {
    await addFault({ operationId: 'listSubscriptions', status: 502, times: 1 });
    await addFault({ operationId: 'listSubscriptions', status: 504, times: 1 });
    expect(await statuses(3)).toEqual([502, 504, 200]);
  });
});

describe('matching', () => {
  const cases = [
    {
      title: 'by operationId',
      rule: { operationId: 'getNodeProducts', status: 500 },
      hit: { method: 'GET', path: NODE_PRODUCTS },
      miss: { method: 'GET', path: LIST },
    },
    {
      title: 'by method and path pattern',
      rule: { method: 'POST', path: '/subscriptions/*', status: 500 },
      hit: { method: 'POST', path: SUBSCRIPTIONS, body: {} },
      miss: { method: 'GET', path: LIST },
    },
    {
      title: 'by path pattern alone',
      rule: { path: '/catalogs/*/products', status: 500 },
      hit: { method: 'GET', path: NODE_PRODUCTS },
      miss: { method: 'GET', path: LIST },
    },
    {
      title: 'by a query substring',
      rule: { query: 'include=plans', status: 500 },
      hit: { method: 'GET', path: `${LIST}&include=plans` },
      miss: { method: 'GET', path: LIST },
    },
    {
      title: 'by a header being there',
      rule: { header: 'x-canary', status: 500 },
      hit: { method: 'GET', path: LIST, headers: { 'x-canary': 'yes' } },
      miss: { method: 'GET', path: LIST },
    },
    {
      title: 'by a substring of a header value',
      rule: { header: 'user-agent: checkout-app', status: 500 },
      hit: { method: 'GET', path: LIST, headers: { 'user-agent': 'my-checkout-app/2.1' } },
      miss: { method: 'GET', path: LIST, headers: { 'user-agent': 'catalog-app/1.0' } },
    },
    {
      title: 'by session',
      rule: { session: 'failing', status: 500 },
      hit: { method: 'GET', path: LIST, headers: { 'x-subcat-session': 'failing' } },
      miss: { method: 'GET', path: LIST, headers: { 'x-subcat-session': 'healthy' } },
    },
  ];
  it.each(cases)('$title', async ({ rule, hit, miss }) => {
    await addFault(rule);
    const hitReply = await client.call(hit.method, hit.path, { headers: hit.headers ?? {}, body: hit.body });
    const missReply = await client.call(miss.method, miss.path, { headers: miss.headers ?? {} });
    expect([hitReply.status, missReply.status]).toEqual([500, 200]);
  });

  it('a rule matching every path never touches the admin API', async () => {
    await addFault({ path: '*', status: 500 });
    expect((await client.admin('GET', '/info')).status).toBe(200);
    expect((await client.call('GET', '/__health')).status).toBe(200);
    expect(await statuses(1)).toEqual([500]);
  });
});

describe('actions', () => {
  const answers = [
    { title: '429 says Retry-After: 1', rule: { status: 429 }, status: 429, retryAfter: '1' },
    { title: '503 says Retry-After: 1', rule: { status: 503 }, status: 503, retryAfter: '1' },
    {
      title: 'retry_after sets Retry-After',
      rule: { status: 429, retry_after: 30 },
      status: 429,
      retryAfter: '30',
    },
    { title: 'another 5xx has no Retry-After', rule: { status: 500 }, status: 500, retryAfter: undefined },
    { title: 'a 4xx answers too', rule: { status: 404 }, status: 404, retryAfter: undefined },
  ];
  it.each(answers)(
    'status: $title, with a JSON:API error naming the rule',
    async ({ rule, status, retryAfter }) => {
      const added = await addFault({ operationId: 'listSubscriptions', ...rule });
      const reply = await client.call('GET', LIST);
      expect(reply.status).toBe(status);
      expect(reply.headers['retry-after']).toBe(retryAfter);
      expect(reply.json.errors[0]).toMatchObject({ status: String(status) });
      expect(reply.json.errors[0].detail).toContain(added.id);
    },
  );

  it('status with a body answers that body', async () => {
    const body = { errors: [{ status: '402', title: 'Payment Required', detail: 'card declined' }] };
    await addFault({ operationId: 'createSubscription', status: 402, body });
    const reply = await client.create('declined');
    expect([reply.status, reply.json]).toEqual([402, body]);
  });

  const delays = [
    { title: 'a fixed delay', delay: 150, atLeast: 150 },
    { title: 'a range', delay: [100, 200], atLeast: 100 },
  ];
  it.each(delays)('$title holds the answer back that long', async ({ delay, atLeast }) => {
    await addFault({ operationId: 'listSubscriptions', delay });
    const started = performance.now();
    const reply = await client.call('GET', LIST);
    expect(reply.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(atLeast - 1);
  });

  it('a delay goes with a status', async () => {
    await addFault({ operationId: 'listSubscriptions', delay: 120, status: 503 });
    const started = performance.now();
    expect((await client.call('GET', LIST)).status).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(119);
  });

  it('reset: the connection is destroyed, no answer comes', async () => {
    await addFault({ operationId: 'listSubscriptions', reset: true, times: 1 });
    await expect(client.call('GET', LIST)).rejects.toThrow(/socket|reset|closed/i);
    expect(await statuses(1)).toEqual([200]);
  });

  it("hang: no answer ever comes; the client's own timeout fires", async () => {
    await addFault({ operationId: 'listSubscriptions', hang: true, times: 1 });
    const started = performance.now();
    await expect(
      request(`${mock.url}${LIST}`, { headersTimeout: 300, bodyTimeout: 300 }),
    ).rejects.toBeInstanceOf(errors.HeadersTimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(299);
    expect(await statuses(1)).toEqual([200]);
  });

  it('truncate: the head promises the whole body, half of it comes, then the connection is cut', async () => {
    const whole = await client.call('GET', LIST);
    await addFault({ operationId: 'listSubscriptions', truncate: true, times: 1 });
    const outcome = await new Promise<{ status: number; length: number; received: number; ended: boolean }>(
      (resolve, reject) => {
        get(`${mock.url}${LIST}`, (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => (received += chunk.length));
          const done = (ended: boolean) => () =>
            resolve({
              status: response.statusCode ?? 0,
              length: Number(response.headers['content-length']),
              received,
              ended,
            });
          response.once('end', done(true));
          response.once('aborted', done(false));
          response.once('error', done(false));
        }).on('error', reject);
      },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.length).toBe(whole.bytes.length);
    expect(outcome.received).toBe(Math.floor(whole.bytes.length / 2));
    expect(outcome.ended).toBe(false);
  });

  it('the journal names the rule that acted and what it did; 0 for no answer', async () => {
    await client.admin('DELETE', '/requests');
    const served = await addFault({ operationId: 'listSubscriptions', status: 503, times: 1 });
    const dropped = await addFault({ operationId: 'listSubscriptions', reset: true, times: 1 });
    await client.call('GET', LIST);
    await client.call('GET', LIST).catch(() => undefined);
    const entries = (await client.admin('GET', '/requests')).json.data as { status: number; fault: string }[];
    expect(entries.map((entry) => [entry.status, entry.fault])).toEqual([
      [0, `${dropped.id}: connection reset`],
      [503, `${served.id}: status 503`],
    ]);
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCeilingServer } from './ceiling-server.js';
import { medianRound, quantile, roundOrder, runLoad, type LoadResult } from './load-run.js';

const quantiles = [
  { name: 'no samples give NaN', samples: [], q: 0.5, value: Number.NaN },
  { name: 'one sample is every quantile', samples: [3], q: 0.99, value: 3 },
  { name: 'the median of four is the second (nearest rank)', samples: [1, 2, 3, 4], q: 0.5, value: 2 },
  {
    name: 'p99 of 100 samples is the 99th',
    samples: Array.from({ length: 100 }, (_, i) => i + 1),
    q: 0.99,
    value: 99,
  },
  { name: 'p100 is the largest', samples: [1, 2, 3], q: 1, value: 3 },
  { name: 'p0 is the smallest', samples: [1, 2, 3], q: 0, value: 1 },
];

describe('quantile', () => {
  it.each(quantiles)('$name', ({ samples, q, value }) => {
    expect(quantile(Float64Array.from(samples), q)).toBe(value);
  });
});

const round = (requestsPerSecond: number, p99Ms: number, extra: Partial<LoadResult> = {}): LoadResult => ({
  requestsPerSecond,
  p50Ms: p99Ms / 4,
  p99Ms,
  requests: requestsPerSecond * 2,
  errors: 0,
  non2xx: 0,
  statusCodes: { '200': requestsPerSecond * 2 },
  ...extra,
});

const medians = [
  { name: 'no rounds give nothing', rounds: [], rate: undefined, p99: undefined },
  { name: 'one round is itself, with no round list', rounds: [round(10, 3)], rate: 10, p99: 3 },
  {
    name: 'three rounds give the middle rate with its own latencies',
    rounds: [round(30, 1), round(10, 9), round(20, 4)],
    rate: 20,
    p99: 4,
  },
  { name: 'two rounds give the lower one', rounds: [round(30, 1), round(10, 9)], rate: 10, p99: 9 },
];

const orders = [
  {
    name: 'round 1 keeps the order',
    servers: ['subcat', 'ceiling', 'prism'],
    round: 1,
    order: ['subcat', 'ceiling', 'prism'],
  },
  {
    name: 'round 2 starts with the second',
    servers: ['subcat', 'ceiling', 'prism'],
    round: 2,
    order: ['ceiling', 'prism', 'subcat'],
  },
  {
    name: 'round 4 of three starts over',
    servers: ['subcat', 'ceiling', 'prism'],
    round: 4,
    order: ['subcat', 'ceiling', 'prism'],
  },
  {
    name: 'two servers swap each round',
    servers: ['subcat', 'ceiling'],
    round: 2,
    order: ['ceiling', 'subcat'],
  },
  { name: 'no servers give none', servers: [], round: 3, order: [] },
];

describe('roundOrder', () => {
  it.each(orders)('$name', ({ servers, round, order }) => {
    expect(roundOrder(servers, round)).toEqual(order);
  });
});

describe('medianRound', () => {
  it.each(medians)('$name', ({ rounds, rate, p99 }) => {
    const result = medianRound(rounds);
    expect(result?.requestsPerSecond).toBe(rate);
    expect(result?.p99Ms).toBe(p99);
    if (rounds.length > 1) expect(result?.rounds).toEqual(rounds.map((r) => r.requestsPerSecond));
    else expect(result?.rounds).toBeUndefined();
  });

  it('sums requests, errors and status codes over every round, so a bad round is never hidden', () => {
    const bad = round(5, 50, { errors: 2, non2xx: 3, statusCodes: { '200': 7, '500': 3 } });
    const result = medianRound([round(30, 1), bad, round(20, 4)]);
    expect(result?.requestsPerSecond).toBe(20);
    expect(result?.requests).toBe(60 + 10 + 40);
    expect([result?.errors, result?.non2xx]).toEqual([2, 3]);
    expect(result?.statusCodes).toEqual({ '200': 60 + 7 + 40, '500': 3 });
  });
});

describe('runLoad against the ceiling server', () => {
  const body = JSON.stringify({ data: [] });
  const server = createCeilingServer([
    { method: 'GET', path: '/list?x=1', status: 200, contentType: 'application/json', body },
    { method: 'POST', path: '/list', status: 201, contentType: 'application/json', body },
  ]);
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const settings = { connections: 4, duration: 1, warmup: 0 };
  const runs = [
    {
      name: 'a captured GET is answered 200 at a finite latency',
      requests: [{ method: 'GET' as const, path: '/list?x=1' }],
      status: '200',
      non2xx: false,
    },
    {
      name: 'a captured POST with a body is answered 201',
      requests: [{ method: 'POST' as const, path: '/list', body: '{"a":1}' }],
      status: '201',
      non2xx: false,
    },
    {
      name: 'a request the ceiling never captured counts as non-2xx',
      requests: [{ method: 'GET' as const, path: '/other' }],
      status: '404',
      non2xx: true,
    },
  ];

  it.each(runs)('$name', async ({ requests, status, non2xx }) => {
    const result = await runLoad(baseUrl, requests, settings);
    expect(result.requestsPerSecond).toBeGreaterThan(0);
    expect(Object.keys(result.statusCodes)).toEqual([status]);
    expect(result.errors).toBe(0);
    expect(result.non2xx > 0).toBe(non2xx);
    expect(Number.isFinite(result.p99Ms)).toBe(true);
    expect(result.p50Ms).toBeLessThanOrEqual(result.p99Ms);
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCeilingServer } from './ceiling-server.js';
import { quantile, runLoad } from './load-run.js';

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

import { describe, expect, it } from 'vitest';
import { mergeRuns, quantile, roundOrder, type LoadRun } from './load-run.js';

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

const run = (latencies: number[], extra: Partial<LoadRun> = {}): LoadRun => ({
  requests: latencies.length,
  seconds: 1,
  latenciesMs: Float64Array.from(latencies),
  errors: 0,
  non2xx: 0,
  statusCodes: { '200': latencies.length },
  ...extra,
});

describe('mergeRuns', () => {
  it('adds requests, seconds, errors and status codes', () => {
    const merged = mergeRuns([
      run([1, 2], { errors: 1 }),
      run([3], { seconds: 0.5, non2xx: 1, statusCodes: { '200': 0, '404': 1 } }),
    ]);
    expect([merged.requests, merged.seconds, merged.errors, merged.non2xx]).toEqual([3, 1.5, 1, 1]);
    expect(merged.statusCodes).toEqual({ '200': 2, '404': 1 });
  });

  it('merges the latencies of every run into one sorted list', () => {
    expect([...mergeRuns([run([2, 9]), run([1, 5])]).latenciesMs]).toEqual([1, 2, 5, 9]);
  });

  it('no runs merge to an empty run', () => {
    expect(mergeRuns([])).toMatchObject({ requests: 0, seconds: 0, errors: 0, statusCodes: {} });
  });
});

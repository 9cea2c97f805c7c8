import { describe, expect, it } from 'vitest';
import type { LoadRun } from './load-run.js';
import {
  AMOUNT_LIMITS,
  amountFor,
  medianMeasurement,
  pairedRatio,
  toRound,
  type Round,
} from './measurement.js';

const run = (requests: number, seconds: number, extra: Partial<LoadRun> = {}): LoadRun => ({
  requests,
  seconds,
  latenciesMs: Float64Array.from([1, 2, 3, 10]),
  errors: 0,
  non2xx: 0,
  statusCodes: { '200': requests },
  ...extra,
});

const rounds = [
  {
    name: '200 ticks of 10 ms over 100,000 requests are 20 µs each',
    run: run(100_000, 4),
    ticks: 200,
    perSecond: 100,
    expected: { cpuMs: 2000, cpuUsPerRequest: 20, requestsPerSecond: 25_000, p50Ms: 2, p99Ms: 10 },
  },
  {
    name: 'ticks of another length are counted in their own unit',
    run: run(1000, 1),
    ticks: 50,
    perSecond: 250,
    expected: { cpuMs: 200, cpuUsPerRequest: 200, requestsPerSecond: 1000, p50Ms: 2, p99Ms: 10 },
  },
  {
    name: 'no reading gives no CPU figures',
    run: run(1000, 1),
    ticks: null,
    perSecond: 100,
    expected: { cpuMs: null, cpuUsPerRequest: null, requestsPerSecond: 1000, p50Ms: 2, p99Ms: 10 },
  },
  {
    name: 'no responses give no CPU per request',
    run: run(0, 1, { latenciesMs: new Float64Array(0) }),
    ticks: 3,
    perSecond: 100,
    expected: {
      cpuMs: 30,
      cpuUsPerRequest: null,
      requestsPerSecond: 0,
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
    },
  },
];

describe('toRound', () => {
  it.each(rounds)('$name', ({ run: r, ticks, perSecond, expected }) => {
    expect(toRound(r, ticks, perSecond)).toMatchObject(expected);
  });
});

const round = (
  cpuUsPerRequest: number | null,
  requestsPerSecond = 1000,
  extra: Partial<Round> = {},
): Round => ({
  requests: 10_000,
  requestsPerSecond,
  p50Ms: 1,
  p99Ms: cpuUsPerRequest ?? requestsPerSecond,
  errors: 0,
  non2xx: 0,
  statusCodes: { '200': 10_000 },
  cpuMs: cpuUsPerRequest === null ? null : cpuUsPerRequest * 10,
  cpuUsPerRequest,
  ...extra,
});

const medians = [
  { name: 'no rounds give nothing', rounds: [], cpu: undefined, p99: undefined },
  { name: 'one round is itself', rounds: [round(20)], cpu: 20, p99: 20 },
  {
    name: 'three rounds give the middle cost with its own latencies',
    rounds: [round(30), round(10), round(20)],
    cpu: 20,
    p99: 20,
  },
  { name: 'two rounds give the cheaper one', rounds: [round(30), round(10)], cpu: 10, p99: 10 },
  {
    name: 'without CPU readings the middle rate is taken',
    rounds: [round(null, 300), round(null, 100), round(null, 200)],
    cpu: null,
    p99: 200,
  },
];

describe('medianMeasurement', () => {
  it.each(medians)('$name', ({ rounds: given, cpu, p99 }) => {
    const result = medianMeasurement(given);
    expect([result?.cpuUsPerRequest, result?.p99Ms]).toEqual([cpu, p99]);
    if (given.length > 0) expect(result?.roundsCpuUsPerRequest).toEqual(given.map((r) => r.cpuUsPerRequest));
  });

  it('sums errors and status codes over every round, so a bad round is never hidden', () => {
    const bad = round(90, 10, { errors: 2, non2xx: 3, statusCodes: { '200': 7, '500': 3 } });
    const result = medianMeasurement([round(30), bad, round(20)]);
    expect(result?.cpuUsPerRequest).toBe(30);
    expect([result?.errors, result?.non2xx]).toEqual([2, 3]);
    expect(result?.statusCodes).toEqual({ '200': 20_007, '500': 3 });
  });
});

const amounts = [
  {
    name: '20 µs a request for 2 s of CPU is 100,000 requests',
    estimate: round(20),
    seconds: 2,
    connections: 50,
    amount: 100_000,
  },
  {
    name: 'the amount is rounded up to a multiple of the connections',
    estimate: round(30),
    seconds: 2,
    connections: 50,
    amount: 66_700,
  },
  {
    name: 'a slow server still gets the least amount',
    estimate: round(5000),
    seconds: 2,
    connections: 50,
    amount: AMOUNT_LIMITS.min,
  },
  {
    name: 'never fewer requests than connections',
    estimate: round(5000),
    seconds: 2,
    connections: 1200,
    amount: 1200,
  },
  {
    name: 'a nearly free server gets the most',
    estimate: round(0.1),
    seconds: 2,
    connections: 50,
    amount: AMOUNT_LIMITS.max,
  },
  {
    name: 'without a CPU reading the rate stands in, as if on one core',
    estimate: round(null, 12_000),
    seconds: 2,
    connections: 50,
    amount: 24_000,
  },
];

describe('amountFor', () => {
  it.each(amounts)('$name', ({ estimate, seconds, connections, amount }) => {
    expect(amountFor(estimate, seconds, connections)).toBe(amount);
  });
});

describe('pairedRatio', () => {
  const cases: { name: string; mine: (number | null)[]; theirs: (number | null)[]; ratio: number | null }[] = [
    { name: "the median of the rounds' ratios, not the ratio of the medians", mine: [60, 90, 100], theirs: [50, 60, 100], ratio: 1.2 },
    { name: 'an even count takes the lower middle ratio', mine: [60, 90], theirs: [50, 60], ratio: 1.2 },
    { name: 'a round without a reading on either side drops out', mine: [null, 66, 77], theirs: [10, 60, null], ratio: 1.1 },
    { name: 'a reading of zero on their side drops out', mine: [5, 30], theirs: [0, 20], ratio: 1.5 },
    { name: 'no round with both readings gives no ratio', mine: [null], theirs: [20], ratio: null },
    { name: 'rounds only one side has drop out', mine: [40, 40, 40], theirs: [20], ratio: 2 },
  ]; // prettier-ignore
  it.each(cases)('$name', ({ mine, theirs, ratio }) => {
    const paired = pairedRatio({ roundsCpuUsPerRequest: mine }, { roundsCpuUsPerRequest: theirs });
    if (ratio === null) expect(paired).toBeNull();
    else expect(paired).toBeCloseTo(ratio, 10);
  });
});

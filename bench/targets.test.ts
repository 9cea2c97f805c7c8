import { describe, expect, it } from 'vitest';
import type { BenchResults, CaseResult, CheckRun, StoreStartup } from './bench-results.js';
import type { LoadResult } from './load-run.js';
import { evaluateTargets } from './targets.js';

const load = (requestsPerSecond: number, p99Ms = 1, extra: Partial<LoadResult> = {}): LoadResult => ({
  requestsPerSecond,
  p50Ms: p99Ms / 2,
  p99Ms,
  requests: requestsPerSecond * 5,
  errors: 0,
  non2xx: 0,
  statusCodes: { '200': requestsPerSecond * 5 },
  ...extra,
});

const row = (over: Partial<CaseResult>): CaseResult => ({
  id: 'list-subscriptions',
  title: 'list subscriptions',
  kind: 'get',
  filtered: false,
  store: 'small',
  subcat: load(30_000),
  ceiling: load(40_000),
  prism: load(1_000),
  bodyBytes: { subcat: 1024, prism: 512 },
  notes: [],
  ...over,
});

const large: StoreStartup = {
  store: 'large',
  subscriptions: 100_000,
  products: 10_000,
  startupMs: 2500,
  startupSamplesMs: [2500],
  rssMb: 300,
  peakRssMb: 350,
};
const check: CheckRun = { durationMs: 9000, exitCode: 0, summary: '' };
const results = (over: Partial<Pick<BenchResults, 'cases' | 'stores' | 'check'>>) => ({
  cases: [],
  stores: [large],
  check,
  ...over,
});

const verdictOf = (input: ReturnType<typeof results>, target: string) =>
  evaluateTargets(input).find((t) => t.target.startsWith(target))?.verdict;

const cases = [
  {
    name: '30x Prism passes the Prism target',
    input: results({ cases: [row({})] }),
    target: '>= 20x Prism',
    verdict: 'PASS',
  },
  {
    name: '10x Prism misses it',
    input: results({ cases: [row({ subcat: load(10_000) })] }),
    target: '>= 20x Prism',
    verdict: 'MISS',
  },
  {
    name: 'no Prism figure is n/a',
    input: results({ cases: [row({ prism: null })] }),
    target: '>= 20x Prism',
    verdict: 'n/a',
  },
  {
    name: 'fast answers with non-2xx cannot pass',
    input: results({ cases: [row({ subcat: load(90_000, 1, { non2xx: 5, statusCodes: { '400': 5 } }) })] }),
    target: '>= 20x Prism',
    verdict: 'MISS',
  },
  {
    name: '75% of the ceiling passes',
    input: results({ cases: [row({})] }),
    target: '>= 50% of the ceiling',
    verdict: 'PASS',
  },
  {
    name: '40% of the ceiling misses',
    input: results({ cases: [row({ subcat: load(16_000) })] }),
    target: '>= 50% of the ceiling',
    verdict: 'MISS',
  },
  {
    name: 'a small-store p99 of 5 ms passes',
    input: results({ cases: [row({ subcat: load(30_000, 5) })] }),
    target: 'p99 <= 5 ms',
    verdict: 'PASS',
  },
  {
    name: 'a small-store p99 of 5.5 ms misses',
    input: results({ cases: [row({ subcat: load(30_000, 5.5) })] }),
    target: 'p99 <= 5 ms',
    verdict: 'MISS',
  },
  {
    name: 'a large filtered p99 of 12 ms passes',
    input: results({ cases: [row({ store: 'large', filtered: true, subcat: load(30_000, 12) })] }),
    target: 'p99 <= 15 ms',
    verdict: 'PASS',
  },
  {
    name: 'a large filtered p99 of 20 ms misses',
    input: results({ cases: [row({ store: 'large', filtered: true, subcat: load(30_000, 20) })] }),
    target: 'p99 <= 15 ms',
    verdict: 'MISS',
  },
  { name: 'seeding in 2.5 s passes', input: results({}), target: 'seeded in <= 3 s', verdict: 'PASS' },
  {
    name: 'seeding in 3.5 s misses',
    input: results({ stores: [{ ...large, startupMs: 3500 }] }),
    target: 'seeded in <= 3 s',
    verdict: 'MISS',
  },
  { name: '300 MB passes', input: results({}), target: '<= 400 MB RSS', verdict: 'PASS' },
  {
    name: '450 MB misses',
    input: results({ stores: [{ ...large, rssMb: 450 }] }),
    target: '<= 400 MB RSS',
    verdict: 'MISS',
  },
  { name: 'a 9 s check passes', input: results({}), target: 'subcat check', verdict: 'PASS' },
  {
    name: 'a check that could not run misses',
    input: results({ check: { ...check, exitCode: 2, durationMs: 100 } }),
    target: 'subcat check',
    verdict: 'MISS',
  },
  { name: 'a check not run is n/a', input: results({ check: null }), target: 'subcat check', verdict: 'n/a' },
] as const;

describe('evaluateTargets', () => {
  it.each(cases)('$name', ({ input, target, verdict }) => {
    expect(verdictOf(input, target)).toBe(verdict);
  });

  it('writes are held to no throughput or latency target', () => {
    const verdicts = evaluateTargets(
      results({ cases: [row({ kind: 'write', id: 'create-subscription', subcat: load(10) })] }),
    );
    expect(verdicts.map((v) => v.target)).toEqual([
      'seeded in <= 3 s',
      '<= 400 MB RSS',
      'subcat check <= 15 s',
    ]);
  });

  const ceilingCases = [
    {
      name: 'a Prism factor the ceiling reaches too',
      input: row({ subcat: load(10_000), ceiling: load(25_000) }),
      target: '>= 20x Prism',
      ceiling: { actual: '25.0x (25000 vs 1000 req/s)', verdict: 'PASS' },
    },
    {
      name: 'a Prism factor beyond the ceiling',
      input: row({ subcat: load(10_000), ceiling: load(12_000) }),
      target: '>= 20x Prism',
      ceiling: { actual: '12.0x (12000 vs 1000 req/s)', verdict: 'MISS' },
    },
    {
      name: 'a p99 the ceiling meets',
      input: row({ subcat: load(30_000, 6), ceiling: load(30_000, 4) }),
      target: 'p99 <= 5 ms',
      ceiling: { actual: '4.00 ms', verdict: 'PASS' },
    },
    {
      name: 'a p99 the ceiling misses too',
      input: row({ subcat: load(30_000, 6), ceiling: load(30_000, 5.5) }),
      target: 'p99 <= 5 ms',
      ceiling: { actual: '5.50 ms', verdict: 'MISS' },
    },
    {
      name: 'a ceiling that answered errors does not count as reaching it',
      input: row({ ceiling: load(90_000, 1, { errors: 3 }) }),
      target: '>= 20x Prism',
      ceiling: { actual: '3 errors', verdict: 'MISS' },
    },
    { name: 'no ceiling figure', input: row({ ceiling: null }), target: 'p99 <= 5 ms', ceiling: undefined },
    {
      name: 'the share of the ceiling has no ceiling of its own',
      input: row({}),
      target: '>= 50% of the ceiling',
      ceiling: undefined,
    },
  ] as const;

  it.each(ceilingCases)('the ceiling on the same target: $name', ({ input, target, ceiling }) => {
    const found = evaluateTargets(results({ cases: [input] })).find((t) => t.target.startsWith(target));
    expect(found?.ceiling).toEqual(ceiling);
  });

  it('the large-store p99 target applies to filtered lists only', () => {
    const verdicts = evaluateTargets(results({ cases: [row({ store: 'large', subcat: load(30_000, 50) })] }));
    expect(verdicts.some((v) => v.target.startsWith('p99'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { BenchResults, CaseResult, StoreStartup } from './bench-results.js';
import type { Measurement } from './measurement.js';
import type { ProbeResult } from './probes/probe.js';
import { evaluateTargets } from './targets.js';

const cpu = (cpuUsPerRequest: number | null, extra: Partial<Measurement> = {}): Measurement => ({
  requests: 100_000,
  requestsPerSecond: 20_000,
  p50Ms: 1,
  p99Ms: 3,
  errors: 0,
  non2xx: 0,
  statusCodes: { '200': 100_000 },
  cpuMs: cpuUsPerRequest === null ? null : cpuUsPerRequest * 100,
  cpuUsPerRequest,
  roundsCpuUsPerRequest: [cpuUsPerRequest],
  ...extra,
});

const get = (measurements: CaseResult['measurements']): CaseResult => ({
  id: 'list-subscriptions',
  title: 'list subscriptions',
  kind: 'get',
  filtered: false,
  store: 'small',
  measurements,
  bodyBytes: {},
  notes: [],
});
const write = (measurements: CaseResult['measurements']): CaseResult => ({
  ...get(measurements),
  id: 'create-subscription',
  title: 'create subscription',
  kind: 'write',
});

const startup = (build: StoreStartup['build'], startupMs: number, rssMb: number | null): StoreStartup => ({
  build,
  store: 'large',
  subscriptions: 100_000,
  products: 10_000,
  startupMs,
  startupSamplesMs: [startupMs],
  rssMb,
  peakRssMb: rssMb,
});

type Input = Pick<BenchResults, 'cases' | 'stores' | 'probes'>;
const input = (over: Partial<Input>): Input => ({ cases: [], stores: [], probes: [], ...over });

const cases: { name: string; input: Input; target: string; verdict: string; actual?: string }[] = [
  {
    name: '1.25x the ceiling passes the GET target',
    input: input({ cases: [get({ subcat: cpu(20), ceiling: cpu(16) })] }),
    target: 'CPU/request <= 2x',
    verdict: 'PASS',
    actual: '1.250x (20.0 vs 16.0 µs/request)',
  },
  {
    name: '2.01x the ceiling misses it',
    input: input({ cases: [get({ subcat: cpu(40.2), ceiling: cpu(20) })] }),
    target: 'CPU/request <= 2x',
    verdict: 'MISS',
  },
  {
    name: 'a ratio a hair over the bound misses and shows three decimals, so it does not read as 2.00x',
    input: input({ cases: [get({ subcat: cpu(158.7), ceiling: cpu(79.3) })] }),
    target: 'CPU/request <= 2x',
    verdict: 'MISS',
    actual: '2.001x (158.7 vs 79.3 µs/request)',
  },
  {
    name: 'a cheap answer with non-2xx cannot pass',
    input: input({
      cases: [get({ subcat: cpu(5, { non2xx: 4, statusCodes: { '400': 4 } }), ceiling: cpu(16) })],
    }),
    target: 'CPU/request <= 2x',
    verdict: 'MISS',
    actual: 'subcat: 4 non-2xx (400)',
  },
  {
    name: 'a ceiling that met errors is no yardstick',
    input: input({ cases: [get({ subcat: cpu(20), ceiling: cpu(16, { errors: 3 }) })] }),
    target: 'CPU/request <= 2x',
    verdict: 'n/a',
    actual: 'ceiling: 3 errors',
  },
  {
    name: 'a failed ceiling is n/a',
    input: input({ cases: [get({ subcat: cpu(20), ceiling: null })] }),
    target: 'CPU/request <= 2x',
    verdict: 'n/a',
  },
  {
    name: 'no CPU reading is n/a',
    input: input({ cases: [get({ subcat: cpu(null), ceiling: cpu(16) })] }),
    target: 'CPU/request <= 2x',
    verdict: 'n/a',
  },
  {
    name: 'a write as cheap as before passes',
    input: input({ cases: [write({ subcat: cpu(80), ceiling: cpu(16), before: cpu(80) })] }),
    target: "CPU/request <= 1.5x the before build's",
    verdict: 'PASS',
  },
  {
    name: 'a write 1.4x the before build passes',
    input: input({ cases: [write({ subcat: cpu(112), before: cpu(80) })] }),
    target: "CPU/request <= 1.5x the before build's",
    verdict: 'PASS',
  },
  {
    name: 'a write 1.6x the before build misses',
    input: input({ cases: [write({ subcat: cpu(128), before: cpu(80) })] }),
    target: "CPU/request <= 1.5x the before build's",
    verdict: 'MISS',
    actual: '1.600x (128.0 vs 80.0 µs/request)',
  },
  {
    name: 'a write without a before build is n/a and says how to get one',
    input: input({ cases: [write({ subcat: cpu(80), ceiling: cpu(16) })] }),
    target: "CPU/request <= 1.5x the before build's",
    verdict: 'n/a',
    actual: 'not measured: no before build (run with --before REF)',
  },
  {
    name: 'a large store seeded in 2.5 s passes, with the before build beside it',
    input: input({ stores: [startup('subcat', 2500, 300), startup('before', 2700, 310)] }),
    target: 'seeded in <= 3 s',
    verdict: 'PASS',
    actual: '2.50 s; before: 2.70 s',
  },
  {
    name: 'the before build seeding in time does not make the checkout pass',
    input: input({ stores: [startup('subcat', 3100, 300), startup('before', 2700, 310)] }),
    target: 'seeded in <= 3 s',
    verdict: 'MISS',
  },
  {
    name: '401 MB misses the RSS target',
    input: input({ stores: [startup('subcat', 2500, 401)] }),
    target: '<= 400 MB RSS',
    verdict: 'MISS',
  },
  {
    name: 'an RSS that could not be read is n/a',
    input: input({ stores: [startup('subcat', 2500, null)] }),
    target: '<= 400 MB RSS',
    verdict: 'n/a',
  },
  { name: 'no large store is n/a', input: input({}), target: 'seeded in <= 3 s', verdict: 'n/a' },
];

describe('evaluateTargets', () => {
  it.each(cases)('$name', ({ input: given, target, verdict, actual }) => {
    const found = evaluateTargets(given).filter((t) => t.target.startsWith(target));
    expect(found.map((t) => t.verdict)).toEqual([verdict]);
    if (actual !== undefined) expect(found[0]?.actual).toBe(actual);
  });

  it('a GET is held to the ceiling only, a write to the before build only', () => {
    const targets = evaluateTargets(
      input({
        cases: [
          get({ subcat: cpu(20), ceiling: cpu(16), before: cpu(10) }),
          write({ subcat: cpu(80), ceiling: cpu(16), before: cpu(80) }),
        ],
      }),
    );
    expect(targets.map((t) => `${t.subject}: ${t.target}`).slice(0, 2)).toEqual([
      "list subscriptions (small): CPU/request <= 2x the ceiling's",
      "create subscription (small): CPU/request <= 1.5x the before build's",
    ]);
  });

  const probe = (rows: ProbeResult['rows']): ProbeResult => ({ id: 'p', title: 'A probe', rows });
  const probeCases = [
    {
      name: 'a probe row within its bound passes',
      row: { measure: 'reset', build: 'subcat' as const, value: 40, unit: 'ms', target: { atMost: 50 } },
      verdicts: ['PASS'],
    },
    {
      name: 'a probe row beyond its bound misses',
      row: { measure: 'reset', build: 'subcat' as const, value: 60, unit: 'ms', target: { atMost: 50 } },
      verdicts: ['MISS'],
    },
    {
      name: 'a probe row below its floor misses',
      row: { measure: 'rate', build: 'subcat' as const, value: 5, unit: 'req/s', target: { atLeast: 10 } },
      verdicts: ['MISS'],
    },
    {
      name: 'a probe row without a figure is n/a',
      row: { measure: 'reset', build: 'subcat' as const, value: null, unit: 'ms', target: { atMost: 50 } },
      verdicts: ['n/a'],
    },
    {
      name: "the before build's rows are context, never judged",
      row: { measure: 'reset', build: 'before' as const, value: 60, unit: 'ms', target: { atMost: 50 } },
      verdicts: [],
    },
    {
      name: 'a row without a target is not a target',
      row: { measure: 'reset', build: 'subcat' as const, value: 60, unit: 'ms' },
      verdicts: [],
    },
  ];
  it.each(probeCases)('$name', ({ row, verdicts }) => {
    const targets = evaluateTargets(input({ probes: [probe([row])] })).filter((t) =>
      t.subject.startsWith('A probe'),
    );
    expect(targets.map((t) => t.verdict)).toEqual(verdicts);
  });
});

import { describe, expect, it } from 'vitest';
import type { CaseIds } from './bench-cases.js';
import { DEFAULT_BENCH_OPTIONS, type BenchOptions } from './bench-options.js';
import { runBench, type BenchDeps } from './bench-runner.js';
import type { LoadPlan, LoadRequest, LoadRun } from './load-run.js';
import type { BenchServer, Build, Probe } from './probes/probe.js';
import { renderResultsMarkdown } from './results-report.js';

const ids: CaseIds = {
  accountId: 'acc-1',
  skus: ['sku-a'],
  deepOffset: 975,
  catalogId: 'cat',
  releaseId: 'rel',
  nodeId: 'node',
  subscriptionId: 'sub-1',
  offeringId: 'off-1',
  planIds: ['plan-a', 'plan-b'],
};

const builds: Build[] = [
  { label: 'subcat', title: 'this checkout (abc1234)', root: '/repo' },
  { label: 'before', title: 'main (0433027)', root: '/tmp/before' },
];

/** Server CPU per request in µs, by server name and method: chosen so every reading is whole ticks. */
const COST_US: Record<string, { GET: number; POST: number }> = {
  'subcat-small': { GET: 20, POST: 100 },
  'subcat-large': { GET: 32, POST: 80 },
  'before-small': { GET: 20, POST: 80 },
  'before-large': { GET: 32, POST: 100 },
  'ceiling-small': { GET: 16, POST: 16 },
  'ceiling-large': { GET: 16, POST: 16 },
  'subcat-probe': { GET: 20, POST: 20 },
  prism: { GET: 400, POST: 400 },
};
const STARTUP_MS: Record<string, number[]> = {
  'subcat-small': [700, 640],
  'before-small': [650, 660],
  'subcat-large': [2600, 2400],
  'before-large': [3300, 3100],
};
/** The fake load generator answers 10,000 requests a second whatever the server. */
const RATE = 10_000;

/** A fake world: servers are names, their CPU a counter the fake load generator advances. */
function fakeWorld() {
  const running = new Set<string>();
  const ticks = new Map<number, number>();
  const byUrl = new Map<string, { name: string; pid: number }>();
  const starts = new Map<string, number>();
  const measured: string[] = [];
  const log: string[] = [];
  /** Each mock start: the build's label and the arguments after the store's. */
  const mockStarts: string[] = [];
  let nextPid = 100;
  const loads = [0.5, 1.25];

  const server = (name: string, startupMs: number): BenchServer => {
    const pid = nextPid++;
    const baseUrl = `http://${name}.test`;
    running.add(`${name}#${pid}`);
    byUrl.set(baseUrl, { name, pid });
    ticks.set(pid, 0);
    return {
      name,
      pid,
      baseUrl,
      startupMs,
      stop: () => Promise.resolve(void running.delete(`${name}#${pid}`)),
    };
  };
  const sizeOf = (args: readonly string[]) =>
    ({ '1000': 'small', '100000': 'large' })[args[args.indexOf('--subscriptions') + 1] ?? ''] ?? 'probe';

  const load = (baseUrl: string, requests: readonly LoadRequest[], plan: LoadPlan): Promise<LoadRun> => {
    const target = byUrl.get(baseUrl);
    const method = requests[0]?.method === 'GET' ? 'GET' : 'POST';
    const cost = COST_US[target?.name ?? '']?.[method];
    if (target === undefined || cost === undefined)
      return Promise.reject(new Error(`no fake server at ${baseUrl}`));
    const count = 'amount' in plan ? plan.amount : plan.seconds * RATE;
    if ('amount' in plan) measured.push(`${target.name} ${count}`);
    ticks.set(target.pid, (ticks.get(target.pid) ?? 0) + Math.round((count * cost) / 10_000));
    const status = method === 'GET' ? '200' : '201';
    return Promise.resolve({
      requests: count,
      seconds: count / RATE,
      latenciesMs: Float64Array.from([0.5, 1, 1.5, 4]),
      errors: 0,
      non2xx: 0,
      statusCodes: { [status]: count },
    });
  };

  const deps: BenchDeps = {
    builds,
    startMock: (build, args) => {
      const name = `${build.label}-${sizeOf(args)}`;
      mockStarts.push(`${name} ${(args[0] === '--subscriptions' ? args.slice(4) : args).join(' ')}`);
      const run = starts.get(name) ?? 0;
      starts.set(name, run + 1);
      return Promise.resolve(server(name, STARTUP_MS[name]?.[run] ?? 500));
    },
    startCeiling: (size) => Promise.resolve(server(`ceiling-${size}`, 50)),
    startPrism: () => Promise.resolve(server('prism', 3000)),
    discoverIds: () => Promise.resolve(ids),
    capture: (baseUrl, request) => {
      const name = byUrl.get(baseUrl)?.name ?? '';
      const write = request.method !== 'GET';
      const size = name === 'prism' ? 2253 : write ? (name.startsWith('before') ? 1800 : 1843) : 2457;
      return Promise.resolve({
        method: request.method,
        path: request.path,
        status: write ? 201 : 200,
        contentType: 'application/json',
        body: 'x'.repeat(size),
      });
    },
    load,
    cpuTicks: (pid) => ticks.get(pid),
    ticksPerSecond: 100,
    memory: (pid) =>
      [...byUrl.values()].find((s) => s.pid === pid)?.name.endsWith('large')
        ? { rssMb: 280, peakRssMb: 300 }
        : { rssMb: 90, peakRssMb: 95 },
    runNode: () => Promise.resolve({ exitCode: 0, durationMs: 1, stdout: '', stderr: '' }),
    probes,
    machine: () => ({ cpu: 'Fake CPU @ 1.00GHz', cores: 2, node: 'v20.0.0', platform: 'linux x64' }),
    command: 'npm run bench -- --before main',
    loadAverage: () => loads.shift() ?? 9,
    now: () => new Date('2026-01-02T03:04:05.000Z'),
    log: (line) => log.push(line),
  };
  return { deps, running, measured, log, mockStarts, started: () => nextPid - 100 };
}

const probes: Probe[] = [
  {
    id: 'fake-probe',
    title: 'A fake probe',
    async run(ctx) {
      const build = ctx.builds[0] as Build;
      const server = await ctx.startMock(build, ['--extra']);
      const m = await ctx.measure(server, [{ method: 'GET', path: '/x' }], 5000);
      return [
        {
          measure: 'CPU per GET',
          build: build.label,
          value: m.cpuUsPerRequest,
          unit: 'µs/request',
          target: { atMost: 10 },
        },
        { measure: 'cold start', build: 'before', value: 300, unit: 'ms', samples: [290, 300, 310] },
      ];
    },
  },
  {
    id: 'broken-probe',
    title: 'A probe that fails',
    run: () => Promise.reject(new Error('no such flag')),
  },
  { id: 'unselected-probe', title: 'Never run', run: () => Promise.reject(new Error('ran')) },
];

const options: BenchOptions = {
  ...DEFAULT_BENCH_OPTIONS,
  rounds: 2,
  startupRuns: 2,
  before: 'main',
  only: ['list-subscriptions-one', 'create-subscription', 'fake-probe', 'broken-probe'],
};

const expected = `# Benchmark results

Written by \`npm run bench\` (bench/run.ts); do not edit by hand.

Fake CPU @ 1.00GHz, 2 cores, Node v20.0.0 (linux x64), 2026-01-02T03:04:05.000Z; 1-minute load average 0.50 before, 1.25 after. 50 connections, loopback; 2 rounds per case and server, each 0.5 s warm-up then requests for about 2 s of server CPU; CPU read from /proc/PID/stat in ticks of 10 ms.

Command: \`npm run bench -- --before main\`.

Builds: \`subcat\` is this checkout (abc1234); \`before\` is main (0433027).

Each server runs in its own child process. In each round of a case, autocannon (in the runner process) loads subcat, the ceiling and \`before\` at the same time, phase by phase, so a slow stretch of the shared machine falls on all of them alike; Prism is measured alone after them. Every round runs on new processes of subcat, the ceiling and \`before\` (one process of a build kept its own cost for a while), each warmed up before it is measured. A measured run sends a fixed number of requests, set from the CPU per request of the warm-up just before it so that it costs the server about the CPU above, and reads the server's user + system CPU (all its threads) from /proc just before and after: CPU per request does not depend on how fast the load generator can ask. Shown: the round with the median CPU per request (errors summed over all rounds); a ratio is the median of the rounds' ratios, each of two servers loaded together. The ceiling is a bare \`node:http\` server replaying subcat's own captured bytes (head and body) for the case. \`before\` is the mock built from another commit. Prism (\`prism mock\`) answers every list with its one static example, so it is measured only where that example is about the size of the mock's body (the one-record page), once, and shown on both store rows.

## Server CPU per request

| case | store | body KB | subcat µs/req | ceiling µs/req | subcat / ceiling | before µs/req | subcat / before | Prism µs/req | Prism body KB |
|---|---|--:|--:|--:|--:|--:|--:|--:|--:|
| list subscriptions, page[limit]=1 (a body the size of Prism's) | small | 2.4 | 20.0 | 16.0 | 1.25x | 20.0 | 1.00x | 400.0 | 2.2 |
| list subscriptions, page[limit]=1 (a body the size of Prism's) | large | 2.4 | 32.0 | 16.0 | 2.00x | 32.0 | 1.00x | 400.0 | 2.2 |
| create subscription | small | 1.8 | 100.0 | 16.0 | 6.25x | 80.0 | 1.25x | — | — |
| create subscription | large | 1.8 | 80.0 | 16.0 | 5.00x | 100.0 | 0.80x | — | — |

## Rate and latency

What the load generator saw. It shares the machine with the server, so these are bounded by it; the CPU figures above are not.

| case | store | subcat req/s | p50 ms | p99 ms | ceiling req/s | ceiling p99 ms | before req/s | before p99 ms | Prism req/s | Prism p99 ms | subcat errors / non-2xx |
|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
| list subscriptions, page[limit]=1 (a body the size of Prism's) | small | 10,000 | 1.00 | 4.00 | 10,000 | 4.00 | 10,000 | 4.00 | 10,000 | 4.00 | 0 / 0 |
| list subscriptions, page[limit]=1 (a body the size of Prism's) | large | 10,000 | 1.00 | 4.00 | 10,000 | 4.00 | 10,000 | 4.00 | 10,000 | 4.00 | 0 / 0 |
| create subscription | small | 10,000 | 1.00 | 4.00 | 10,000 | 4.00 | 10,000 | 4.00 | — | — | 0 / 0 |
| create subscription | large | 10,000 | 1.00 | 4.00 | 10,000 | 4.00 | 10,000 | 4.00 | — | — | 0 / 0 |

## Start-up and memory

| build | store | subscriptions | products per release | start-up (median) | start-ups | RSS after seeding | peak RSS |
|---|---|--:|--:|--:|--:|--:|--:|
| subcat | small | 1,000 | 1,000 | 0.67 s | 0.70, 0.64 s | 90 MB | 95 MB |
| before | small | 1,000 | 1,000 | 0.66 s | 0.65, 0.66 s | 90 MB | 95 MB |
| subcat | large | 100,000 | 10,000 | 2.50 s | 2.60, 2.40 s | 280 MB | 300 MB |
| before | large | 100,000 | 10,000 | 3.20 s | 3.30, 3.10 s | 280 MB | 300 MB |

## Probes

### A fake probe

| measure | build | value | samples | target | note |
|---|---|--:|--:|--:|---|
| CPU per GET | subcat | 20 µs/request | — | <= 10 µs/request |  |
| cold start | before | 300 ms | 290, 300, 310 | — |  |

### A probe that fails

The probe failed: no such flag

## Targets

Targets: 6 PASS, 1 MISS, 0 n/a.

- PASS CPU/request <= 2x the ceiling's: list subscriptions, page[limit]=1 (a body the size of Prism's) (small): 1.250x (20.0 vs 16.0 µs/request)
- PASS CPU/request <= 2x the ceiling's: list subscriptions, page[limit]=1 (a body the size of Prism's) (large): 2.000x (32.0 vs 16.0 µs/request)
- PASS CPU/request <= 1.5x the before build's: create subscription (small): 1.250x (100.0 vs 80.0 µs/request)
- PASS CPU/request <= 1.5x the before build's: create subscription (large): 0.800x (80.0 vs 100.0 µs/request)
- PASS seeded in <= 3 s (spawn to listening): 100,000 subscriptions: 2.50 s; before: 3.20 s
- PASS <= 400 MB RSS after seeding: 100,000 subscriptions: 280 MB (peak 300 MB); before: 280 MB
- MISS <= 10 µs/request: A fake probe: CPU per GET: 20 µs/request

## Notes

- create subscription (small): the before build's body is 1800 bytes, subcat's 1843
- create subscription (large): the before build's body is 1800 bytes, subcat's 1843
`;

describe('a fake run of the whole bench', () => {
  it('writes results.md in exactly this shape', async () => {
    const { deps } = fakeWorld();
    expect(renderResultsMarkdown(await runBench(options, deps))).toBe(expected);
  });

  it('loads the servers of a case together in each round, Prism after them, each sent about 2 s of its CPU', async () => {
    const world = fakeWorld();
    await runBench(options, world.deps);
    expect(world.measured.slice(0, 8)).toEqual([
      'subcat-small 100000',
      'ceiling-small 125000',
      'before-small 100000',
      'prism 5000',
      'subcat-small 100000',
      'ceiling-small 125000',
      'before-small 100000',
      'prism 5000',
    ]);
  });

  it("adds a build's mock arguments to its store mocks only, not to the probes' nor the other build's", async () => {
    const world = fakeWorld();
    const withArgs = [{ ...builds[0], mockArgs: ['--journal-size', '0'] } as Build, builds[1] as Build];
    await runBench(options, { ...world.deps, builds: withArgs });
    const starts = new Set(world.mockStarts);
    expect([...starts].sort()).toEqual([
      'before-large ',
      'before-small ',
      'subcat-large --journal-size 0',
      'subcat-probe --extra',
      'subcat-small --journal-size 0',
    ]);
  });

  it('stops every server it started', async () => {
    const world = fakeWorld();
    await runBench(options, world.deps);
    // Two start-ups per build and store size, two ceilings, Prism, and the probe's mock; then for each of the
    // two rounds of the two cases on each store, new processes of both builds and of the ceiling.
    expect(world.started()).toBe(2 * 2 * 2 + 2 + 1 + 1 + 2 * 2 * 2 * 3);
    expect([...world.running]).toEqual([]);
  });

  it('stops every server it started when a case cannot be prepared', async () => {
    const world = fakeWorld();
    const deps = { ...world.deps, discoverIds: () => Promise.reject(new Error('mock gone')) };
    await expect(runBench(options, deps)).rejects.toThrow('mock gone');
    // The small store's two start-ups per build, before its ids were asked for.
    expect(world.started()).toBe(2 * 2);
    expect([...world.running]).toEqual([]);
  });

  it('a run of one probe starts no store and measures no case', async () => {
    const world = fakeWorld();
    const results = await runBench({ ...options, only: ['fake-probe'] }, world.deps);
    expect(world.measured).toEqual(['subcat-probe 5000']);
    expect([results.cases, results.stores, results.probes.map((p) => p.id)]).toEqual([
      [],
      [],
      ['fake-probe'],
    ]);
  });

  it('keeps every round of a server in results.json', async () => {
    const results = await runBench(options, fakeWorld().deps);
    expect(results.cases[0]?.measurements.subcat?.roundsCpuUsPerRequest).toEqual([20, 20]);
    expect(results.cases.map((c) => Object.keys(c.measurements))).toEqual([
      ['subcat', 'ceiling', 'before', 'prism'],
      ['subcat', 'ceiling', 'before', 'prism'],
      ['subcat', 'ceiling', 'before'],
      ['subcat', 'ceiling', 'before'],
    ]);
  });
});

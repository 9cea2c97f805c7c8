import { describe, expect, it } from 'vitest';
import type { BenchCase } from './bench-cases.js';
import type { LoadPlan, LoadRun } from './load-run.js';
import { measureCase, measureCpu, type MeasureIo } from './measure-case.js';
import { toRound } from './measurement.js';
import type { BenchServer } from './probes/probe.js';

const server = (name: string, pid: number): BenchServer => ({
  name,
  pid,
  baseUrl: `http://${name}.test`,
  startupMs: 1,
  stop: () => Promise.resolve(),
});

/** A load generator at 10,000 requests a second whose servers cost `costUs` each; `failing` ones throw. */
function fakeIo(
  costUs: Record<string, number>,
  options: { readable?: boolean; failing?: string[]; non2xx?: string[] } = {},
) {
  const ticks = new Map<number, number>();
  const amounts: string[] = [];
  const io: MeasureIo = {
    ticksPerSecond: 100,
    log: () => undefined,
    cpuTicks: (pid) => (options.readable === false ? undefined : (ticks.get(pid) ?? 0)),
    load: (baseUrl: string, _requests, plan: LoadPlan): Promise<LoadRun> => {
      const name = new URL(baseUrl).hostname.replace('.test', '');
      if (options.failing?.includes(name)) return Promise.reject(new Error(`${name} reset the connection`));
      const pid = name.length;
      const count = 'amount' in plan ? plan.amount : plan.seconds * 10_000;
      if ('amount' in plan) amounts.push(`${name} ${count}`);
      ticks.set(pid, (ticks.get(pid) ?? 0) + Math.round((count * (costUs[name] ?? 1)) / 10_000));
      const bad = options.non2xx?.includes(name) ? 1 : 0;
      const statusCodes: Record<string, number> = { '200': count - bad };
      if (bad > 0) statusCodes['404'] = bad;
      return Promise.resolve({
        requests: count,
        seconds: count / 10_000,
        latenciesMs: Float64Array.from([1, 2]),
        errors: 0,
        non2xx: bad,
        statusCodes,
      });
    },
  };
  return { io, amounts };
}

const estimateOf = (costUs: number) =>
  toRound(
    { requests: 5000, seconds: 0.5, latenciesMs: new Float64Array(0), errors: 0, non2xx: 0, statusCodes: {} },
    (5000 * costUs) / 10_000,
    100,
  );

const settings = { connections: 50, cpuSeconds: 2 };
const get = [{ method: 'GET' as const, path: '/x' }];

describe('measureCpu', () => {
  it('an estimate right on the cost needs one chunk', async () => {
    const { io, amounts } = fakeIo({ s: 20 });
    const round = await measureCpu(io, server('s', 1), get, settings, estimateOf(20));
    expect(amounts).toEqual(['s 100000']);
    expect([round.cpuMs, round.cpuUsPerRequest]).toEqual([2000, 20]);
  });

  it('an estimate five times the cost is topped up until the server has spent its CPU', async () => {
    const { io, amounts } = fakeIo({ s: 20 });
    const round = await measureCpu(io, server('s', 1), get, settings, estimateOf(100));
    expect(amounts).toEqual(['s 20000', 's 80000']);
    expect([round.requests, round.cpuMs, round.cpuUsPerRequest]).toEqual([100_000, 2000, 20]);
  });

  it('a server that stays cheaper than any amount can make expensive still ends after four chunks', async () => {
    const { io, amounts } = fakeIo({ s: 0.1 });
    await measureCpu(io, server('s', 1), get, settings, estimateOf(0.1));
    expect(amounts).toHaveLength(4);
  });

  it('without /proc one chunk is sent and the CPU figures are empty', async () => {
    const { io, amounts } = fakeIo({ s: 20 }, { readable: false });
    const round = await measureCpu(io, server('s', 1), get, settings, estimateOf(20));
    expect(amounts).toHaveLength(1);
    expect([round.cpuMs, round.cpuUsPerRequest]).toEqual([null, null]);
  });
});

const listCase: BenchCase = {
  id: 'list',
  title: 'list',
  kind: 'get',
  filtered: false,
  prism: false,
  requests: get,
};

describe('measureCase', () => {
  const caseSettings = { rounds: 3, warmup: 0.5, cpuSeconds: 2, connections: 50 };
  const contenders = [
    { role: 'subcat' as const, server: server('subcat', 6) },
    { role: 'ceiling' as const, server: server('ceiling', 7) },
  ];

  it('a server that fails a round is n/a for the case, with a note, and is not asked again', async () => {
    const { io, amounts } = fakeIo({ subcat: 20 }, { failing: ['ceiling'] });
    const notes: string[] = [];
    const result = await measureCase(io, caseSettings, listCase, contenders, notes);
    expect(result.ceiling).toBeNull();
    expect(result.subcat?.roundsCpuUsPerRequest).toEqual([20, 20, 20]);
    expect(notes).toEqual(['ceiling: ceiling reset the connection']);
    expect(amounts.filter((a) => a.startsWith('ceiling'))).toEqual([]);
  });

  it('loads the servers of a round at the same time, phase by phase, and Prism alone after them', async () => {
    const { io } = fakeIo({ subcat: 20, ceiling: 16, prism: 200 });
    const events: string[] = [];
    const load = io.load;
    io.load = async (baseUrl, requests, plan) => {
      const name = new URL(baseUrl).hostname.replace('.test', '');
      events.push(`${'amount' in plan ? 'measure' : 'warm'} ${name}`);
      await new Promise((resolve) => setImmediate(resolve)); // a load takes a while: the others start meanwhile
      events.push(`done ${name}`);
      return load(baseUrl, requests, plan);
    };
    const withPrism = [...contenders, { role: 'prism' as const, server: server('prism', 5) }];
    await measureCase(io, { ...caseSettings, rounds: 1 }, listCase, withPrism, []);
    const phase = (kind: string, names: string[]) => [
      ...names.map((n) => `${kind} ${n}`),
      ...names.map((n) => `done ${n}`),
    ];
    const group = (names: string[]) => [
      ...phase('warm', names), // the warm-up
      ...phase('warm', names), // the estimate
      ...phase('measure', names),
    ];
    expect(events).toEqual([...group(['subcat', 'ceiling']), ...group(['prism'])]);
  });

  it('runs every round on new processes, warmed up, and measures those', async () => {
    // The first process (999 µs) is the one the store started: every round runs on one of its own.
    const { io } = fakeIo({
      subcat: 999,
      ceiling: 16,
      'subcat-1': 20,
      'subcat-2': 30,
      'subcat-3': 40,
      prism: 200,
    });
    const warmed: string[] = [];
    const load = io.load;
    io.load = (baseUrl, requests, plan) => {
      if ('seconds' in plan) warmed.push(new URL(baseUrl).hostname.replace('.test', ''));
      return load(baseUrl, requests, plan);
    };
    const started: string[] = [];
    const fresh = () => {
      const name = `subcat-${started.length + 1}`;
      started.push(name);
      return Promise.resolve(server(name, name.length)); // the fake load reads a pid from the name
    };
    const withFresh = [
      { role: 'subcat' as const, server: server('subcat', 6), fresh },
      contenders[1],
      { role: 'prism' as const, server: server('prism', 5) },
    ].filter((c) => c !== undefined);
    const result = await measureCase(io, caseSettings, listCase, withFresh, []);
    expect(started).toEqual(['subcat-1', 'subcat-2', 'subcat-3']);
    expect(result.subcat?.roundsCpuUsPerRequest.map((us) => Math.round(us ?? 0))).toEqual([20, 30, 40]);
    // Prism has no new process: its rounds are all on the one it has.
    expect(result.prism?.roundsCpuUsPerRequest).toEqual([200, 200, 200]);
    // A warm-up and an estimate on each round's process before it is measured.
    expect(warmed.filter((name) => name.startsWith('subcat'))).toEqual([
      'subcat-1',
      'subcat-1',
      'subcat-2',
      'subcat-2',
      'subcat-3',
      'subcat-3',
    ]);
  });

  it('a server whose new process fails to start is n/a for the case, with a note', async () => {
    const { io } = fakeIo({ subcat: 20, ceiling: 16 });
    const notes: string[] = [];
    const failing = [
      {
        role: 'subcat' as const,
        server: server('subcat', 6),
        fresh: () => Promise.reject(new Error('port taken')),
      },
      contenders[1],
    ].filter((c) => c !== undefined);
    const result = await measureCase(io, caseSettings, listCase, failing, notes);
    expect([result.subcat, result.ceiling?.roundsCpuUsPerRequest]).toEqual([null, [16, 16, 16]]);
    expect(notes).toEqual(['subcat: port taken']);
  });

  it("another server's non-2xx answers are named in a note", async () => {
    const { io } = fakeIo({ subcat: 20, ceiling: 16 }, { non2xx: ['ceiling'] });
    const notes: string[] = [];
    await measureCase(io, { ...caseSettings, rounds: 1 }, listCase, contenders, notes);
    expect(notes).toEqual(['ceiling: 0 errors, 1 non-2xx over all rounds']);
  });
});

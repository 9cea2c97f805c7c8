import {
  benchCases,
  caseIds,
  selectCases,
  selected,
  STORE_SIZES,
  STORES,
  type BenchCase,
  type CaseIds,
  type StoreSize,
} from './bench-cases.js';
import type { BenchOptions } from './bench-options.js';
import type { BenchResults, CaseResult, Machine, ServerRole, StoreStartup } from './bench-results.js';
import type { CapturedResponse } from './ceiling-server.js';
import { roundOrder, type LoadRequest } from './load-run.js';
import { measureCase, measuredRun, type Contender, type MeasureIo } from './measure-case.js';
import { medianMeasurement, type Measurement } from './measurement.js';
import type { Memory } from './proc-readings.js';
import {
  median,
  type BenchServer,
  type Build,
  type BuildLabel,
  type NodeRun,
  type Probe,
  type ProbeContext,
  type ProbeResult,
} from './probes/probe.js';
import { evaluateTargets } from './targets.js';

/** Everything the bench does to the world, so a fake run can drive the whole orchestration in a test. */
export interface BenchDeps extends MeasureIo {
  /** This checkout first, then the before build when there is one. */
  builds: readonly Build[];
  /** `subcat mock` of a build with these arguments added to a free port, loopback and a silent log. */
  startMock(build: Build, args: readonly string[]): Promise<BenchServer>;
  startCeiling(size: StoreSize, responses: readonly CapturedResponse[]): Promise<BenchServer>;
  /** null when Prism is not installed. */
  startPrism(): Promise<BenchServer | null>;
  discoverIds(baseUrl: string): Promise<CaseIds>;
  capture(baseUrl: string, request: LoadRequest): Promise<CapturedResponse>;
  memory(pid: number): Memory | undefined;
  runNode(args: readonly string[], cwd: string, timeoutMs: number): Promise<NodeRun>;
  probes: readonly Probe[];
  machine(): Omit<Machine, 'loadAverage'>;
  /** The command line, for the reader of the results. */
  command: string;
  loadAverage(): number;
  now(): Date;
}

type Track = (server: BenchServer) => BenchServer;

interface Store {
  size: StoreSize;
  mocks: Map<BuildLabel, BenchServer>;
  ceiling: BenchServer;
  /** subcat's answers to every case, which the ceiling replays. */
  captured: readonly CapturedResponse[];
  cases: BenchCase[];
  bodyBytes: Map<string, Partial<Record<ServerRole, number>>>;
  notes: Map<string, string[]>;
}

/**
 * Starts one store size for every build, `runs` times each, builds alternating, keeping the last start of each:
 * one slow start-up on a busy machine is not the figure, and a busy minute hits both builds.
 */
/** A build's mock arguments for a store size. */
function storeArgs(size: StoreSize, build: Build): string[] {
  const { subscriptions, products } = STORES[size];
  return [
    '--subscriptions',
    String(subscriptions),
    '--products',
    String(products),
    ...(build.mockArgs ?? []),
  ];
}

async function startStore(deps: BenchDeps, size: StoreSize, runs: number, track: Track) {
  const { subscriptions, products } = STORES[size];
  const samples = new Map<BuildLabel, number[]>(deps.builds.map((b) => [b.label, []]));
  const mocks = new Map<BuildLabel, BenchServer>();
  for (let run = 1; run <= runs; run++) {
    for (const build of roundOrder(deps.builds, run)) {
      await mocks.get(build.label)?.stop();
      const server = track(await deps.startMock(build, storeArgs(size, build)));
      mocks.set(build.label, server);
      samples.get(build.label)?.push(Math.round(server.startupMs));
    }
  }
  const startups = deps.builds.map((build): StoreStartup => {
    const times = samples.get(build.label) ?? [];
    const pid = mocks.get(build.label)?.pid;
    const memory = pid === undefined ? undefined : deps.memory(pid);
    const startup = {
      build: build.label,
      store: size,
      subscriptions,
      products,
      startupMs: Math.round(median(times) ?? Number.NaN),
      startupSamplesMs: times,
      rssMb: memory?.rssMb ?? null,
      peakRssMb: memory?.peakRssMb ?? null,
    };
    deps.log(
      `${build.label} ${size}: listening after ${times.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s, ` +
        `RSS ${startup.rssMb ?? '?'} MB (peak ${startup.peakRssMb ?? '?'} MB)`,
    );
    return startup;
  });
  return { mocks, startups };
}

/** Reads the case ids from this checkout's mock and captures every case's responses from each build's mock. */
async function prepareStore(
  deps: BenchDeps,
  size: StoreSize,
  mocks: Map<BuildLabel, BenchServer>,
  only: readonly string[],
  track: Track,
): Promise<Store> {
  const subcat = mocks.get('subcat');
  if (subcat === undefined) throw new Error('no subcat mock was started');
  const cases = selectCases(benchCases(await deps.discoverIds(subcat.baseUrl)), only);
  const captured: CapturedResponse[] = [];
  const bodyBytes = new Map<string, Partial<Record<ServerRole, number>>>();
  const notes = new Map<string, string[]>();
  for (const benchCase of cases) {
    const bytes: Partial<Record<ServerRole, number>> = {};
    const caseNotes: string[] = [];
    for (const [label, server] of mocks) {
      for (const [index, request] of benchCase.requests.entries()) {
        const response = await deps.capture(server.baseUrl, request);
        if (label === 'subcat') captured.push(response);
        if (index === 0) bytes[label] = Buffer.byteLength(response.body);
        if (response.status >= 300)
          caseNotes.push(
            `${label} answered ${response.status} to ${request.method} ${request.path}: ${response.body.slice(0, 200)}`,
          );
      }
    }
    if (bytes.before !== undefined && bytes.before !== bytes.subcat)
      caseNotes.push(`the before build's body is ${bytes.before} bytes, subcat's ${bytes.subcat ?? '?'}`);
    bodyBytes.set(benchCase.id, bytes);
    notes.set(benchCase.id, caseNotes);
  }
  for (const line of [...notes.values()].flat()) deps.log(`  note (${size}): ${line}`);
  const ceiling = track(await deps.startCeiling(size, captured));
  return { size, mocks, ceiling, captured, cases, bodyBytes, notes };
}

/** A build's mock of a store; a new process of it (same store size) replaces the store's for the next cases. */
function mockContender(deps: BenchDeps, store: Store, build: Build, track: Track): Contender {
  const server = store.mocks.get(build.label);
  if (server === undefined) throw new Error(`no ${build.label} mock was started`);
  return {
    role: build.label,
    server,
    fresh: async () => {
      await store.mocks.get(build.label)?.stop();
      const server = track(await deps.startMock(build, storeArgs(store.size, build)));
      store.mocks.set(build.label, server);
      return server;
    },
  };
}

/** Prism's figure for a case: measured once on the first store when its example answers 2xx. */
async function prismContender(
  deps: BenchDeps,
  prism: BenchServer | null,
  benchCase: BenchCase,
  bytes: Partial<Record<ServerRole, number>>,
  notes: string[],
): Promise<Contender[]> {
  const first = benchCase.requests[0];
  if (prism === null || !benchCase.prism || first === undefined) return [];
  const probe = await deps.capture(prism.baseUrl, first);
  bytes.prism = Buffer.byteLength(probe.body);
  if (probe.status >= 200 && probe.status < 300) return [{ role: 'prism', server: prism }];
  notes.push(`Prism n/a: it answers ${probe.status} (${probe.body.slice(0, 120)})`);
  return [];
}

async function runCases(options: BenchOptions, deps: BenchDeps, track: Track) {
  const stores: Store[] = [];
  const startups: StoreStartup[] = [];
  // Sequential, so start-up times do not compete for the CPU.
  for (const size of STORE_SIZES) {
    const started = await startStore(deps, size, options.startupRuns, track);
    startups.push(...started.startups);
    stores.push(await prepareStore(deps, size, started.mocks, options.only, track));
  }
  const wantsPrism = options.prism && stores.some((s) => s.cases.some((c) => c.prism));
  const prism = wantsPrism ? await deps.startPrism() : null;
  if (prism !== null) track(prism);

  const cases: CaseResult[] = [];
  const prismFigures = new Map<string, { measurement: Measurement | null; bytes: number | undefined }>();
  for (const id of stores[0]?.cases.map((c) => c.id) ?? []) {
    for (const [index, store] of stores.entries()) {
      const benchCase = store.cases.find((c) => c.id === id);
      if (benchCase === undefined) continue;
      deps.log(`${benchCase.title} [${store.size}]`);
      const notes = [...(store.notes.get(id) ?? [])];
      const bodyBytes = { ...store.bodyBytes.get(id) };
      const mock = (label: BuildLabel) =>
        deps.builds.filter((b) => b.label === label).map((b) => mockContender(deps, store, b, track));
      const contenders: Contender[] = [
        ...mock('subcat'),
        {
          role: 'ceiling',
          server: store.ceiling,
          fresh: async () => {
            await store.ceiling.stop();
            return (store.ceiling = track(await deps.startCeiling(store.size, store.captured)));
          },
        },
        ...mock('before'),
        ...(index === 0 ? await prismContender(deps, prism, benchCase, bodyBytes, notes) : []),
      ];
      const measurements = await measureCase(deps, options, benchCase, contenders, notes);
      // Prism answers from the spec whatever the store holds: its one figure is shown on every store's row.
      const prismFigure = prismFigures.get(id);
      if (index === 0 && benchCase.prism && prism !== null) {
        measurements.prism ??= null;
        prismFigures.set(id, { measurement: measurements.prism, bytes: bodyBytes.prism });
      } else if (prismFigure !== undefined) {
        measurements.prism = prismFigure.measurement;
        if (prismFigure.bytes !== undefined) bodyBytes.prism = prismFigure.bytes;
      }
      cases.push({
        id,
        title: benchCase.title,
        kind: benchCase.kind,
        filtered: benchCase.filtered,
        store: store.size,
        measurements,
        bodyBytes,
        notes,
      });
    }
  }
  return { stores: startups, cases };
}

async function runProbes(options: BenchOptions, deps: BenchDeps, track: Track): Promise<ProbeResult[]> {
  if (!options.probes) return [];
  const ctx: ProbeContext = {
    builds: deps.builds,
    quick: options.quick,
    log: (line) => deps.log(line),
    startMock: async (build, args) => track(await deps.startMock(build, args)),
    measure: async (server, requests, amount) => {
      const round = await measuredRun(deps, server, requests, { connections: options.connections, amount });
      return medianMeasurement([round]) as Measurement;
    },
    memory: (pid) => deps.memory(pid),
    runNode: (args, cwd, timeoutMs) => deps.runNode(args, cwd, timeoutMs),
  };
  const results: ProbeResult[] = [];
  for (const probe of deps.probes.filter((p) => selected(p.id, options.only))) {
    deps.log(`probe: ${probe.title}`);
    try {
      results.push({ id: probe.id, title: probe.title, rows: await probe.run(ctx) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log(`  failed: ${message}`);
      results.push({ id: probe.id, title: probe.title, rows: [], error: message });
    }
  }
  return results;
}

/** One whole benchmark run: start-ups, every selected case on every store size, then the probes. */
export async function runBench(options: BenchOptions, deps: BenchDeps): Promise<BenchResults> {
  const loadBefore = deps.loadAverage();
  const running: BenchServer[] = [];
  const track: Track = (server) => {
    running.push(server);
    return server;
  };
  const stopAll = () => Promise.all(running.splice(0).map((server) => server.stop()));
  try {
    const anyCase = caseIds().some((id) => selected(id, options.only));
    const { stores, cases } = anyCase ? await runCases(options, deps, track) : { stores: [], cases: [] };
    // The case servers sit idle, but probes time start-ups and memory: give them the machine.
    await stopAll();
    const probes = await runProbes(options, deps, track);
    const partial = { stores, cases, probes };
    return {
      date: deps.now().toISOString(),
      command: deps.command,
      machine: { ...deps.machine(), loadAverage: { before: loadBefore, after: deps.loadAverage() } },
      settings: {
        rounds: options.rounds,
        warmup: options.warmup,
        cpuSeconds: options.cpuSeconds,
        connections: options.connections,
        ticksPerSecond: deps.ticksPerSecond,
      },
      builds: deps.builds.map(({ label, title }) => ({ label, title })),
      ...partial,
      targets: evaluateTargets(partial),
    };
  } finally {
    await stopAll();
  }
}

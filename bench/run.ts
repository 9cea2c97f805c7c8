// `npm run bench`: the subcat mock beside Prism and a bare node:http ceiling, each in its own process.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/package-root.js';
import {
  benchCases,
  selectCases,
  STORE_SIZES,
  STORES,
  type BenchCase,
  type StoreSize,
} from './bench-cases.js';
import { BENCH_USAGE, parseBenchArgs, type BenchOptions } from './bench-options.js';
import type { BenchResults, CaseResult, Machine, StoreStartup } from './bench-results.js';
import type { CapturedResponse } from './ceiling-server.js';
import { captureResponse, discoverIds, type FixtureIds } from './discover-ids.js';
import { medianRound, roundOrder, runLoad, type LoadResult, type LoadSettings } from './load-run.js';
import {
  renderReadmeBlock,
  renderResultsMarkdown,
  renderTargetLine,
  replaceReadmeSection,
} from './results-report.js';
import { runCheck } from './run-check.js';
import { freePort, readMemory, startServer, stopAllServers, type ServerProcess } from './server-process.js';
import { evaluateTargets } from './targets.js';

const root = packageRoot();
const distDir = join(root, 'dist');
const cliPath = join(distDir, 'src', 'cli.js');
const ceilingPath = join(distDir, 'bench', 'ceiling-main.js');
const prismPath = join(root, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
const specPath = join(root, 'spec', 'openapi.yaml');
const READY_PATH = '/subscriptions/subscriptions?page%5Blimit%5D=1';
const CHECK_TIMEOUT_MS = 180_000;

const log = (line: string) => process.stdout.write(`${line}\n`);

function machine(loadBefore: number): Machine {
  let cpu = cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    // Not Linux: os.cpus() already named it.
  }
  return {
    cpu,
    cores: availableParallelism(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
  };
}

function describe(result: LoadResult): string {
  const problems =
    result.errors + result.non2xx > 0 ? `, ${result.errors} errors, ${result.non2xx} non-2xx` : '';
  return `${result.requestsPerSecond.toLocaleString('en-US')} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms${problems}`;
}

function spawnMock(size: StoreSize, port: number): Promise<ServerProcess> {
  const { subscriptions, products } = STORES[size];
  return startServer({
    name: `subcat (${size})`,
    args: [cliPath, 'mock', '--port', String(port), '--host', '127.0.0.1', '--log-level', 'silent'].concat([
      '--subscriptions',
      String(subscriptions),
      '--products',
      String(products),
    ]),
    port,
    cwd: root,
    readyPath: READY_PATH,
    timeoutMs: 120_000,
  });
}

/** Starts the mock `runs` times (keeping the last), so one slow start-up on a busy machine is not the figure. */
async function startMock(
  size: StoreSize,
  runs: number,
): Promise<{ server: ServerProcess; startup: StoreStartup }> {
  const samples: number[] = [];
  let server: ServerProcess | undefined;
  for (let run = 0; run < runs; run++) {
    await server?.stop();
    server = await spawnMock(size, await freePort());
    samples.push(Math.round(server.startupMs));
  }
  if (server === undefined) throw new Error('startupRuns must be at least 1');
  const memory = readMemory(server.pid);
  const startup: StoreStartup = {
    store: size,
    ...STORES[size],
    startupMs: median(samples),
    startupSamplesMs: samples,
    rssMb: memory?.rssMb ?? null,
    peakRssMb: memory?.peakRssMb ?? null,
  };
  log(
    `subcat ${size}: ${startup.subscriptions} subscriptions, ${startup.products} products/release: listening after ` +
      `${samples.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s (median ${(startup.startupMs / 1000).toFixed(2)} s), ` +
      `RSS ${startup.rssMb ?? '?'} MB (peak ${startup.peakRssMb ?? '?'} MB)`,
  );
  return { server, startup };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
}

async function startCeiling(
  size: StoreSize,
  responses: CapturedResponse[],
  dir: string,
): Promise<ServerProcess> {
  const file = join(dir, `ceiling-${size}.json`);
  writeFileSync(file, JSON.stringify(responses));
  const port = await freePort();
  return startServer({
    name: `ceiling (${size})`,
    args: [ceilingPath, file, String(port)],
    port,
    cwd: root,
    readyPath: '/',
    timeoutMs: 10_000,
  });
}

async function startPrism(): Promise<ServerProcess> {
  const port = await freePort();
  // Quietest settings: Prism's pretty logging costs it throughput, and the comparison should flatter it, not us.
  const args = [
    prismPath,
    'mock',
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-v',
    'silent',
    '--errors',
    'false',
    specPath,
  ];
  return startServer({ name: 'prism', args, port, cwd: root, readyPath: READY_PATH, timeoutMs: 60_000 });
}

/** One measured run, or null with a note when the server could not be driven. */
async function measure(
  label: string,
  baseUrl: string,
  benchCase: BenchCase,
  settings: LoadSettings,
  notes: string[],
): Promise<LoadResult | null> {
  try {
    const result = await runLoad(baseUrl, benchCase.requests, settings);
    log(`  ${label.padEnd(16)} ${describe(result)}`);
    return result;
  } catch (error) {
    notes.push(`${label}: ${(error as Error).message}`);
    log(`  ${label.padEnd(16)} failed: ${(error as Error).message}`);
    return null;
  }
}

interface Store {
  size: StoreSize;
  mock: ServerProcess;
  cases: BenchCase[];
  ceiling: ServerProcess | null;
  /** Body size of each case's first response, by case id. */
  bodyBytes: Map<string, number>;
}

async function prepareStore(
  size: StoreSize,
  mock: ServerProcess,
  options: BenchOptions,
  fixtures: FixtureIds,
  dir: string,
): Promise<Store> {
  const ids = await discoverIds(mock.baseUrl, fixtures);
  const cases = selectCases(benchCases(ids), options.only);
  const captured: CapturedResponse[] = [];
  const bodyBytes = new Map<string, number>();
  for (const benchCase of cases) {
    for (const request of benchCase.requests) {
      const response = await captureResponse(mock.baseUrl, request);
      if (!bodyBytes.has(benchCase.id)) bodyBytes.set(benchCase.id, Buffer.byteLength(response.body));
      captured.push(response);
    }
  }
  const broken = captured.filter((c) => c.status >= 300);
  for (const c of broken)
    log(`  note: subcat (${size}) answered ${c.status} to ${c.method} ${c.path}: ${c.body.slice(0, 200)}`);
  return { size, mock, cases, bodyBytes, ceiling: await startCeiling(size, captured, dir) };
}

/** Prism answers a case when its probe gets a 2xx; otherwise the case is n/a for Prism, with the reason. */
async function probePrism(
  prism: ServerProcess,
  benchCase: BenchCase,
): Promise<{ refusal: string | undefined; bodyBytes: number | null }> {
  const probes = await Promise.all(benchCase.requests.map((r) => captureResponse(prism.baseUrl, r)));
  const refused = probes.find((p) => p.status < 200 || p.status >= 300);
  const first = probes[0];
  return {
    refusal:
      refused === undefined
        ? undefined
        : `Prism n/a: it answers ${refused.status} (${refused.body.slice(0, 120)})`,
    bodyBytes: first === undefined ? null : Buffer.byteLength(first.body),
  };
}

async function bench(options: BenchOptions, signal: AbortSignal): Promise<BenchResults> {
  const fixtures = JSON.parse(readFileSync(join(root, 'fixtures', 'ids.json'), 'utf8')) as FixtureIds;
  const settings: LoadSettings = {
    connections: options.connections,
    duration: options.duration,
    warmup: options.warmup,
  };
  const loadBefore = loadavg()[0] ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'subcat-bench-'));
  try {
    // Sequential, so start-up times do not compete for the CPU.
    const mocks = new Map<StoreSize, { server: ServerProcess; startup: StoreStartup }>();
    for (const size of STORE_SIZES) mocks.set(size, await startMock(size, options.startupRuns));
    const small = mocks.get('small');

    const check =
      options.check && small !== undefined
        ? await runCheck(cliPath, small.server.baseUrl, CHECK_TIMEOUT_MS, signal)
        : null;
    if (check !== null) {
      log(
        `subcat check: ${(check.durationMs / 1000).toFixed(2)} s, exit ${check.exitCode ?? 'none'}\n${check.summary}`,
      );
    }

    const stores: Store[] = [];
    for (const [size, { server }] of mocks)
      stores.push(await prepareStore(size, server, options, fixtures, dir));
    const prism = options.prism && existsSync(prismPath) ? await startPrism() : null;
    if (prism !== null) log(`prism: listening after ${(prism.startupMs / 1000).toFixed(2)} s`);

    const cases: CaseResult[] = [];
    const caseIds = stores[0]?.cases.map((c) => c.id) ?? [];
    for (const id of caseIds) {
      let prismResult: LoadResult | null = null;
      let prismNote: string | undefined = prism === null ? 'Prism not run' : undefined;
      let prismBytes: number | null = null;
      for (const [index, store] of stores.entries()) {
        const benchCase = store.cases.find((c) => c.id === id);
        if (benchCase === undefined) continue;
        log(`${benchCase.title} [${store.size}]`);
        const notes: string[] = [];
        // Prism once per case, on the first store, so drift during a case hits it too.
        const withPrism = index === 0 && prism !== null;
        if (withPrism) {
          const probe = await probePrism(prism, benchCase);
          prismNote = probe.refusal;
          prismBytes = probe.bodyBytes;
          if (prismNote !== undefined) log(`  prism            ${prismNote}`);
        }
        const servers = [
          { label: 'subcat', server: store.mock, rounds: [] as LoadResult[] },
          ...(store.ceiling === null
            ? []
            : [{ label: 'ceiling', server: store.ceiling, rounds: [] as LoadResult[] }]),
          ...(withPrism && prismNote === undefined
            ? [{ label: 'prism', server: prism, rounds: [] as LoadResult[] }]
            : []),
        ];
        // Servers alternate within each round, so a burst of other work on the machine hits all alike, and
        // each round starts with another server, so none is always the one run right after Prism's load.
        for (let round = 1; round <= options.rounds; round++)
          for (const s of roundOrder(servers, round)) {
            const label = options.rounds > 1 ? `${s.label} #${round}` : s.label;
            const result = await measure(label, s.server.baseUrl, benchCase, settings, notes);
            if (result !== null) s.rounds.push(result);
          }
        // A server that failed any round is n/a for the case (the note says why): the rounds it did finish
        // are not a measurement of the case as asked.
        const median = (label: string) => {
          const rounds = servers.find((s) => s.label === label)?.rounds ?? [];
          return rounds.length === options.rounds ? medianRound(rounds) : null;
        };
        if (withPrism && prismNote === undefined) prismResult = median('prism');
        if (prismNote !== undefined) notes.push(prismNote);
        cases.push({
          id,
          title: benchCase.title,
          kind: benchCase.kind,
          filtered: benchCase.filtered,
          store: store.size,
          subcat: median('subcat'),
          ceiling: median('ceiling'),
          prism: prismResult,
          bodyBytes: { subcat: store.bodyBytes.get(id) ?? null, prism: prismBytes },
          notes,
        });
      }
    }

    const startups = [...mocks.values()].map((m) => m.startup);
    const partial = { stores: startups, check, cases };
    return {
      date: new Date().toISOString(),
      machine: machine(loadBefore),
      settings: {
        duration: options.duration,
        warmup: options.warmup,
        rounds: options.rounds,
        connections: options.connections,
      },
      ...partial,
      targets: evaluateTargets(partial),
    };
  } finally {
    await stopAllServers();
    rmSync(dir, { recursive: true, force: true });
  }
}

function write(results: BenchResults): void {
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(root, 'bench', 'results.md'), `${renderResultsMarkdown(results)}\n`);
  const readmePath = join(root, 'README.md');
  if (!existsSync(readmePath)) {
    log('README.md does not exist: its Performance section was not written');
    return;
  }
  const readme = readFileSync(readmePath, 'utf8');
  writeFileSync(readmePath, replaceReadmeSection(readme, renderReadmeBlock(results)));
  log('wrote bench/results.md, bench/results.json and the Performance section of README.md');
}

async function main(): Promise<number> {
  const args = parseBenchArgs(process.argv.slice(2), process.env);
  if (args.kind === 'help') {
    log(BENCH_USAGE);
    return 0;
  }
  if (args.kind === 'error') {
    process.stderr.write(`bench: ${args.problems.join('\n  ')}\n\n${BENCH_USAGE}`);
    return 2;
  }
  for (const [what, path] of [
    ['the mock', cliPath],
    ['the ceiling', ceilingPath],
  ] as const) {
    if (!existsSync(path)) {
      process.stderr.write(`bench: ${what} is not built (${path}); run npm run build\n`);
      return 2;
    }
  }
  const abort = new AbortController();
  process.once('SIGINT', () => {
    abort.abort();
    // Only the children this run started; then leave with the conventional code.
    void stopAllServers().finally(() => process.exit(130));
  });

  const results = await bench(args.options, abort.signal);
  log('\nTargets (issue 6):');
  for (const t of results.targets) log(`  ${renderTargetLine(t)}`);
  if (args.options.write) write(results);
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    await stopAllServers();
    process.exit(1);
  },
);

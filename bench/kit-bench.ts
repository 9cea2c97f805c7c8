import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startMock } from '../src/index.js';
import {
  startDelayingProxy,
  startHugeBodyServer,
  startPrismDynamic,
  type BenchServer,
} from './kit-bench-servers.js';
import { formatSweep, parseSweepArgs, runSweep } from './kit-sweep.js';

/** What the kit bench measures, each against its target from issue 15. */
export interface KitBenchRow {
  case: string;
  target: string;
  /** The run as the kit timed it (its JSON report's run.ms), in seconds. */
  seconds: number;
  /** Spawn to exit of the kit's process, in seconds (Node start-up and spec loading included). */
  processSeconds: number;
  peakRssMb: number;
  /** CPU the kit's process used (user + system), in seconds: on a loaded machine, what the wall time hides. */
  cpuSeconds: number;
  requests: number;
  exitCode: number;
  /** passed / failed / warned / inconclusive / skipped counts of the run. */
  outcomes: Record<string, number>;
  meets: boolean;
}

export interface KitBenchOptions {
  /** Leave out Prism's dynamic mock (it takes the longest). */
  prism: boolean;
  /** Where the built kit-bench-child.js lives (dist/bench). */
  childScript: string;
  /** The package root: spec/openapi.yaml and node_modules/.bin/prism. */
  root: string;
}

export const TARGETS = {
  nearSeconds: 3,
  /** The mock 150 ms away (issue 27): a full run, process start included. */
  farSeconds: 5,
  peakRssMb: 200,
  prismSeconds: 120,
} as const;

const MB = 1024;

/** Runs the kit once in its own process; its peak RSS and outcomes come back through a file. */
async function runKitProcess(
  childScript: string,
  args: string[],
): Promise<Omit<KitBenchRow, 'case' | 'target' | 'meets'>> {
  const dir = await mkdtemp(join(tmpdir(), 'subcat-kit-bench-'));
  try {
    const out = join(dir, 'child.json');
    const report = join(dir, 'kit.json');
    const started = performance.now();
    const child = spawn(process.execPath, [childScript, out, '--', ...args, '--report', `json=${report}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4096)));
    await new Promise((resolve) => child.once('exit', resolve));
    const processSeconds = (performance.now() - started) / 1000;
    if (!existsSync(out)) throw new Error(`the kit process wrote no result: ${stderr}`);
    const result = JSON.parse(await readFile(out, 'utf8')) as {
      code: number;
      requests: number;
      maxRssKb: number;
      cpuSeconds: number;
    };
    const kit = existsSync(report)
      ? (JSON.parse(await readFile(report, 'utf8')) as {
          summary: Record<string, number>;
          run: { ms: number; requests: number };
        })
      : { summary: {}, run: { ms: processSeconds * 1000, requests: result.requests } };
    return {
      seconds: kit.run.ms / 1000,
      processSeconds,
      peakRssMb: Math.round((result.maxRssKb / MB) * 10) / 10,
      cpuSeconds: Math.round(result.cpuSeconds * 100) / 100,
      requests: kit.run.requests,
      exitCode: result.code,
      outcomes: kit.summary,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One case: a server to start, the kit's arguments against it, and whether the measure meets its target. */
interface BenchCase {
  name: string;
  target: string;
  start(options: KitBenchOptions): Promise<BenchServer & { extra?: () => Promise<void> }>;
  args: string[];
  meets(row: Omit<KitBenchRow, 'case' | 'target' | 'meets'>): boolean;
}

const withinRss = (row: { peakRssMb: number }) => row.peakRssMb < TARGETS.peakRssMb;

async function mockBehindDelay(delayMs: number): Promise<BenchServer> {
  // The proxy says where it was reached (X-Forwarded-Host): links then name it, and followed links keep the delay.
  const mock = await startMock({ port: 0, host: '127.0.0.1', logLevel: 'silent', trustProxy: delayMs > 0 });
  const proxy = delayMs === 0 ? undefined : await startDelayingProxy(mock.url, delayMs);
  return {
    url: proxy?.url ?? mock.url,
    async close() {
      await proxy?.close();
      await mock.close();
    },
  };
}

export const CASES: readonly BenchCase[] = [
  {
    name: 'full run, the mock 50 ms away (delaying proxy)',
    target: `under ${TARGETS.nearSeconds} s process start included, peak RSS under ${TARGETS.peakRssMb} MB, exit 0`,
    start: () => mockBehindDelay(50),
    args: ['--seed', '1'],
    meets: (row) => row.processSeconds < TARGETS.nearSeconds && withinRss(row) && row.exitCode === 0,
  },
  {
    name: 'full run, the mock 150 ms away (delaying proxy)',
    target: `under ${TARGETS.farSeconds} s process start included, peak RSS under ${TARGETS.peakRssMb} MB, exit 0`,
    start: () => mockBehindDelay(150),
    args: ['--seed', '1'],
    meets: (row) => row.processSeconds < TARGETS.farSeconds && withinRss(row) && row.exitCode === 0,
  },
  {
    name: 'full run, the mock on loopback',
    target: `peak RSS under ${TARGETS.peakRssMb} MB`,
    start: () => mockBehindDelay(0),
    args: ['--seed', '1'],
    meets: (row) => withinRss(row) && row.exitCode !== 2,
  },
  {
    name: 'full run, a server sending 200 MB bodies',
    target: `peak RSS under ${TARGETS.peakRssMb} MB, a report written`,
    start: () => startHugeBodyServer(200),
    args: ['--seed', '1'],
    meets: (row) => withinRss(row) && row.exitCode === 1,
  },
  {
    name: "full run, Prism's dynamic mock (prism mock -d)",
    target: `under ${TARGETS.prismSeconds} s, peak RSS under ${TARGETS.peakRssMb} MB`,
    start: async (options) => {
      const port = 41000 + Math.floor(Math.random() * 2000);
      return startPrismDynamic(
        join(options.root, 'node_modules', '.bin', 'prism'),
        join(options.root, 'spec', 'openapi.yaml'),
        port,
        60_000,
      );
    },
    // Prism spends many seconds of CPU on each multi-megabyte page: a deadline, and a timeout it can meet.
    args: ['--seed', '1', '--deadline', '110s', '--timeout-ms', '60000'],
    meets: (row) => row.seconds < TARGETS.prismSeconds && withinRss(row) && row.exitCode !== 2,
  },
];

/**
 * The kit's own figures (issue 15): a full run against the mock 50 ms away, peak RSS against any server
 * (the mock, one sending 200 MB bodies, Prism's dynamic mock), and how long Prism's dynamic mock takes.
 * @example const rows = await runKitBench({ prism: false, childScript: 'dist/bench/kit-bench-child.js', root: '.' });
 */
export async function runKitBench(options: KitBenchOptions): Promise<KitBenchRow[]> {
  const rows: KitBenchRow[] = [];
  for (const bench of CASES) {
    if (!options.prism && bench.name.includes('Prism')) continue;
    const server = await bench.start(options);
    try {
      const measured = await runKitProcess(options.childScript, ['--base-url', server.url, ...bench.args]);
      rows.push({ case: bench.name, target: bench.target, ...measured, meets: bench.meets(measured) });
    } finally {
      await server.close();
    }
  }
  return rows;
}

/** The rows as a Markdown table, with the machine they ran on. */
export function formatKitBench(rows: readonly KitBenchRow[], machine = machineLine()): string {
  const lines = [
    machine,
    '',
    '| case | target | kit s | process s | kit CPU s | peak RSS MB | requests | exit | outcomes | meets |',
    '|---|---|--:|--:|--:|--:|--:|--:|---|---|',
    ...rows.map((row) => {
      const outcomes = Object.entries(row.outcomes)
        .filter(([, count]) => count > 0)
        .map(([outcome, count]) => `${count} ${outcome}`)
        .join(', ');
      return `| ${row.case} | ${row.target} | ${row.seconds.toFixed(2)} | ${row.processSeconds.toFixed(2)} | ${row.cpuSeconds.toFixed(2)} | ${row.peakRssMb.toFixed(1)} | ${row.requests} | ${row.exitCode} | ${outcomes} | ${row.meets ? 'yes' : 'NO'} |`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}

function machineLine(): string {
  const [load] = loadavg();
  return `${cpus()[0]?.model ?? 'cpu'}, ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}, 1-minute load average ${load?.toFixed(2) ?? '?'} at the end`;
}

/** `--no-prism` leaves Prism's dynamic mock out; anything else is a usage error. */
export function parseKitBenchArgs(argv: readonly string[]): { prism: boolean } | string {
  let prism = true;
  for (const arg of argv) {
    if (arg === '--no-prism') prism = false;
    else
      return `unknown option ${arg} (bench:kit takes --no-prism, or --sweep [--concurrency LIST] [--seeds LIST])`;
  }
  return { prism };
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint() && process.argv[2] === '--sweep') {
  // The mock sweep of issue 27: every --concurrency and seed, 0 failed, 0 warned, 0 inconclusive.
  const parsed = parseSweepArgs(process.argv.slice(3));
  if (typeof parsed === 'string') {
    process.stderr.write(`${parsed}\n`);
    process.exitCode = 2;
  } else {
    const { text, clean } = formatSweep(await runSweep(parsed.concurrencies, parsed.seeds));
    process.stdout.write(text);
    process.exitCode = clean ? 0 : 1;
  }
} else if (isEntryPoint()) {
  const parsed = parseKitBenchArgs(process.argv.slice(2));
  if (typeof parsed === 'string') {
    process.stderr.write(`${parsed}\n`);
    process.exitCode = 2;
  } else {
    const here = dirname(fileURLToPath(import.meta.url));
    const rows = await runKitBench({
      prism: parsed.prism,
      childScript: join(here, 'kit-bench-child.js'),
      root: join(here, '..', '..'),
    });
    process.stdout.write(formatKitBench(rows));
    process.exitCode = rows.every((row) => row.meets) ? 0 : 1;
  }
}

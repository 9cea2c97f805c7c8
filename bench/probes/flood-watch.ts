import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadRequest, type LoadRun } from '../load-run.js';
import type { BenchServer, ProbeContext, ProbeRow } from './probe.js';

// Issue 28's measured targets: under each flood the mock's RSS grows at most 300 MB with the defaults and a
// health check sent meanwhile answers within 100 ms.
export const FLOOD_TARGETS = { rssGrowthMb: 300, healthMs: 100 } as const;

/**
 * Connections a flood's requests come over: a test suite or a script, not a load test. With the bench's 50, a
 * health check waits behind 50 answers in each turn of the event loop whatever the flood, which is queueing,
 * not the flood's cost.
 */
export const FLOOD_CONNECTIONS = 10;

/** `amount` requests (cycling through `requests`) over FLOOD_CONNECTIONS connections. */
export function floodLoad(
  server: BenchServer,
  requests: readonly LoadRequest[],
  amount: number,
): Promise<LoadRun> {
  return runLoad(server.baseUrl, requests, { connections: FLOOD_CONNECTIONS, amount });
}

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'health-watch-child.js');
/** Health checks and RSS readings this often during a flood. */
const CHECK_EVERY_MS = 200;
const SAMPLE_EVERY_MS = 100;
/** RSS read again this long after the flood, once the mock had a moment to let go. */
const SETTLE_MS = 1_000;

/** What one flood did to the mock: its RSS before, at the highest reading during and after, and health checks. */
export interface FloodFigures {
  baselineMb: number | null;
  peakMb: number | null;
  afterMb: number | null;
  /** Every health check's time, in ms. */
  healthMs: number[];
  /** Health checks that failed or were not answered 200. */
  healthErrors: number;
  seconds: number;
  /** What the flood itself reports (status counts, cuts), for the note. */
  note: string;
}

/** The `fraction` quantile of samples (nearest rank); null when there are none. */
export function quantile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] as number;
}

/** A flood's rows: RSS growth (highest reading over the one before), and the health checks' max and p95. */
export function floodRows(title: string, figures: FloodFigures): ProbeRow[] {
  const { baselineMb, peakMb, afterMb, healthMs, healthErrors, seconds } = figures;
  const growth = baselineMb === null || peakMb === null ? null : peakMb - baselineMb;
  const max = healthMs.length === 0 ? null : Math.max(...healthMs);
  const p95 = quantile(healthMs, 0.95);
  const rounded = (ms: number | null) => (ms === null ? null : Math.round(ms));
  const slow = healthMs.filter((ms) => ms > FLOOD_TARGETS.healthMs).length;
  const checks = `${healthMs.length} checks over ${seconds.toFixed(1)} s, ${slow} over ${FLOOD_TARGETS.healthMs} ms${healthErrors > 0 ? `, ${healthErrors} failed` : ''}`;
  return [
    {
      measure: `${title}: RSS growth (highest reading during the flood over the one before)`,
      build: 'subcat',
      value: growth,
      unit: 'MB',
      target: { atMost: FLOOD_TARGETS.rssGrowthMb },
      note: `${baselineMb ?? '?'} MB before, ${peakMb ?? '?'} MB at most, ${afterMb ?? '?'} MB ${SETTLE_MS / 1000} s after; ${figures.note}`,
    },
    {
      measure: `${title}: GET /__health during the flood, max`,
      build: 'subcat',
      value: rounded(max),
      unit: 'ms',
      target: { atMost: FLOOD_TARGETS.healthMs },
      note: checks,
    },
    {
      measure: `${title}: GET /__health during the flood, p95`,
      build: 'subcat',
      value: rounded(p95),
      unit: 'ms',
      target: { atMost: FLOOD_TARGETS.healthMs },
    },
  ];
}

/** The health child's line: every check's time and the errors, or a sentence saying what was wrong. */
export function parseHealthWatch(stdout: string): { latenciesMs: number[]; errors: number } | string {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  try {
    const parsed = JSON.parse(line) as { latenciesMs?: unknown; errors?: unknown };
    const { latenciesMs, errors } = parsed;
    if (
      Array.isArray(latenciesMs) &&
      latenciesMs.every((ms) => typeof ms === 'number') &&
      typeof errors === 'number'
    )
      return { latenciesMs, errors };
  } catch {
    // Said below.
  }
  return `the health watch printed no figures: ${JSON.stringify(stdout.slice(-200))}`;
}

/** Runs the health child until `stop` and returns what it printed. */
function startHealthWatch(url: string): { stop(): Promise<ReturnType<typeof parseHealthWatch>> } {
  const child = spawn(process.execPath, [CHILD, url, String(CHECK_EVERY_MS)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    stop: async () => {
      child.stdin.end();
      // A check is at most 10 s; past that the child is stuck, and only this child is killed.
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      const parsed = parseHealthWatch(stdout);
      return typeof parsed === 'string' ? `${parsed} ${stderr}` : parsed;
    },
  };
}

/**
 * Runs `flood` against the mock while a child process checks its health and the bench reads its RSS from
 * /proc; `flood` resolves to a note on what it did.
 */
export async function watchFlood(
  ctx: ProbeContext,
  server: BenchServer,
  flood: () => Promise<string>,
): Promise<FloodFigures> {
  const rss = () => ctx.memory(server.pid)?.rssMb ?? null;
  const baselineMb = rss();
  let peakMb = baselineMb;
  const sampler = setInterval(() => {
    const now = rss();
    if (now !== null && (peakMb === null || now > peakMb)) peakMb = now;
  }, SAMPLE_EVERY_MS);
  const watch = startHealthWatch(`${server.baseUrl}/__health`);
  const started = performance.now();
  let note: string;
  let ended: number;
  let health: ReturnType<typeof parseHealthWatch>;
  try {
    note = await flood();
  } finally {
    clearInterval(sampler);
    ended = performance.now();
    // Stopped whatever the flood did: a failed flood leaves no child behind.
    health = await watch.stop();
  }
  const seconds = (ended - started) / 1000;
  const last = rss();
  if (last !== null && (peakMb === null || last > peakMb)) peakMb = last;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const figures = {
    baselineMb,
    peakMb,
    afterMb: rss(),
    seconds,
    note,
    ...(typeof health === 'string'
      ? { healthMs: [], healthErrors: 0, note: `${note}; ${health}` }
      : { healthMs: health.latenciesMs, healthErrors: health.errors }),
  };
  ctx.log(
    `  RSS ${figures.baselineMb} -> ${figures.peakMb} MB (after ${figures.afterMb} MB); health max ` +
      `${Math.max(0, ...figures.healthMs)} ms over ${figures.healthMs.length} checks; ${figures.note}`,
  );
  return figures;
}

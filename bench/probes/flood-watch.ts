import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadRequest, type LoadRun } from '../load-run.js';
import type { BenchServer, BuildLabel, ProbeContext, ProbeRow } from './probe.js';

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
const CHECK_EVERY_MS = 100;
const SAMPLE_EVERY_MS = 100;
/** RSS read again this long after the flood, once the mock had a moment to let go. */
const SETTLE_MS = 1_000;

/**
 * One `GET /__health`: sent at `atMs` (ms since the epoch), answered after `ms`; meanwhile the mock's main thread
 * spent `cpuMs` on a core and waited `waitMs` for one (null where /proc cannot tell).
 */
export interface HealthCheck {
  atMs: number;
  ms: number;
  cpuMs: number | null;
  waitMs: number | null;
}

/** A named stretch of a flood (ms since the epoch), so the checks sent during it can be told apart. */
export interface FloodPhase {
  name: string;
  fromMs: number;
  toMs: number;
}

/** What one flood did to the mock: its RSS before, at the highest reading during and after, and health checks. */
export interface FloodFigures {
  baselineMb: number | null;
  peakMb: number | null;
  afterMb: number | null;
  checks: HealthCheck[];
  /** Health checks that failed or were not answered 200. */
  healthErrors: number;
  phases: FloodPhase[];
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

const rounded = (ms: number | null) => (ms === null ? null : Math.round(ms));

/** p50/p95/max of checks' times, e.g. `4/38/52 ms`. */
function spread(ms: readonly number[]): string {
  const max = ms.length === 0 ? null : Math.max(...ms);
  return `${[quantile(ms, 0.5), quantile(ms, 0.95), max].map((v) => rounded(v) ?? '?').join('/')} ms`;
}

/**
 * The checks of each phase (sent during it) as p50/p95/max, and the most CPU the mock's main thread spent during
 * one of them: which part of a flood is slow, and whether the mock was working or waiting for a core.
 * @example phaseSpread(checks, [{ name: '413s', fromMs: 0, toMs: 900 }]) // '413s: 12 checks, 4/38/52 ms (CPU 9 ms at most)'
 */
export function phaseSpread(checks: readonly HealthCheck[], phases: readonly FloodPhase[]): string {
  return phases
    .map(({ name, fromMs, toMs }) => {
      const during = checks.filter(({ atMs }) => atMs >= fromMs && atMs < toMs);
      const cpu = during.flatMap(({ cpuMs }) => (cpuMs === null ? [] : [cpuMs]));
      const most = cpu.length === 0 ? '' : ` (CPU ${Math.round(Math.max(...cpu))} ms at most)`;
      return `${name}: ${during.length} checks, ${spread(during.map(({ ms }) => ms))}${most}`;
    })
    .join('; ');
}

/**
 * A flood's rows: RSS growth (highest reading over the one before), the health checks' max, p95 and p50, and the
 * most CPU the mock's main thread spent while one check waited (its own work in the check's way; the rest of a
 * check's time it waited for a core, or for the child's bytes).
 */
export function floodRows(title: string, figures: FloodFigures, build: BuildLabel = 'subcat'): ProbeRow[] {
  const { baselineMb, peakMb, afterMb, checks, healthErrors, seconds, phases } = figures;
  const healthMs = checks.map(({ ms }) => ms);
  const cpu = checks.flatMap(({ cpuMs }) => (cpuMs === null ? [] : [cpuMs]));
  const waits = checks.flatMap(({ waitMs }) => (waitMs === null ? [] : [waitMs]));
  const growth = baselineMb === null || peakMb === null ? null : peakMb - baselineMb;
  const max = healthMs.length === 0 ? null : Math.max(...healthMs);
  const slow = healthMs.filter((ms) => ms > FLOOD_TARGETS.healthMs).length;
  const perPhase = phases.length > 1 ? `; per phase (p50/p95/max): ${phaseSpread(checks, phases)}` : '';
  const checksNote = `${healthMs.length} checks over ${seconds.toFixed(1)} s, ${slow} over ${FLOOD_TARGETS.healthMs} ms${healthErrors > 0 ? `, ${healthErrors} failed` : ''}${perPhase}`;
  const health = (what: string, value: number | null, target?: number): ProbeRow => ({
    measure: `${title}: GET /__health during the flood, ${what}`,
    build,
    value: rounded(value),
    unit: 'ms',
    ...(target === undefined ? {} : { target: { atMost: target } }),
  });
  return [
    {
      measure: `${title}: RSS growth (highest reading during the flood over the one before)`,
      build,
      value: growth,
      unit: 'MB',
      target: { atMost: FLOOD_TARGETS.rssGrowthMb },
      note: `${baselineMb ?? '?'} MB before, ${peakMb ?? '?'} MB at most, ${afterMb ?? '?'} MB ${SETTLE_MS / 1000} s after; ${figures.note}`,
    },
    { ...health('max', max, FLOOD_TARGETS.healthMs), note: checksNote },
    health('p95', quantile(healthMs, 0.95), FLOOD_TARGETS.healthMs),
    health('p50', quantile(healthMs, 0.5)),
    {
      ...health(
        "the mock's own CPU (main thread) while one check waited, max",
        cpu.length === 0 ? null : Math.max(...cpu),
      ),
      note:
        cpu.length === 0
          ? 'not read: no /proc/PID/task/PID/schedstat'
          : `p50 ${rounded(quantile(cpu, 0.5))} ms; meanwhile it waited for a core up to ${rounded(Math.max(...waits))} ms (p50 ${rounded(quantile(waits, 0.5))} ms)`,
    },
  ];
}

/** The health child's line: every check and the errors, or a sentence saying what was wrong. */
export function parseHealthWatch(stdout: string): { checks: HealthCheck[]; errors: number } | string {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  const figure = (value: unknown) => value === null || typeof value === 'number';
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === 'object' && parsed !== null && 'checks' in parsed && 'errors' in parsed) {
      const { checks, errors } = parsed;
      if (
        Array.isArray(checks) &&
        checks.every(
          (check: unknown) =>
            typeof check === 'object' &&
            check !== null &&
            'atMs' in check &&
            'ms' in check &&
            typeof check.atMs === 'number' &&
            typeof check.ms === 'number' &&
            'cpuMs' in check &&
            'waitMs' in check &&
            figure(check.cpuMs) &&
            figure(check.waitMs),
        ) &&
        typeof errors === 'number'
      )
        return { checks, errors };
    }
  } catch {
    // Said below.
  }
  return `the health watch printed no figures: ${JSON.stringify(stdout.slice(-200))}`;
}

/** Runs the health child (told the mock's pid) until `stop` and returns what it printed. */
function startHealthWatch(
  url: string,
  pid: number,
): { stop(): Promise<ReturnType<typeof parseHealthWatch>> } {
  const child = spawn(process.execPath, [CHILD, url, String(CHECK_EVERY_MS), String(pid)], {
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
 * /proc; `flood` resolves to a note on what it did, and may name its phases as it starts each (`phase`).
 */
export async function watchFlood(
  ctx: ProbeContext,
  server: BenchServer,
  flood: (phase: (name: string) => void) => Promise<string>,
): Promise<FloodFigures> {
  const rss = () => ctx.memory(server.pid)?.rssMb ?? null;
  const baselineMb = rss();
  let peakMb = baselineMb;
  const sampler = setInterval(() => {
    const now = rss();
    if (now !== null && (peakMb === null || now > peakMb)) peakMb = now;
  }, SAMPLE_EVERY_MS);
  const watch = startHealthWatch(`${server.baseUrl}/__health`, server.pid);
  const started = performance.now();
  const phases: FloodPhase[] = [];
  const phase = (name: string) => {
    const now = Date.now();
    const last = phases.at(-1);
    if (last !== undefined) last.toMs = now;
    phases.push({ name, fromMs: now, toMs: Infinity });
  };
  let note: string;
  let ended: number;
  let health: ReturnType<typeof parseHealthWatch>;
  try {
    note = await flood(phase);
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
  const figures: FloodFigures = {
    baselineMb,
    peakMb,
    afterMb: rss(),
    seconds,
    phases,
    ...(typeof health === 'string'
      ? { checks: [], healthErrors: 0, note: `${note}; ${health}` }
      : { checks: health.checks, healthErrors: health.errors, note }),
  };
  const all = figures.checks.map(({ ms }) => ms);
  const perPhase = phases.length > 1 ? `; ${phaseSpread(figures.checks, phases)}` : '';
  ctx.log(
    `  RSS ${figures.baselineMb} -> ${figures.peakMb} MB (after ${figures.afterMb} MB); health p50/p95/max ` +
      `${spread(all)} over ${all.length} checks${perPhase}; ${figures.note}`,
  );
  return figures;
}

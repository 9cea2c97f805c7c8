// Child of the flood probes: `node health-watch-child.js URL INTERVAL_MS [PID]`. Sends GET URL every INTERVAL_MS
// (one at a time, each on a new connection, as a liveness probe does) until its stdin ends, then prints every
// check as one JSON line: when it was sent (ms since the epoch), how long it took, and, given the mock's PID on
// Linux, the CPU its main thread spent meanwhile and how long it waited for a core (/proc schedstat), so a slow
// check says whether the mock was working or the machine gave it no core. Its own process, so the flood the
// bench drives does not delay the checks' timing.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

const [url, intervalText, pid] = process.argv.slice(2);
if (url === undefined || intervalText === undefined) {
  process.stderr.write('usage: node health-watch-child.js URL INTERVAL_MS [PID]\n');
  process.exit(2);
}
const interval = Number(intervalText);
/** A check that takes longer is an error (its time is kept as this). */
const TIMEOUT_MS = 10_000;

/** The main thread's time on a core and waiting for one, in ns (schedstat), or undefined when unreadable. */
function schedstat(): [number, number] | undefined {
  if (pid === undefined) return undefined;
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return run === undefined || wait === undefined ? undefined : [run, wait];
  } catch {
    return undefined;
  }
}

function check(target: string): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (ok: boolean) => resolve({ ms: performance.now() - started, ok });
    const req = request(target, { agent: false, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.once('end', () => done(res.statusCode === 200));
      res.once('error', () => done(false));
    });
    req.once('error', () => done(false));
    req.once('timeout', () => req.destroy());
    req.end();
  });
}

let stopped = false;
process.stdin.resume();
process.stdin.once('end', () => (stopped = true));
process.stdin.once('close', () => (stopped = true));

const tenth = (ns: number) => Math.round(ns / 1e5) / 10;
const checks: { atMs: number; ms: number; cpuMs: number | null; waitMs: number | null }[] = [];
let errors = 0;
while (!stopped) {
  const before = schedstat();
  const started = performance.now();
  const { ms, ok } = await check(url);
  const after = schedstat();
  const [cpuMs, waitMs] =
    before === undefined || after === undefined
      ? [null, null]
      : [tenth(after[0] - before[0]), tenth(after[1] - before[1])];
  checks.push({
    atMs: Math.round(performance.timeOrigin + started),
    ms: Math.round(ms * 10) / 10,
    cpuMs,
    waitMs,
  });
  if (!ok) errors += 1;
  const rest = interval - (performance.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}
process.stdout.write(`${JSON.stringify({ checks, errors })}\n`);
process.exit(0);

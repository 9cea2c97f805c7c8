// Child of the flood probes: `node health-watch-child.js URL INTERVAL_MS`. Sends GET URL every INTERVAL_MS (one
// at a time, each on a new connection, as a liveness probe does) until its stdin ends, then prints every
// check's time in ms and the errors as one JSON line. Its own process, so the flood the bench drives does not
// delay the checks' timing.
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

const [url, intervalText] = process.argv.slice(2);
if (url === undefined || intervalText === undefined) {
  process.stderr.write('usage: node health-watch-child.js URL INTERVAL_MS\n');
  process.exit(2);
}
const interval = Number(intervalText);
/** A check that takes longer is an error (its time is kept as this). */
const TIMEOUT_MS = 10_000;

function check(): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (ok: boolean) => resolve({ ms: performance.now() - started, ok });
    const req = request(url as string, { agent: false, timeout: TIMEOUT_MS }, (res) => {
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

const latenciesMs: number[] = [];
let errors = 0;
while (!stopped) {
  const started = performance.now();
  const { ms, ok } = await check();
  latenciesMs.push(Math.round(ms * 10) / 10);
  if (!ok) errors += 1;
  const rest = interval - (performance.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}
process.stdout.write(`${JSON.stringify({ latenciesMs, errors })}\n`);
process.exit(0);

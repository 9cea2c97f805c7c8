// Child of the session probe: `node control-plane-session-child.js ENTRY.js COUNT`. In a fresh process it starts
// the mock of the package entry and times, through startMock's handle, COUNT sessions made on first use against
// COUNT uses of one session that exists; prints both per session, in µs, as one JSON line.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

interface RunningMock {
  session(name: string): { requests(): unknown[] };
  close(): Promise<void>;
}
type StartMock = (options: Record<string, unknown>) => Promise<RunningMock>;

const [entry, countText] = process.argv.slice(2);
if (entry === undefined || countText === undefined) {
  process.stderr.write('usage: node control-plane-session-child.js ENTRY.js COUNT\n');
  process.exit(2);
}
const count = Number(countText);
const loaded = (await import(pathToFileURL(entry).href)) as { startMock?: unknown };
if (typeof loaded.startMock !== 'function') throw new Error(`${entry} exports no startMock function`);
const mock = await (loaded.startMock as StartMock)({
  port: 0,
  host: '127.0.0.1',
  logLevel: 'silent',
  maxSessions: count + 100,
});

/** Microseconds per call of `use(i)` over `count` calls. */
function perCall(use: (i: number) => void): number {
  const started = performance.now();
  for (let i = 0; i < count; i++) use(i);
  return ((performance.now() - started) * 1000) / count;
}

// Warm-up of both paths, so neither pays the JIT alone.
for (let i = 0; i < 100; i++) mock.session(`warm-${i}`).requests();
const newUs = perCall((i) => mock.session(`new-${i}`).requests());
const existingUs = perCall(() => mock.session('warm-0').requests());
await mock.close();
process.stdout.write(`${JSON.stringify({ newUs, existingUs })}\n`);
process.exit(0);

import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { CREATE_DATA, statusNote } from './flood-probes.js';
import { floodRows, watchFlood } from './flood-watch.js';
import type { BenchServer, Build, Probe, ProbeContext, ProbeRow } from './probe.js';

// Issue 28, point 12: bodies over the limit (1 MiB by default) once reached few Node clients as a 413; the mock
// now reads and drops what is still sent (up to 16 MiB and 2 s) before closing. This floods it with them,
// with endless bodies that hold that lingering read to its bound, and with valid bodies near the limit.
const LIST = '/subscriptions/subscriptions';
const MIB = 1024 * 1024;

/** Answers of `count` POSTs of `body` to `path` from Node's fetch, `concurrency` at a time: status or error code. */
async function posts(
  server: BenchServer,
  path: string,
  body: string,
  count: number,
  concurrency: number,
): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      let outcome: string;
      try {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        outcome = String(response.status);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        outcome = cause?.code ?? (error as Error).name;
      }
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

/**
 * A client that announces a 1 GB body and sends it as fast as the mock reads, until the mock closes or `capMs`
 * passes; resolves to the ms until the close, or null when the mock never closed.
 */
function endlessBody(server: BenchServer, capMs: number): Promise<number | null> {
  const { port } = new URL(server.baseUrl);
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, capMs);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
    socket.resume(); // the answer is read and dropped
    const pump = () => {
      while (!socket.destroyed && socket.write(chunk));
    };
    socket.once('connect', () => {
      socket.write(
        `POST ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${1024 * MIB}\r\n\r\n`,
      );
      socket.on('drain', pump);
      pump();
    });
  });
}

/**
 * The largest create the rules take: unknown members are ignored (and named) but hold at most 2,048
 * characters each and 200 to an object, so 194 beside `data`'s six and 200 at the top: about 800 KB.
 */
export function largestValidCreate(): string {
  const members = (prefix: string, count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, at) => [`${prefix}${at}`, 'x'.repeat(2_048)]));
  return JSON.stringify({ data: { ...CREATE_DATA, ...members('f', 194) }, ...members('m', 199) });
}

/** One body flood against a mock of `build`: the answers the oversized POSTs read, RSS and health checks. */
async function floodBodies(ctx: ProbeContext, build: Build): Promise<ProbeRow[]> {
  const server = await ctx.startMock(build, []);
  const notes: string[] = [];
  const over = new Map<string, Record<string, number>>();
  try {
    const figures = await watchFlood(ctx, server, async (phase) => {
      const twoMib = 'x'.repeat(2 * MIB);
      phase('413 x 2 MiB');
      over.set('100 POSTs of 2 MiB', await posts(server, LIST, twoMib, 100, 10));
      phase('413 x 3 MB');
      over.set('50 POSTs of 3 MB', await posts(server, LIST, 'x'.repeat(3_000_000), 50, 10));
      phase('404 x 2 MiB');
      over.set('50 POSTs of 2 MiB to an unknown path', await posts(server, '/nowhere', twoMib, 50, 10));
      phase('endless');
      const endless = await Promise.all(Array.from({ length: 32 }, () => endlessBody(server, 10_000)));
      const cut = endless.filter((ms): ms is number => ms !== null);
      notes.push(
        `32 endless bodies: ${cut.length} closed by the mock, the last after ${Math.round(Math.max(0, ...cut))} ms`,
      );
      const body = largestValidCreate();
      phase('valid creates');
      const valid = await posts(server, LIST, body, ctx.quick ? 100 : 300, 8);
      notes.push(`valid creates of ${Math.round(body.length / 1024)} KiB: ${statusNote(valid)}`);
      return [...[...over].map(([what, outcomes]) => `${what}: ${statusNote(outcomes)}`), ...notes].join(
        '; ',
      );
    });
    const rows: ProbeRow[] = [...over].map(([what, outcomes]) => {
      const expected = what.includes('unknown') ? '404' : '413';
      const total = Object.values(outcomes).reduce((sum, count) => sum + count, 0);
      return {
        measure: `${what} from Node's fetch: answers read (${expected})`,
        build: build.label,
        value: Math.round(((outcomes[expected] ?? 0) / total) * 100),
        unit: '%',
        target: { atLeast: 100 },
        note: statusNote(outcomes),
      };
    });
    return [...rows, ...floodRows('bodies over and near the limit', figures, build.label)];
  } finally {
    await server.stop();
  }
}

/** With --before, the before build's flood first, then this checkout's: the two in the same minute. */
export const bodyFloodProbe: Probe = {
  id: 'flood-bodies',
  title: 'Flood: bodies over the limit, endless bodies and valid bodies near the limit (point 12)',
  async run(ctx) {
    const rows: ProbeRow[] = [];
    for (const build of [...ctx.builds].reverse()) {
      ctx.log(`  ${build.title}:`);
      rows.push(...(await floodBodies(ctx, build)));
    }
    return rows;
  },
};

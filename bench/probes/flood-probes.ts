import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { LoadRequest, LoadRun } from '../load-run.js';
import { floodLoad, floodRows, quantile, watchFlood } from './flood-watch.js';
import type { BenchServer, Probe, ProbeRow } from './probe.js';

// Issue 28, points 5-7: floods that once took the mock to gigabytes, each against a new mock of this checkout
// with the default bounds, its RSS and a health check watched throughout (flood-watch.ts).
const ACCOUNT = '29949968-2749-44ee-9002-18b1b3a8e3a7';
const OFFERING = '07ed42d5-63ec-40d8-8ee0-b28bc46cb754';
const LIST = '/subscriptions/subscriptions';
/** Each answer is some 100 KB; the journal keeps its first 64 KiB, and shows (and streams) 16 Ki characters. */
const BIG_PAGE = `${LIST}?page%5Blimit%5D=100&include=plans,products`;
const SESSION_HEADER = 'x-subcat-session';

/** The attributes of a valid create; `name` and `email` as any test would send. */
export const CREATE_DATA = {
  account_id: ACCOUNT,
  offering_id: OFFERING,
  currency: 'USD',
  manual_payments: true,
  name: 'Flood',
  email: 'flood@example.com',
} as const;

export const plainCreate = (headers: Record<string, string> = {}): LoadRequest => ({
  method: 'POST',
  path: LIST,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ data: CREATE_DATA }),
});

/** Status counts as `201 x 5,000, 409 x 3`, errors last. */
export function statusNote(statusCodes: Readonly<Record<string, number>>, errors = 0): string {
  const counts = Object.entries(statusCodes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => `${code} x ${count.toLocaleString('en-US')}`);
  if (errors > 0) counts.push(`${errors.toLocaleString('en-US')} errors`);
  return counts.join(', ');
}

const answered = (m: LoadRun) => statusNote(m.statusCodes, m.errors);

/** A live stream whose client never reads: the request sent, then the socket paused. */
async function stalledStream(server: BenchServer): Promise<{ socket: Socket; closed: () => boolean }> {
  const { port } = new URL(server.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  let closed = false;
  socket.once('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write('GET /__subcat/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  socket.pause();
  return { socket, closed: () => closed };
}

/** Point 5: 32 live streams that never read while 6,000 pages of 100 are answered and journaled. */
export const streamFloodProbe: Probe = {
  id: 'flood-stream',
  title: 'Flood: 32 live streams that never read, during 6,000 GETs of a page of 100 (issue 28, point 5)',
  async run(ctx) {
    const build = ctx.builds.find((b) => b.label === 'subcat');
    if (build === undefined) return [];
    const amount = ctx.quick ? 3_000 : 6_000;
    const gets = `${amount.toLocaleString('en-US')} GETs`;
    const rows: ProbeRow[] = [];
    // The same GETs with no stream first, on a mock of their own: what the machine gives without the streams.
    for (const count of [0, 32]) {
      const server = await ctx.startMock(build, []);
      const streams: { socket: Socket; closed: () => boolean }[] = [];
      try {
        await (await fetch(`${server.baseUrl}${BIG_PAGE}`)).arrayBuffer(); // the first answer's compiling
        const figures = await watchFlood(ctx, server, async () => {
          for (let n = 0; n < count; n++) streams.push(await stalledStream(server));
          const pages = await floodLoad(server, [{ method: 'GET', path: BIG_PAGE }], amount);
          // A cut shows once the kernel's buffers are read (a paused socket sees no end): read, then count.
          for (const { socket } of streams) socket.resume();
          for (let waited = 0; waited < 15_000 && streams.some((s) => !s.closed()); waited += 100)
            await new Promise((resolve) => setTimeout(resolve, 100));
          const cut = streams.filter((s) => s.closed()).length;
          return `${gets}: ${answered(pages)}; ${cut} of ${count} streams cut by the mock`;
        });
        const built = floodRows(
          count === 0 ? `${gets}, no stream (control)` : `32 stalled streams, ${gets}`,
          figures,
        );
        rows.push(...(count === 0 ? built.map(({ target: _, ...row }) => row) : built));
      } finally {
        for (const { socket } of streams) socket.destroy();
        await server.stop();
      }
    }
    return rows;
  },
};

/** Point 6: requests spread over 256 sessions, each journaled with up to 16 KiB of its bodies. */
export const journalFloodProbe: Probe = {
  id: 'flood-journal',
  title:
    'Flood: 40,000 requests over 256 sessions, large bodies both ways, --journal-bytes default (point 6)',
  async run(ctx) {
    const build = ctx.builds.find((b) => b.label === 'subcat');
    if (build === undefined) return [];
    const server = await ctx.startMock(build, []);
    const amount = ctx.quick ? 10_000 : 40_000;
    // A page of 100 out (64 KiB of it journaled) and a 20 KB body in, refused (16 Ki characters journaled).
    const padding = JSON.stringify({ data: { padding: 'x'.repeat(20_000) } });
    const requests = Array.from({ length: 256 }, (_, n): LoadRequest[] => {
      const headers = { [SESSION_HEADER]: `flood-${n}` };
      return [
        { method: 'GET', path: BIG_PAGE, headers },
        {
          method: 'POST',
          path: LIST,
          headers: { ...headers, 'content-type': 'application/json' },
          body: padding,
        },
      ];
    }).flat();
    try {
      const figures = await watchFlood(ctx, server, async () => {
        const run = await floodLoad(server, requests, amount);
        const journal = await fetch(`${server.baseUrl}/__subcat/requests?session=flood-0`);
        const kept = ((await journal.json()) as { data?: unknown[] }).data?.length ?? 0;
        return `${answered(run)}; session flood-0's journal keeps ${kept} entries at the end`;
      });
      return floodRows(`${amount.toLocaleString('en-US')} requests over 256 sessions`, figures);
    } finally {
      await server.stop();
    }
  },
};

/** A snapshot asked for: its status and how long it took (a copy of the session's changes holds the loop). */
async function takeSnapshot(
  server: BenchServer,
  session: string,
  name: string,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/__subcat/snapshots?session=${session}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Point 7: sessions each holding many creates, snapshotted past the caps (64 a session, 256 in all). */
export const snapshotFloodProbe: Probe = {
  id: 'flood-snapshots',
  title: 'Flood: snapshots past their caps, of sessions of 20,000 creates each (point 7)',
  async run(ctx) {
    const build = ctx.builds.find((b) => b.label === 'subcat');
    if (build === undefined) return [];
    const server = await ctx.startMock(build, ['--journal-size', '0']);
    const creates = ctx.quick ? 5_000 : 20_000;
    const sessions = ['snap-0', 'snap-1', 'snap-2', 'snap-3', 'snap-4'];
    const rows: ProbeRow[] = [];
    try {
      const started = ctx.memory(server.pid)?.rssMb ?? null;
      const made: string[] = [];
      for (const session of sessions.slice(0, 4)) {
        const run = await floodLoad(server, [plainCreate({ [SESSION_HEADER]: session })], creates);
        made.push(answered(run));
      }
      const filled = ctx.memory(server.pid)?.rssMb ?? null;
      ctx.log(
        `  ${creates} creates in each of 4 sessions: ${made.join('; ')}; RSS ${started} -> ${filled} MB`,
      );
      const figures = await watchFlood(ctx, server, async () => {
        const statuses: Record<string, number> = {};
        const snapshotTimes: number[] = [];
        for (const session of sessions)
          for (let n = 0; n < 70; n++) {
            const { status, ms } = await takeSnapshot(server, session, `s${n}`);
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status === 201) snapshotTimes.push(ms);
          }
        const slowest = Math.round(Math.max(0, ...snapshotTimes));
        const middle = Math.round(quantile(snapshotTimes, 0.5) ?? 0);
        return `snapshots answered 201 in ${middle} ms (median), ${slowest} ms at most; 350 snapshots asked for (70 in each of 5 sessions, 4 of ${creates.toLocaleString('en-US')} creates): ${statusNote(statuses)}; RSS ${started} MB at start, ${filled} MB after the creates`;
      });
      rows.push(
        ...floodRows(`snapshots of 4 sessions of ${creates.toLocaleString('en-US')} creates`, figures),
      );
    } finally {
      await server.stop();
    }
    return rows;
  },
};

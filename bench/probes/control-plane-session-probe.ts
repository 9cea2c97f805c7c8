import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { clockTicksPerSecond, readCpuTicks } from '../proc-readings.js';
import { childFigures } from './child-figures.js';
import { median, type BenchServer, type Probe, type ProbeRow } from './probe.js';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'control-plane-session-child.js');
const CHILD_SESSIONS = 5_000;

// Issue 13: what the first request of a new session costs (its store made from the seed), against the same
// request in a session that exists. Every request of a session asks another page of the 302 records, so none
// is answered from the response cache.
const SESSIONS = 300;
const QUICK_SESSIONS = 150;
const page = (limit: number, offset: number) =>
  `/subscriptions/subscriptions?page%5Blimit%5D=${limit}&page%5Boffset%5D=${offset}`;

/** One block of sequential requests: each round trip in ms, and the server's CPU over the block in ms. */
export interface Block {
  roundTripsMs: number[];
  cpuMs: number | null;
}

/** Rows of one build: round trips (median) and server CPU per request, new sessions against an existing one. */
export function sessionRows(
  build: ProbeRow['build'],
  fresh: readonly Block[],
  existing: readonly Block[],
): ProbeRow[] {
  const trips = (blocks: readonly Block[]) => {
    const middle = median(blocks.flatMap((block) => block.roundTripsMs));
    return middle === null ? null : Math.round(middle * 100) / 100;
  };
  const cpuUs = (blocks: readonly Block[]) => {
    const requests = blocks.reduce((sum, block) => sum + block.roundTripsMs.length, 0);
    if (requests === 0 || blocks.some((block) => block.cpuMs === null)) return null;
    const cpuMs = blocks.reduce((sum, block) => sum + (block.cpuMs ?? 0), 0);
    return Math.round((cpuMs * 10_000) / requests) / 10;
  };
  const freshCpu = cpuUs(fresh);
  const existingCpu = cpuUs(existing);
  const count = fresh.reduce((sum, block) => sum + block.roundTripsMs.length, 0);
  return [
    {
      measure: `first request of a new session (${count} sessions), round trip`,
      build,
      value: trips(fresh),
      unit: 'ms',
    },
    {
      measure: 'the same request in a session that exists, round trip',
      build,
      value: trips(existing),
      unit: 'ms',
    },
    { measure: 'first request of a new session, server CPU', build, value: freshCpu, unit: 'µs/request' },
    {
      measure: 'the same request in a session that exists, server CPU',
      build,
      value: existingCpu,
      unit: 'µs/request',
    },
    {
      measure: 'making a session (the difference), server CPU',
      build,
      value:
        freshCpu === null || existingCpu === null ? null : Math.round((freshCpu - existingCpu) * 10) / 10,
      unit: 'µs/session',
    },
  ];
}

/** What the child printed: microseconds per session made and per use of one that exists, or why not. */
export function parseSessionTimes(stdout: string): { newUs: number; existingUs: number } | string {
  return childFigures(stdout, ['newUs', 'existingUs']);
}

/** The in-process rows: a session made on first use, and the difference to one that exists. */
export function inProcessRows(
  build: ProbeRow['build'],
  times: { newUs: number; existingUs: number } | string,
): ProbeRow[] {
  const tenth = (value: number) => Math.round(value * 10) / 10;
  const failed = typeof times === 'string';
  const note = failed ? { note: times.slice(0, 300) } : {};
  return [
    {
      measure: `in process (startMock's handle): a session made on first use, ${CHILD_SESSIONS.toLocaleString('en-US')} sessions`,
      build,
      value: failed ? null : tenth(times.newUs),
      unit: 'µs/session',
      ...note,
    },
    {
      measure: 'in process: making it, over using one that exists',
      build,
      value: failed ? null : tenth(times.newUs - times.existingUs),
      unit: 'µs/session',
      ...note,
    },
  ];
}

/** GETs of pages `from` to `from + count - 1` one after the other, in `session(i)`, with the server's CPU around them. */
async function block(
  server: BenchServer,
  from: number,
  count: number,
  session: (i: number) => string,
  limit = 1,
): Promise<Block> {
  const ticksPerSecond = clockTicksPerSecond();
  const before = readCpuTicks(server.pid);
  const roundTripsMs: number[] = [];
  for (let i = from; i < from + count; i++) {
    const started = performance.now();
    const path = page(limit, i);
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { 'x-subcat-session': session(i) } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    roundTripsMs.push(performance.now() - started);
  }
  const after = readCpuTicks(server.pid);
  const cpuMs =
    before === undefined || after === undefined ? null : ((after - before) * 1000) / ticksPerSecond;
  return { roundTripsMs, cpuMs };
}

/** New sessions and an existing one in alternating blocks, so a busy moment of the machine hits both. */
export const controlPlaneSessionProbe: Probe = {
  id: 'control-plane-session',
  title:
    'Sessions: the first request of a new session against the same request in an existing one (default store)',
  async run(ctx) {
    const rows: ProbeRow[] = [];
    const total = ctx.quick ? QUICK_SESSIONS : SESSIONS;
    const half = total / 2;
    // Sessions exist only in this checkout: a before build without them would refuse --max-sessions.
    for (const build of ctx.builds.filter((candidate) => candidate.label === 'subcat')) {
      // Room for every session: the figure is making one, not dropping the least recently used.
      const server = await ctx.startMock(build, ['--max-sessions', String(total + 10)]);
      const fresh: Block[] = [];
      const existing: Block[] = [];
      try {
        // Warm-up: the session, the connection, the JIT (pages of 2: the pages of 1 stay uncached).
        await block(server, 0, 20, () => 'probe-existing', 2);
        for (const from of [0, half]) {
          fresh.push(await block(server, from, half, (i) => `probe-new-${i}`));
          existing.push(await block(server, from, half, () => 'probe-existing'));
        }
      } finally {
        await server.stop();
      }
      const child = await ctx.runNode(
        [CHILD, join(build.root, 'dist', 'src', 'index.js'), String(CHILD_SESSIONS)],
        build.root,
        120_000,
      );
      const times =
        child.exitCode === 0 ? parseSessionTimes(child.stdout) : `exit ${child.exitCode}: ${child.stderr}`;
      const built = [...sessionRows(build.label, fresh, existing), ...inProcessRows(build.label, times)];
      ctx.log(`  ${build.label}: ${built.map((row) => `${row.value ?? '?'} ${row.unit}`).join(', ')}`);
      rows.push(...built);
    }
    return rows;
  },
};

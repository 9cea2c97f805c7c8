import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { quantile } from './flood-watch.js';
import type { BenchServer, Probe, ProbeRow } from './probe.js';

// Issue 28, point 4: after 1,000 requests with 15,000-character paths, `?path=*a...ab` (250 `a`) took 42 s and
// a health check sent meanwhile 30.6 s. The journal is filled so (its default 1,000 entries), then each query
// is timed with health checks sent alongside, on connections of their own.
const QUERY_TARGET_MS = 100;
const HEALTH_TARGET_MS = 50;
const LONG_PATH = `/subscriptions/${'a'.repeat(15_000)}`;

/** One GET on a new connection; its time in ms and status (0 when it failed). */
function timedGet(server: BenchServer, path: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ ms: performance.now() - started, status });
    const req = request(`${server.baseUrl}${path}`, { agent: false }, (res) => {
      res.resume();
      res.once('end', () => done(res.statusCode ?? 0));
    });
    req.once('error', () => done(0));
    req.end();
  });
}

async function fill(server: BenchServer, count: number): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (let at = 0; at < count; at += 20) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(20, count - at) }, () => timedGet(server, LONG_PATH)),
    );
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return statuses;
}

/** A query's rows: its time and the health checks' over the samples (the max is the figure). */
export function queryRows(
  title: string,
  queries: readonly { ms: number; status: number }[],
  health: readonly number[],
): ProbeRow[] {
  const max = (values: readonly number[]) => (values.length === 0 ? null : Math.round(Math.max(...values)));
  const times = queries.map((q) => Math.round(q.ms));
  const statuses = [...new Set(queries.map((q) => q.status))].join(', ');
  const p95 = quantile(health, 0.95);
  return [
    {
      measure: `${title}: the answer, max`,
      build: 'subcat',
      value: max(times),
      unit: 'ms',
      samples: times,
      target: { atMost: QUERY_TARGET_MS },
      note: `status ${statuses}`,
    },
    {
      measure: `${title}: GET /__health sent alongside, max`,
      build: 'subcat',
      value: max(health),
      unit: 'ms',
      samples: health.map((ms) => Math.round(ms)),
      target: { atMost: HEALTH_TARGET_MS },
      note: `p95 ${p95 === null ? '?' : Math.round(p95)} ms`,
    },
  ];
}

export const journalQueryProbe: Probe = {
  id: 'journal-query',
  title: 'Journal query: ?path=*a...ab over 1,000 entries of 15,000-character paths (issue 28, point 4)',
  async run(ctx) {
    const build = ctx.builds.find((b) => b.label === 'subcat');
    if (build === undefined) return [];
    const server = await ctx.startMock(build, []);
    const rows: ProbeRow[] = [];
    try {
      const filled = await fill(server, 1_000);
      ctx.log(`  1,000 GETs of a 15,000-character path: ${JSON.stringify(filled)}`);
      for (const count of [250, 1_000]) {
        const query = `/__subcat/requests?path=*${'a'.repeat(count)}b`;
        const queries: { ms: number; status: number }[] = [];
        const health: number[] = [];
        for (let sample = 0; sample < (ctx.quick ? 5 : 15); sample++) {
          // Checks sent with the query and a few ms into it, so one lands while it is being answered.
          const later = (ms: number) =>
            new Promise<{ ms: number }>((resolve) =>
              setTimeout(() => resolve(timedGet(server, '/__health')), ms),
            );
          const [answer, ...checks] = await Promise.all([
            timedGet(server, query),
            timedGet(server, '/__health'),
            later(2),
            later(5),
          ]);
          queries.push(answer);
          health.push(...checks.map((check) => check.ms));
        }
        const title = `?path=*${count === 250 ? '250' : '1,000'} a's + b`;
        ctx.log(`  ${title}: ${queries.map((q) => Math.round(q.ms)).join(', ')} ms`);
        rows.push(...queryRows(title, queries, health));
      }
    } finally {
      await server.stop();
    }
    return rows;
  },
};

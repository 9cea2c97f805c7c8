import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { freePort, startServer } from '../server-process.js';
import type { Probe, ProbeRow } from './probe.js';

/** Issue 29: at most this much added at the median by going through `subcat proxy` on loopback. */
export const ADDED_MS_TARGET = 2;

/** The median of samples (the mean of the middle two for an even count). */
function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The rows of the probe: both medians for context, and what the proxy adds, held to the target. */
export function proxyLatencyRows(
  direct: readonly number[],
  proxied: readonly number[],
  path: string,
): ProbeRow[] {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const note = `${direct.length} requests each, one at a time, alternating; GET ${path}`;
  return [
    {
      measure: 'mock, direct: latency at the median',
      build: 'subcat',
      value: round(median(direct)),
      unit: 'ms',
      note,
    },
    {
      measure: 'mock through subcat proxy: latency at the median',
      build: 'subcat',
      value: round(median(proxied)),
      unit: 'ms',
    },
    {
      measure: 'added by subcat proxy at the median (judging off the response path)',
      build: 'subcat',
      value: round(median(proxied) - median(direct)),
      unit: 'ms',
      target: { atMost: ADDED_MS_TARGET },
    },
  ];
}

/** One GET to its end (body read), in ms. */
async function timed(agent: Agent, url: string): Promise<number> {
  const started = performance.now();
  const answer = await request(url, { dispatcher: agent });
  await answer.body.arrayBuffer();
  if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}`);
  return performance.now() - started;
}

/**
 * The latency `subcat proxy` adds (issue 29): the mock in its own process, the proxy in another in front of it,
 * the same page asked of each in turn, one request at a time over kept-alive connections.
 */
export const proxyLatencyProbe: Probe = {
  id: 'proxy-latency',
  title: 'Latency added by subcat proxy on loopback (issue 29)',
  async run(ctx) {
    const build = ctx.builds.find((candidate) => candidate.label === 'subcat');
    if (build === undefined) return [];
    const mock = await ctx.startMock(build, []);
    const port = await freePort();
    const proxy = await startServer({
      name: 'subcat proxy',
      args: [
        join(build.root, 'dist', 'src', 'cli.js'),
        'proxy',
        '--upstream',
        mock.baseUrl,
        '--port',
        String(port),
      ],
      port,
      cwd: build.root,
      readyPath: '/__subcat/violations',
      timeoutMs: 20_000,
    });
    const agent = new Agent({ connections: 1 });
    const path = '/subscriptions/subscriptions?page[limit]=10&include=plans';
    const count = ctx.quick ? 200 : 1000;
    const direct: number[] = [];
    const proxied: number[] = [];
    try {
      for (let i = 0; i < 50; i++) {
        await timed(agent, mock.baseUrl + path);
        await timed(agent, proxy.baseUrl + path);
      }
      for (let i = 0; i < count; i++) {
        direct.push(await timed(agent, mock.baseUrl + path));
        proxied.push(await timed(agent, proxy.baseUrl + path));
      }
    } finally {
      await agent.close();
      await proxy.stop();
      await mock.stop();
    }
    const rows = proxyLatencyRows(direct, proxied, path);
    for (const row of rows) ctx.log(`  ${row.measure}: ${row.value ?? '?'} ${row.unit}`);
    return rows;
  },
};

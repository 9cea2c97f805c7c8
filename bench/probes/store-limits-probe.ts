import { performance } from 'node:perf_hooks';
import type { LoadRequest } from '../load-run.js';
import type { BenchServer, Probe, ProbeContext, ProbeRow } from './probe.js';

// Issue 16's figures: the store filled to its limit, a filtered page at that size, and the worst answer to
// hostile bodies near the body limit. Ids are the fixed ones of fixtures/ids.json (the same in every build).
const ACCOUNT = '29949968-2749-44ee-9002-18b1b3a8e3a7';
const OFFERING = '07ed42d5-63ec-40d8-8ee0-b28bc46cb754';
const LIST = '/subscriptions/subscriptions';
const LIMIT = 200_000;
const QUICK_LIMIT = 20_000;

const create = (data: object): LoadRequest => ({
  method: 'POST',
  path: LIST,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data }),
});
const plainCreate = create({
  account_id: ACCOUNT,
  offering_id: OFFERING,
  currency: 'USD',
  manual_payments: true,
  name: 'Load Test',
  email: 'load@example.com',
});

/** A body within the 1 MiB limit; `currentOnly` for shapes the before build spends minutes on. */
export interface HostileBody {
  title: string;
  body: string;
  currentOnly?: boolean;
}

/** Just under 1 MiB: as many `unit`s as fit inside `wrap`, the last trailing comma dropped. */
function filled(unit: string, wrap: (inner: string) => string): string {
  const room = 1024 * 1024 - 200 - wrap('').length;
  return wrap(unit.repeat(Math.floor(room / unit.length)).replace(/,$/, ''));
}

/** `count` currency prices, each with a key and an amount the spec refuses. */
function badPrices(count: number): Record<string, unknown> {
  const key = (at: number) => `x${at.toString(36).toUpperCase().padStart(3, 'A')}`;
  return Object.fromEntries(
    Array.from({ length: count }, (_, at) => [key(at), { amount: 'z'.repeat(20), includes_tax: false }]),
  );
}

/**
 * Bodies a client may send within the 1 MiB limit that once stalled the mock (issue 16, point 1): the first
 * five from the issue, the rest the worst shapes a review found after the first fix (each once cost 90-250 ms).
 */
export function hostileBodies(): HostileBody[] {
  const base = {
    account_id: ACCOUNT,
    currency: 'USD',
    manual_payments: true,
    name: 'Fuzz Test',
    email: 'fuzz@example.com',
  };
  const offering = (plans: unknown[]) =>
    JSON.stringify({ data: { ...base, offering: { name: 'Fuzz', products: [{ name: 'Thing' }], plans } } });
  const plansOf = (inner: string) => offering([]).replace('"plans":[]', `"plans":[${inner}]`);
  const plan = { name: 'Plan', billing_interval_type: 'month', billing_frequency: 1, plan_length: 12 };
  const deep = (depth: number) => `{"data":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
  return [
    { title: '26,000 empty plans (76 KB)', body: offering(new Array(26_000).fill({})) },
    { title: '100,000 empty plans (300 KB)', body: offering(new Array(100_000).fill({})) },
    { title: 'arrays nested 500,000 deep (1 MB)', body: deep(500_000) },
    {
      title: 'a 1,000,000-character name',
      body: JSON.stringify({ data: { ...base, name: 'x'.repeat(1_000_000) } }),
    },
    {
      title: '30,000 unknown fields',
      body: JSON.stringify({
        data: Object.fromEntries(Array.from({ length: 30_000 }, (_, at) => [`f${at}`, at])),
      }),
    },
    {
      title: '60 plans of 200 invalid prices each',
      body: offering(Array.from({ length: 60 }, () => ({ ...plan, fixed_price: badPrices(200) }))),
      currentOnly: true,
    },
    {
      title: '70,000 unknown fields',
      body: JSON.stringify({
        data: Object.fromEntries(Array.from({ length: 70_000 }, (_, at) => [`f${at}`, at])),
      }),
      currentOnly: true,
    },
    { title: '262,000 plans of [0] (1 MB)', body: filled('[0],', plansOf), currentOnly: true },
    { title: '350,000 plans of {} (1 MB)', body: filled('{},', plansOf), currentOnly: true },
    { title: '170,000 plans of "ab" (1 MB)', body: filled('"ab",', plansOf), currentOnly: true },
    {
      title: 'a name of 170,000 lone surrogate escapes (1 MB)',
      body: filled('\\ud800', (inner) =>
        JSON.stringify({ data: { ...base, name: 'N' } }).replace('"N"', `"${inner}"`),
      ),
      currentOnly: true,
    },
  ];
}

async function timedPost(server: BenchServer, body: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${LIST}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

async function limitRows(
  ctx: ProbeContext,
  server: BenchServer,
  build: ProbeRow['build'],
): Promise<ProbeRow[]> {
  const limit = ctx.quick ? QUICK_LIMIT : LIMIT;
  const started = performance.now();
  const filled = await ctx.measure(server, [plainCreate], limit);
  const seconds = (performance.now() - started) / 1000;
  const memory = ctx.memory(server.pid);
  const created = filled.statusCodes['201'] ?? 0;
  const refused = filled.statusCodes['409'] ?? 0;
  const note = `${created.toLocaleString('en-US')} creates answered 201, ${refused.toLocaleString('en-US')} 409 (the limit), in ${seconds.toFixed(1)} s`;
  // One account holds every create: its filter matches the whole store but a page must still cost a page.
  const page = await ctx.measure(
    server,
    [
      {
        method: 'GET',
        path: `${LIST}?filter=eq(account_id,${ACCOUNT})&page%5Blimit%5D=25&page%5Boffset%5D=5000`,
      },
    ],
    2_000,
  );
  const plain = await ctx.measure(
    server,
    [{ method: 'GET', path: `${LIST}?page%5Blimit%5D=25&page%5Boffset%5D=5000` }],
    2_000,
  );
  const ratio =
    page.cpuUsPerRequest !== null && plain.cpuUsPerRequest !== null
      ? page.cpuUsPerRequest / plain.cpuUsPerRequest
      : null;
  return [
    {
      measure: `RSS with the store at ${limit.toLocaleString('en-US')} subscriptions (--max-subscriptions)`,
      build,
      value: memory?.rssMb ?? null,
      unit: 'MB',
      note,
      target: { atMost: 1_500 },
    },
    {
      measure: 'a page of 25 filtered from every record (one account), server CPU',
      build,
      value: round(page.cpuUsPerRequest),
      unit: 'µs/request',
      note: `p99 ${page.p99Ms} ms`,
    },
    {
      measure: 'the same page filtered against unfiltered, server CPU',
      build,
      value: ratio === null ? null : Math.round(ratio * 100) / 100,
      unit: 'x',
      target: { atMost: 2 },
    },
  ];
}

async function hostileRows(server: BenchServer, build: ProbeRow['build']): Promise<ProbeRow[]> {
  const rows: ProbeRow[] = [];
  const bodies = hostileBodies().filter((hostile) => build === 'subcat' || hostile.currentOnly !== true);
  for (const { title, body } of bodies) {
    // A health check sent alongside: no body may hold the event loop.
    const health = (async () => {
      const started = performance.now();
      await (await fetch(`${server.baseUrl}/__health`)).arrayBuffer();
      return performance.now() - started;
    })();
    const [answer, healthMs] = await Promise.all([timedPost(server, body), health]);
    rows.push({
      measure: `${title}: the answer`,
      build,
      value: Math.round(answer.ms),
      unit: 'ms',
      note: `status ${answer.status}`,
      target: { atMost: 100 },
    });
    rows.push({
      measure: `${title}: a GET /__health sent alongside`,
      build,
      value: Math.round(healthMs),
      unit: 'ms',
      target: { atMost: 100 },
    });
  }
  return rows;
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10) / 10;
}

/**
 * The store filled to its bound, a filtered page at that size, and hostile bodies near the body limit, for
 * each build (issue 16).
 */
export const storeLimitsProbe: Probe = {
  id: 'store-limits',
  title:
    'Reliability: the store at its bound, a filtered page at that size, hostile bodies near the body limit',
  async run(ctx) {
    const rows: ProbeRow[] = [];
    for (const build of ctx.builds) {
      const limit = ctx.quick ? QUICK_LIMIT : LIMIT;
      // The before build may know neither flag: it runs without a bound (and has no journal to turn off).
      const flags =
        build.label === 'subcat' ? ['--max-subscriptions', String(limit), '--journal-size', '0'] : [];
      const server = await ctx.startMock(build, flags);
      try {
        rows.push(...(await hostileRows(server, build.label)));
        rows.push(...(await limitRows(ctx, server, build.label)));
      } finally {
        await server.stop();
      }
    }
    return rows;
  },
};

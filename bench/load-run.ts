import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { AutocannonRequest } from 'autocannon';

/** One request of a case; connections cycle through a case's requests in order. */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Path and query, e.g. `/subscriptions/subscriptions?page%5Boffset%5D=975`. */
  path: string;
  headers?: Record<string, string>;
  /** JSON text. */
  body?: string;
}

/** A run of a fixed number of requests (measured runs), or of a fixed time (warm-ups and calibration). */
export type LoadPlan = { connections: number } & ({ amount: number } | { seconds: number });

/** What one run of the load generator gave, before any server reading is added. */
export interface LoadRun {
  /** Responses received. */
  requests: number;
  /** Wall time from the start to the last response. */
  seconds: number;
  /** Every response's own time in ms, sorted (autocannon's histogram rounds to whole ms). */
  latenciesMs: Float64Array;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Count per status code, e.g. { "200": 51234 }. */
  statusCodes: Record<string, number>;
}

/** Drives one server; the fake run of the tests passes its own. */
export type LoadRunner = (
  baseUrl: string,
  requests: readonly LoadRequest[],
  plan: LoadPlan,
) => Promise<LoadRun>;

/** Counts per status code added up, e.g. of several runs. */
export function sumStatusCodes(counts: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const byCode of counts)
    for (const [code, count] of Object.entries(byCode)) total[code] = (total[code] ?? 0) + count;
  return total;
}

/** Several runs of one server as one: counts and times added, latencies merged. */
export function mergeRuns(runs: readonly LoadRun[]): LoadRun {
  const latencies = new Float64Array(runs.reduce((n, r) => n + r.latenciesMs.length, 0));
  let offset = 0;
  for (const run of runs) {
    latencies.set(run.latenciesMs, offset);
    offset += run.latenciesMs.length;
  }
  const sum = (pick: (r: LoadRun) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return {
    requests: sum((r) => r.requests),
    seconds: sum((r) => r.seconds),
    latenciesMs: latencies.sort(),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
    statusCodes: sumStatusCodes(runs.map((r) => r.statusCodes)),
  };
}

/** The servers of round `round` (from 1): the list rotated by one more place each round. */
export function roundOrder<T>(servers: readonly T[], round: number): T[] {
  if (servers.length === 0) return [];
  const shift = (((round - 1) % servers.length) + servers.length) % servers.length;
  return [...servers.slice(shift), ...servers.slice(0, shift)];
}

/** The value at quantile q (0..1) of sorted samples, nearest-rank; NaN when there are none. */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/** Collects response times without allocating per response: a growable Float64Array. */
class LatencySamples {
  private samples = new Float64Array(1 << 16);
  private size = 0;

  add(ms: number): void {
    if (this.size === this.samples.length) {
      const grown = new Float64Array(this.samples.length * 2);
      grown.set(this.samples);
      this.samples = grown;
    }
    this.samples[this.size++] = ms;
  }

  sorted(): Float64Array {
    return this.samples.slice(0, this.size).sort();
  }
}

function toAutocannonRequests(requests: readonly LoadRequest[]): AutocannonRequest[] {
  return requests.map((r) => ({
    method: r.method,
    path: r.path,
    headers: { ...(r.body === undefined ? {} : { 'content-type': 'application/json' }), ...r.headers },
    ...(r.body === undefined ? {} : { body: r.body }),
  }));
}

/** Drives `baseUrl` (loopback) with autocannon for a number of requests or seconds. */
export async function runLoad(
  baseUrl: string,
  requests: readonly LoadRequest[],
  plan: LoadPlan,
): Promise<LoadRun> {
  const latencies = new LatencySamples();
  const started = performance.now();
  let lastResponse = started;
  const instance = autocannon({
    url: baseUrl,
    connections: plan.connections,
    ...('amount' in plan ? { amount: plan.amount } : { duration: plan.seconds }),
    timeout: 10,
    // autocannon settles on its next sample tick: a short one ends a fixed-amount run soon after its last answer.
    sampleInt: 100,
    requests: toAutocannonRequests(requests),
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.add(ms);
    lastResponse = performance.now();
  });
  const result = await instance;
  const sorted = latencies.sorted();
  return {
    requests: sorted.length,
    seconds: Math.max(lastResponse - started, 1) / 1000,
    latenciesMs: sorted,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    ),
  };
}

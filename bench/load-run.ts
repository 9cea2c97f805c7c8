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

export interface LoadSettings {
  connections: number;
  /** Measured seconds. */
  duration: number;
  /** Unmeasured seconds run first; 0 for none. */
  warmup: number;
}

/** What one measured run of one case against one server gave. */
export interface LoadResult {
  requestsPerSecond: number;
  /** Milliseconds, from every response's own timing (autocannon's histogram rounds to whole ms). */
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Count per status code, e.g. { "200": 51234 }. */
  statusCodes: Record<string, number>;
  /** When several rounds were run: each round's req/s, in run order (the figures above are the median's). */
  rounds?: number[];
}

/** The servers of round `round` (from 1): the list rotated by one more place each round. */
export function roundOrder<T>(servers: readonly T[], round: number): T[] {
  if (servers.length === 0) return [];
  const shift = (((round - 1) % servers.length) + servers.length) % servers.length;
  return [...servers.slice(shift), ...servers.slice(0, shift)];
}

/**
 * Several rounds of one case on one server as one result: the round with the median req/s (the lower middle
 * one of an even count) gives the rate and latencies, so they come from one coherent run; requests, errors,
 * non-2xx answers and status codes are summed over every round, so a bad round is never hidden.
 */
export function medianRound(rounds: readonly LoadResult[]): LoadResult | null {
  if (rounds.length === 0) return null;
  const byRate = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = byRate[Math.floor((byRate.length - 1) / 2)] as LoadResult;
  const statusCodes: Record<string, number> = {};
  for (const round of rounds)
    for (const [code, count] of Object.entries(round.statusCodes))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const sum = (pick: (r: LoadResult) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    requestsPerSecond: median.requestsPerSecond,
    p50Ms: median.p50Ms,
    p99Ms: median.p99Ms,
    requests: sum((r) => r.requests),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
    statusCodes,
    ...(rounds.length > 1 && { rounds: rounds.map((r) => r.requestsPerSecond) }),
  };
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

async function drive(baseUrl: string, requests: AutocannonRequest[], connections: number, duration: number) {
  const latencies = new LatencySamples();
  const instance = autocannon({ url: baseUrl, connections, duration, timeout: 10, requests });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
    latencies.add(ms),
  );
  const result = await instance;
  return { result, latencies: latencies.sorted() };
}

/** Warms up, then measures `requests` against `baseUrl` (loopback) with autocannon. */
export async function runLoad(
  baseUrl: string,
  requests: readonly LoadRequest[],
  settings: LoadSettings,
): Promise<LoadResult> {
  const wire = toAutocannonRequests(requests);
  if (settings.warmup > 0) await drive(baseUrl, wire, settings.connections, settings.warmup);
  const { result, latencies } = await drive(baseUrl, wire, settings.connections, settings.duration);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
  );
  const seconds = result.duration > 0 ? result.duration : settings.duration;
  return {
    requestsPerSecond: Math.round(result.requests.total / seconds),
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}

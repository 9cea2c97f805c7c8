import { quantile, sumStatusCodes, type LoadRun } from './load-run.js';

/** One measured run of one case against one server: what the load generator saw and what the server spent. */
export interface Round {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** The server's user + system CPU over the run, in ms; null where /proc cannot be read. */
  cpuMs: number | null;
  /** cpuMs per response, in microseconds: independent of how fast the load generator can ask. */
  cpuUsPerRequest: number | null;
}

/** Several rounds as one figure: the round with the median CPU per request, errors summed over all. */
export interface Measurement extends Round {
  /** Each round's CPU µs per request, in run order. */
  roundsCpuUsPerRequest: (number | null)[];
}

/** A load run plus the server's CPU ticks over it, as one round. */
export function toRound(run: LoadRun, cpuTicks: number | null, ticksPerSecond: number): Round {
  const cpuMs = cpuTicks === null ? null : (cpuTicks * 1000) / ticksPerSecond;
  return {
    requests: run.requests,
    requestsPerSecond: run.seconds > 0 ? Math.round(run.requests / run.seconds) : 0,
    p50Ms: quantile(run.latenciesMs, 0.5),
    p99Ms: quantile(run.latenciesMs, 0.99),
    errors: run.errors,
    non2xx: run.non2xx,
    statusCodes: run.statusCodes,
    cpuMs,
    cpuUsPerRequest: cpuMs === null || run.requests === 0 ? null : (cpuMs * 1000) / run.requests,
  };
}

/**
 * The round with the median CPU per request (the lower middle one of an even count) gives every figure, so
 * they come from one coherent run; errors, non-2xx answers and status codes are summed over every round, so a
 * bad round is never hidden. Without CPU readings the median is taken by req/s.
 */
export function medianMeasurement(rounds: readonly Round[]): Measurement | null {
  if (rounds.length === 0) return null;
  const withCpu = rounds.filter((r) => r.cpuUsPerRequest !== null);
  const byCost =
    withCpu.length > 0
      ? [...withCpu].sort((a, b) => (a.cpuUsPerRequest ?? 0) - (b.cpuUsPerRequest ?? 0))
      : [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = byCost[Math.floor((byCost.length - 1) / 2)] as Round;
  const sum = (pick: (r: Round) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    ...median,
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
    statusCodes: sumStatusCodes(rounds.map((r) => r.statusCodes)),
    roundsCpuUsPerRequest: rounds.map((r) => r.cpuUsPerRequest),
  };
}

/**
 * How many times `mine`'s CPU per request `theirs` is: the median over rounds of each round's ratio (the lower
 * middle one of an even count), the two servers of a round having been loaded at the same time, so a slow
 * stretch of a shared machine weighs on both sides of each ratio. Rounds where either has no reading drop out.
 * @example pairedRatio({ roundsCpuUsPerRequest: [60, 90] }, { roundsCpuUsPerRequest: [50, 60] }) // 1.2
 */
export function pairedRatio(
  mine: Pick<Measurement, 'roundsCpuUsPerRequest'>,
  theirs: Pick<Measurement, 'roundsCpuUsPerRequest'>,
): number | null {
  const ratios = mine.roundsCpuUsPerRequest.flatMap((cost, round) => {
    const other = theirs.roundsCpuUsPerRequest[round];
    return cost === null || other === null || other === undefined || other <= 0 ? [] : [cost / other];
  });
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor((ratios.length - 1) / 2)] ?? null;
}

/** Bounds of a measured run: enough requests to mean something, few enough to end on a slow server. */
export const AMOUNT_LIMITS = { min: 1_000, max: 2_000_000 } as const;

/**
 * Requests for a measured run to cost the server about `cpuSeconds` of CPU, estimated from a calibration
 * round (from its req/s, as if the server used one core, when it has no CPU reading); a multiple of the
 * connections, so every connection sends as many.
 */
export function amountFor(calibration: Round, cpuSeconds: number, connections: number): number {
  const cost = calibration.cpuUsPerRequest;
  const estimate =
    cost !== null && cost > 0
      ? (cpuSeconds * 1e6) / cost
      : calibration.requestsPerSecond > 0
        ? calibration.requestsPerSecond * cpuSeconds
        : AMOUNT_LIMITS.min;
  const bounded = Math.min(AMOUNT_LIMITS.max, Math.max(AMOUNT_LIMITS.min, connections, estimate));
  return Math.ceil(bounded / connections) * connections;
}

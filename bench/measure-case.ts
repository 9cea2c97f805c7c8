import type { BenchCase } from './bench-cases.js';
import type { BenchOptions } from './bench-options.js';
import type { ServerRole } from './bench-results.js';
import { mergeRuns, type LoadPlan, type LoadRequest, type LoadRun, type LoadRunner } from './load-run.js';
import { amountFor, medianMeasurement, toRound, type Measurement, type Round } from './measurement.js';
import type { BenchServer } from './probes/probe.js';

/** What measuring needs from the outside world: the load generator and the server's CPU clock. */
export interface MeasureIo {
  load: LoadRunner;
  /** utime + stime of a process, in clock ticks; undefined when it cannot be read. */
  cpuTicks(pid: number): number | undefined;
  ticksPerSecond: number;
  log(line: string): void;
}

export interface Contender {
  role: ServerRole;
  server: BenchServer;
  /**
   * Stops this server and starts a new process of it, for every round: one process of a mock kept its own cost
   * for a while, up to 40% apart from another of the very same build (see measureCase).
   */
  fresh?: () => Promise<BenchServer>;
}

/** A measured run stops topping up once it has this share of the CPU it aims at. */
const ENOUGH_CPU = 0.8;
/** Top-ups after the first chunk, at most: a server that got slower still ends. */
const MAX_CHUNKS = 4;

/** One load run with the server's CPU ticks read just before and just after it (null when unreadable). */
async function ticksAround(
  io: MeasureIo,
  server: BenchServer,
  requests: readonly LoadRequest[],
  plan: LoadPlan,
): Promise<{ run: LoadRun; ticks: number | null }> {
  const before = io.cpuTicks(server.pid);
  const run = await io.load(server.baseUrl, requests, plan);
  const after = io.cpuTicks(server.pid);
  return { run, ticks: before === undefined || after === undefined ? null : after - before };
}

/** One load run as a round: what the load generator saw and the server's CPU over it. */
export async function measuredRun(
  io: MeasureIo,
  server: BenchServer,
  requests: readonly LoadRequest[],
  plan: LoadPlan,
): Promise<Round> {
  const { run, ticks } = await ticksAround(io, server, requests, plan);
  return toRound(run, ticks, io.ticksPerSecond);
}

/**
 * Fixed-amount chunks until the server has spent about `cpuSeconds`: the first sized from `estimate`, each
 * further one from the chunks so far. An estimate from a cold or disturbed warm-up can be twice the real cost,
 * and then one chunk alone would fall far short of the ticks the figure needs.
 */
export async function measureCpu(
  io: MeasureIo,
  server: BenchServer,
  requests: readonly LoadRequest[],
  settings: { connections: number; cpuSeconds: number },
  estimate: Round,
): Promise<Round> {
  const runs: LoadRun[] = [];
  let ticks: number | null = 0;
  let sofar = estimate;
  const aim = settings.cpuSeconds * io.ticksPerSecond;
  while (runs.length < MAX_CHUNKS) {
    const left =
      runs.length === 0 ? settings.cpuSeconds : settings.cpuSeconds - (ticks ?? 0) / io.ticksPerSecond;
    const amount = amountFor(sofar, left, settings.connections);
    const chunk = await ticksAround(io, server, requests, { connections: settings.connections, amount });
    runs.push(chunk.run);
    ticks = ticks === null || chunk.ticks === null ? null : ticks + chunk.ticks;
    sofar = toRound(mergeRuns(runs), ticks, io.ticksPerSecond);
    if (ticks === null || ticks >= aim * ENOUGH_CPU) break;
  }
  return sofar;
}

/** A round in one line of progress output. */
export function describeRound(round: Round): string {
  const cost =
    round.cpuMs === null || round.cpuUsPerRequest === null
      ? 'CPU not readable'
      : `${(round.cpuMs / 1000).toFixed(2)} s CPU for ${round.requests.toLocaleString('en-US')} requests: ` +
        `${round.cpuUsPerRequest.toFixed(1)} µs/request`;
  const problems = round.errors + round.non2xx > 0 ? `, ${round.errors} errors, ${round.non2xx} non-2xx` : '';
  return `${cost}; ${round.requestsPerSecond.toLocaleString('en-US')} req/s, p99 ${round.p99Ms.toFixed(2)} ms${problems}`;
}

type Settings = Pick<BenchOptions, 'rounds' | 'warmup' | 'cpuSeconds' | 'connections'>;

/**
 * Every round of one case. In each round the servers take their load at the same time, phase by phase: a
 * warm-up, a run read for its CPU per request, then fixed numbers of requests set from that reading to cost
 * each about `cpuSeconds`. Taken in turns, one server's CPU per request ranged 43-93 µs from one run to the
 * next on this shared, idle 2-core machine, so a ratio of two servers measured a minute apart was mostly the
 * machine; measured at the same time, the pair's ratio varies a few per cent. Prism (ten times the CPU per
 * request, no ratio target) is measured alone after the others, not to take their share of the machine.
 * Each round runs on new processes of the servers that can start one (`fresh`), warmed up. With one process per
 * build for every case and round, this checkout's large-store mock cost 69-79 µs a request beside 50-56 for the
 * very same commit as `before` (`--before HEAD`, rounds loaded together), so a median of rounds was one
 * process's luck; and a mock that sat idle while the other store's cases ran (V8 shrinks an idle heap) cost
 * 62-73 µs in its next round against 49-50 in new processes of the same two builds. A server that fails a
 * round is n/a for the case (a note says why): its other rounds are not the case as asked.
 */
export async function measureCase(
  io: MeasureIo,
  settings: Settings,
  benchCase: BenchCase,
  contenders: readonly Contender[],
  notes: string[],
): Promise<Partial<Record<ServerRole, Measurement | null>>> {
  const rounds = new Map<ServerRole, Round[]>(contenders.map((c) => [c.role, []]));
  const failed = new Set<ServerRole>();
  const warmup: LoadPlan = { connections: settings.connections, seconds: settings.warmup };
  const fail = (role: ServerRole, label: string, error: unknown) => {
    failed.add(role);
    const message = error instanceof Error ? error.message : String(error);
    notes.push(`${role}: ${message}`);
    io.log(`  ${label.padEnd(12)} failed: ${message}`);
  };
  /** Runs `phase` on every server of `group` still measured, at the same time; a throw fails that server. */
  const together = async <Result>(
    group: readonly Contender[],
    round: number,
    phase: (contender: Contender, label: string) => Promise<Result>,
  ): Promise<Map<ServerRole, Result>> => {
    const done = new Map<ServerRole, Result>();
    await Promise.all(
      group
        .filter((c) => !failed.has(c.role))
        .map(async (contender) => {
          const label = settings.rounds > 1 ? `${contender.role} #${round}` : contender.role;
          try {
            done.set(contender.role, await phase(contender, label));
          } catch (error) {
            fail(contender.role, label, error);
          }
        }),
    );
    return done;
  };
  // Copies: a round after the first may put a new process in a contender's place.
  const servers = contenders.map((c) => ({ ...c }));
  const groups = [
    servers.filter((c) => c.role !== 'prism'),
    ...servers.filter((c) => c.role === 'prism').map((c) => [c]),
  ];
  for (let round = 1; round <= settings.rounds; round++) {
    // One after the other, before the round: a start-up (seeding) never shares the machine with a measured run.
    for (const contender of servers)
      if (contender.fresh !== undefined && !failed.has(contender.role)) {
        try {
          contender.server = await contender.fresh();
        } catch (error) {
          fail(contender.role, contender.role, error);
        }
      }
    for (const group of groups) {
      // A new process starts cold (JIT, caches): a warm-up first, so the estimate is not of that.
      await together(group, round, (c) => io.load(c.server.baseUrl, benchCase.requests, warmup));
      const estimates = await together(group, round, (c) =>
        measuredRun(io, c.server, benchCase.requests, warmup),
      );
      await together(group, round, async ({ role, server }, label) => {
        const estimate = estimates.get(role);
        if (estimate === undefined) throw new Error('no estimate');
        const result = await measureCpu(io, server, benchCase.requests, settings, estimate);
        rounds.get(role)?.push(result);
        io.log(`  ${label.padEnd(12)} ${describeRound(result)}`);
      });
    }
  }
  const measurements: Partial<Record<ServerRole, Measurement | null>> = {};
  for (const { role } of contenders) {
    const measurement = failed.has(role) ? null : medianMeasurement(rounds.get(role) ?? []);
    measurements[role] = measurement;
    // subcat's own errors have a column; the others' would otherwise go unseen.
    if (role !== 'subcat' && measurement !== null && measurement.errors + measurement.non2xx > 0)
      notes.push(`${role}: ${measurement.errors} errors, ${measurement.non2xx} non-2xx over all rounds`);
  }
  return measurements;
}

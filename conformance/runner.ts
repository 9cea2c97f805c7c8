import { performance } from 'node:perf_hooks';
import { applyBaseline, failsTheRun } from './baseline.js';
import { DeadlinePassed, TransportError, type Exchange } from './client.js';
import {
  CheckInconclusive,
  CheckSkipped,
  OUTCOMES,
  type Check,
  type CheckContext,
  type CheckResult,
  type Failure,
  type Outcome,
  type Summary,
} from './check.js';
import { createContext, requestsSent, type RunEnvironment } from './context.js';
import { PHASES, phaseOf, type PlannedCheck } from './plan.js';
import type {
  Coverage,
  Reporter,
  RunPlan,
  RunSummary,
  TransportNotes,
  Verdict,
} from './reporters/reporter.js';
import { redactText } from './secrets.js';

/** A whole-run check lists this many failures one by one; the rest are counted in one more line. */
export const LISTED_FAILURES = 20;

/** failed when any contract rule broke (or any rule under --strict), warned when only conventions broke. */
export function outcomeOf(failures: readonly Failure[], strict: boolean): Outcome {
  if (failures.length === 0) return 'passed';
  return strict || failures.some((failure) => failure.source === 'contract') ? 'failed' : 'warned';
}

/** --allow-inconclusive: how many inconclusive checks a complete run may have, as a count or a share (0..1). */
export type Allowance = { count: number } | { share: number };

/** The exit code of each verdict (see Verdict); cancelled is 128 + the signal's number. */
export function exitCode(summary: Pick<RunSummary, 'results' | 'plan' | 'verdict' | 'cancelledBy'>): number {
  const verdict = summary.verdict ?? verdictOf(summary).verdict;
  if (verdict === 'cancelled') return summary.cancelledBy === 'SIGINT' ? 130 : 143;
  return { passed: 0, failed: 1, setup: 2, incomplete: 3 }[verdict];
}

/**
 * A run's verdict: cancelled first (a signal stopped it), then failed (a rule the baseline does not know),
 * then incomplete (more inconclusive checks than allowed: a run that judged almost nothing must not pass).
 */
export function verdictOf(
  summary: Pick<RunSummary, 'results' | 'plan' | 'cancelledBy'>,
  allowance: Allowance = { count: 0 },
): { verdict: Verdict; reason?: string } {
  if (summary.cancelledBy !== undefined)
    return { verdict: 'cancelled', reason: `cancelled by ${summary.cancelledBy}` };
  if (summary.results.some((result) => failsTheRun(result, summary.plan.strict)))
    return { verdict: 'failed' };
  const ran = summary.results.filter((result) => result.outcome !== 'skipped').length;
  const inconclusive = summary.results.filter((result) => result.outcome === 'inconclusive').length;
  const allowed = 'count' in allowance ? allowance.count : Math.floor(allowance.share * ran);
  if (inconclusive > allowed) {
    return {
      verdict: 'incomplete',
      reason: `${inconclusive} of ${ran} checks were inconclusive, ${allowed} allowed (--allow-inconclusive)`,
    };
  }
  return { verdict: 'passed' };
}

export function countOutcomes(results: readonly Pick<CheckResult, 'outcome'>[]): Summary {
  const counts = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Summary;
  for (const result of results) counts[result.outcome]++;
  return counts;
}

export interface RunOptions {
  /** Aborted when the run's --deadline passes: checks not started end inconclusive. */
  deadline?: AbortSignal;
  /** Failure fingerprints of the --baseline report. */
  known?: ReadonlySet<string>;
  /** Inconclusive checks a complete run may have (default none). */
  allowInconclusive?: Allowance;
  /** Which signal cancelled the run, once one did: read when the run ends. */
  cancelledBy?: () => 'SIGINT' | 'SIGTERM' | undefined;
  /** What the client retried, waited for and timed out on, read when the run ends. */
  transport?: () => TransportNotes;
  /** Why the run is a set-up error (the server refused the credentials on every operation), read at the end. */
  refused?: () => string | undefined;
  /** What the run reached of the contract, read when the run ends. */
  coverage?: () => Coverage;
}

/**
 * Runs the planned checks phase by phase (reads, writes, whole-run), every check of a phase started at once
 * (the client's window bounds the requests open, --concurrency), and tells every reporter in plan order
 * whatever order they finish in.
 */
export async function runChecks(
  plan: RunPlan,
  env: RunEnvironment,
  reporters: readonly Reporter[],
  options: RunOptions = {},
): Promise<RunSummary> {
  const started = performance.now();
  const requestsBefore = env.client.count;
  for (const reporter of reporters) reporter.start(plan);
  const results: Array<CheckResult | undefined> = plan.checks.map(() => undefined);
  let reported = 0;
  const reportReady = () => {
    for (let next = results[reported]; next !== undefined; next = results[reported]) {
      for (const reporter of reporters) reporter.onResult(next);
      reported++;
    }
  };
  const phases = PHASES.map((phase) =>
    startOrder(
      plan.checks.flatMap((planned, i) => (phaseOf(planned.check) === phase ? [i] : [])),
      plan,
    ),
  );
  const priorities = new Map(phases.flatMap((indices) => indices.map((i, rank) => [i, rank] as const)));
  const watchers = startWatching(plan.checks, env, priorities);
  try {
    for (const indices of phases) {
      // A check waiting for an answer holds no slot: the window stays full whatever the checks' chains.
      await Promise.all(
        indices.map(async (i, rank) => {
          const planned = plan.checks[i] as PlannedCheck;
          results[i] = await runOne(planned, env, watchers.get(planned.check), options, rank);
          reportReady();
        }),
      );
    }
  } finally {
    env.client.listeners.length = 0;
  }
  const done = results.filter((result): result is CheckResult => result !== undefined);
  const summary: RunSummary = {
    plan,
    counts: countOutcomes(done),
    results: done,
    requests: env.client.count - requestsBefore,
    ms: Math.round(performance.now() - started),
  };
  if (options.known !== undefined) summary.fixed = applyBaseline(done, options.known);
  const cancelledBy = options.cancelledBy?.();
  if (cancelledBy !== undefined) summary.cancelledBy = cancelledBy;
  if (options.transport !== undefined) summary.transport = options.transport();
  if (options.coverage !== undefined) summary.coverage = options.coverage();
  const refused = cancelledBy === undefined ? options.refused?.() : undefined;
  const { verdict, reason } =
    refused === undefined
      ? verdictOf(summary, options.allowInconclusive)
      : { verdict: 'setup' as const, reason: refused };
  summary.verdict = verdict;
  if (reason !== undefined) summary.verdictReason = reason;
  for (const reporter of reporters) await reporter.finish(summary);
  return summary;
}

/**
 * The order a phase's checks start in: the longest chains of round trips first (Check.roundTrips), plan
 * order otherwise; a check's place is also its requests' priority, so a long chain is never queued behind
 * the requests of checks that have time to spare.
 */
export function startOrder(indices: readonly number[], plan: Pick<RunPlan, 'checks'>): number[] {
  const trips = (i: number) => plan.checks[i]?.check.roundTrips ?? 1;
  return [...indices].sort((a, b) => trips(b) - trips(a));
}

/** What a watching check has seen so far: bounded, whatever the length of the run. */
interface Watch {
  ctx: CheckContext;
  judged: number;
  failures: Failure[];
  /** The first failure past LISTED_FAILURES and how many there were. */
  unlisted?: Failure;
  unlistedCount: number;
  broken?: string;
}

/** Hands every exchange to the watching checks that will run; each keeps only its listed failures. */
function startWatching(
  planned: readonly PlannedCheck[],
  env: RunEnvironment,
  priorities: ReadonlyMap<number, number>,
): Map<Check, Watch> {
  const watches = new Map<Check, Watch>();
  for (const [i, { check, skipReason }] of planned.entries()) {
    if (skipReason === undefined && check.watch !== undefined) {
      const ctx = createContext(env, check, priorities.get(i) ?? 0);
      watches.set(check, { ctx, judged: 0, failures: [], unlistedCount: 0 });
    }
  }
  if (watches.size === 0) return watches;
  env.client.listeners.push((exchange: Exchange) => {
    for (const [check, watch] of watches) {
      try {
        const found = check.watch?.(watch.ctx, exchange);
        if (found === undefined) continue;
        watch.judged++;
        for (const failure of found) {
          if (watch.failures.length < LISTED_FAILURES) watch.failures.push(failure);
          else {
            watch.unlisted ??= failure;
            watch.unlistedCount++;
          }
        }
      } catch (error) {
        watch.broken ??= error instanceof Error ? error.message : String(error);
      }
    }
  });
  return watches;
}

async function runOne(
  planned: PlannedCheck,
  env: RunEnvironment,
  watch: Watch | undefined,
  options: RunOptions,
  priority: number,
): Promise<CheckResult> {
  const { check } = planned;
  const end = (outcome: Outcome, message: string, failures: Failure[] = [], ms = 0): CheckResult => ({
    check,
    outcome,
    message: redactText(message, env.settings.secretValues),
    failures,
    ms,
  });
  if (planned.skipReason !== undefined) return end('skipped', planned.skipReason);
  if (options.deadline?.aborted === true && check.run !== undefined) {
    const cancelled = options.cancelledBy?.();
    return end(
      'inconclusive',
      cancelled === undefined
        ? 'not run: the --deadline passed'
        : `not run: the run was cancelled (${cancelled})`,
    );
  }
  const started = performance.now();
  const ctx = watch?.ctx ?? createContext(env, check, priority);
  let failures: Failure[] = [];
  try {
    // The check's own requests first: they are watched too (limits.*-page-size asks for 100-record pages).
    const own = check.run === undefined ? [] : await check.run(ctx);
    if (watch !== undefined) failures.push(...watchedFailures(watch));
    failures.push(...own);
    if (check.run === undefined && watch !== undefined && watch.judged === 0) {
      return end(
        'inconclusive',
        `saw no answer it could judge among the run's ${env.client.count} exchanges`,
      );
    }
  } catch (error) {
    const stopped = stoppedBy(error, options.cancelledBy?.());
    if (stopped !== undefined) return end(stopped.outcome, stopped.reason, [], elapsed(started));
    return end(
      'inconclusive',
      `the kit's check threw (a kit bug, please report it): ${error instanceof Error ? error.message : String(error)}`,
      [],
      elapsed(started),
    );
  }
  failures = distinctFailures(failures);
  const outcome = outcomeOf(failures, env.settings.strict);
  return end(outcome, describe(outcome, failures, requestsSent(ctx)), failures, elapsed(started));
}

/** The watched failures, the unlisted ones counted in one more failure. */
function watchedFailures(watch: Watch): Failure[] {
  if (watch.broken !== undefined) throw new Error(watch.broken);
  const first = watch.unlisted;
  if (first === undefined) return watch.failures;
  const contract =
    watch.failures.some((failure) => failure.source === 'contract') || first.source === 'contract';
  return [
    ...watch.failures,
    {
      ...first,
      source: contract ? 'contract' : 'convention',
      message: `${watch.unlistedCount} more exchanges break the same rules (not listed)`,
    },
  ];
}

/** Why a check ended without a verdict of its own: skipped or inconclusive, with the reason. */
function stoppedBy(
  error: unknown,
  cancelled: string | undefined,
): { outcome: Outcome; reason: string } | undefined {
  const stop = cancelled === undefined ? 'the --deadline passed' : `the run was cancelled (${cancelled})`;
  if (error instanceof CheckSkipped) return { outcome: 'skipped', reason: error.reason };
  if (error instanceof CheckInconclusive) return { outcome: 'inconclusive', reason: error.reason };
  if (error instanceof DeadlinePassed) return { outcome: 'inconclusive', reason: stop };
  if (!(error instanceof TransportError)) return undefined;
  const { method, url } = error.request;
  const reason =
    error.kind === 'deadline'
      ? `${stop} before ${method} ${url} was answered`
      : error.kind === 'unaffordable-wait'
        ? `${method} ${url}: ${error.code}`
        : error.kind === 'body-too-large'
          ? `${method} ${url}: ${error.code}`
          : `${method} ${url} got no answer: ${error.code}${method === 'POST' ? '' : ' (after one retry)'}`;
  return { outcome: 'inconclusive', reason };
}

/** The same broken rule told twice (a shared page seen by two paths) is listed once. */
export function distinctFailures(failures: readonly Failure[]): Failure[] {
  const seen = new Set<string>();
  return failures.filter((failure) => {
    const key = `${failure.rule}\u0000${failure.message}\u0000${failure.request?.url ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function describe(outcome: Outcome, failures: readonly Failure[], sent: number): string {
  if (outcome === 'passed')
    return sent === 0 ? 'all rules held' : `all rules held (${sent} request${sent === 1 ? '' : 's'})`;
  const first = failures[0]?.message ?? '';
  return failures.length > 1 ? `${first} (and ${failures.length - 1} more)` : first;
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

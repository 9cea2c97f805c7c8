import { performance } from 'node:perf_hooks';
import { TransportError } from './client.js';
import { curlCommand, redactHeaders } from './curl.js';
import {
  CheckSkipped,
  type Check,
  type CheckResult,
  type Failure,
  type Outcome,
  type Summary,
} from './check.js';
import { buildFailure, createContext, type RunEnvironment } from './context.js';
import type { PlannedCheck } from './plan.js';
import type { Reporter, RunPlan, RunSummary } from './reporters/reporter.js';

/** failed when any contract rule broke (or any rule under --strict), warned when only conventions broke. */
export function outcomeOf(failures: readonly Failure[], strict: boolean): Outcome {
  if (failures.length === 0) return 'passed';
  return strict || failures.some((failure) => failure.source === 'contract') ? 'failed' : 'warned';
}

/** 1 when any check failed, else 0 (usage and reachability errors are the CLI's 2). */
export function exitCode(counts: Summary): 0 | 1 {
  return counts.failed > 0 ? 1 : 0;
}

export function countOutcomes(results: readonly Pick<CheckResult, 'outcome'>[]): Summary {
  const counts: Summary = { passed: 0, failed: 0, warned: 0, skipped: 0 };
  for (const result of results) counts[result.outcome]++;
  return counts;
}

/** Runs the planned checks one after another, in plan order, and tells every reporter as it goes. */
export async function runChecks(
  plan: RunPlan,
  env: RunEnvironment,
  reporters: readonly Reporter[],
): Promise<RunSummary> {
  const started = performance.now();
  for (const reporter of reporters) reporter.start(plan);
  const results: CheckResult[] = [];
  for (const planned of plan.checks) {
    const result = await runOne(planned, env);
    results.push(result);
    for (const reporter of reporters) reporter.onResult(result);
  }
  const summary: RunSummary = {
    plan,
    counts: countOutcomes(results),
    results,
    requests: env.client.exchanges.length,
    ms: Math.round(performance.now() - started),
  };
  for (const reporter of reporters) await reporter.finish(summary);
  return summary;
}

async function runOne(planned: PlannedCheck, env: RunEnvironment): Promise<CheckResult> {
  const { check } = planned;
  if (planned.skipReason !== undefined) {
    return { check, outcome: 'skipped', message: planned.skipReason, failures: [], ms: 0 };
  }
  const started = performance.now();
  const sentBefore = env.client.exchanges.length;
  let failures: Failure[];
  try {
    failures = await check.run(createContext(env, check));
  } catch (error) {
    if (error instanceof CheckSkipped) {
      return { check, outcome: 'skipped', message: error.reason, failures: [], ms: elapsed(started) };
    }
    failures = [thrownFailure(check, env, error)];
  }
  const outcome = outcomeOf(failures, env.settings.strict);
  const sent = env.client.exchanges.length - sentBefore;
  return { check, outcome, message: describe(outcome, failures, sent), failures, ms: elapsed(started) };
}

/** A check that throws never crashes the run: it fails with the error (a lost connection shows its request). */
function thrownFailure(check: Check, env: RunEnvironment, error: unknown): Failure {
  const transport = error instanceof TransportError;
  const failure = buildFailure(check, env.settings.secretHeaders, undefined, {
    rule: transport ? 'the server answers every request' : 'the check runs to completion',
    source: 'contract',
    message: transport
      ? error.message
      : `the check threw: ${error instanceof Error ? error.message : String(error)}`,
  });
  if (transport) {
    failure.request = {
      ...error.request,
      headers: redactHeaders(error.request.headers, env.settings.secretHeaders),
    };
    failure.curl = curlCommand(error.request, env.settings.secretHeaders);
  }
  return failure;
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

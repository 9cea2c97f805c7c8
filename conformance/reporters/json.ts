import { fingerprints } from '../baseline.js';
import type { RunSummary } from './reporter.js';
import { verdictOfSummary } from './run-notes.js';

/**
 * The JSON report: `{ summary: {passed, failed, warned, skipped, inconclusive}, run: {...}, results: [{check,
 * source, cites, outcome, message, failures}] }`; `run.aborted` says why a run that never started stopped, and
 * `fixed` lists --baseline failures no longer seen. It is also what --baseline reads.
 */
export function renderJson(summary: RunSummary): string {
  const report = {
    summary: summary.counts,
    run: {
      baseUrl: summary.plan.baseUrl,
      seed: summary.plan.seed,
      strict: summary.plan.strict,
      readOnly: summary.plan.readOnly,
      concurrency: summary.plan.concurrency,
      deadlineMs: summary.plan.deadlineMs,
      baseline: summary.plan.baseline,
      requests: summary.requests,
      ms: summary.ms,
      ...(summary.aborted === undefined ? {} : { aborted: summary.aborted }),
      outcome: verdictOfSummary(summary),
      ...(summary.verdictReason === undefined ? {} : { outcomeReason: summary.verdictReason }),
      ...(summary.cancelledBy === undefined ? {} : { cancelledBy: summary.cancelledBy }),
      allowInconclusive: summary.plan.allowInconclusive,
      ...(summary.transport === undefined ? {} : { client: summary.transport }),
    },
    ...(summary.coverage === undefined ? {} : { coverage: summary.coverage.dimensions }),
    results: summary.results.map((result) => ({
      check: result.check.id,
      title: result.check.title,
      family: result.check.family,
      operation: result.check.operation,
      source: result.check.source,
      cites: result.check.cites,
      outcome: result.outcome,
      message: result.message,
      ms: result.ms,
      failures: result.failures.map((failure) => ({ ...failure, fingerprints: fingerprints(failure) })),
    })),
    ...(summary.fixed === undefined ? {} : { fixed: summary.fixed }),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

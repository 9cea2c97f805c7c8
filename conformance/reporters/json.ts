import type { RunSummary } from './reporter.js';

/**
 * The JSON report: `{ summary: {passed, failed, warned, skipped}, results: [{check, operation, outcome,
 * message, ...}] }` plus run facts (base URL, seed) so a run can be repeated.
 */
export function renderJson(summary: RunSummary): string {
  const report = {
    summary: summary.counts,
    run: {
      baseUrl: summary.plan.baseUrl,
      seed: summary.plan.seed,
      strict: summary.plan.strict,
      readOnly: summary.plan.readOnly,
      requests: summary.requests,
      ms: summary.ms,
    },
    results: summary.results.map((result) => ({
      check: result.check.id,
      title: result.check.title,
      family: result.check.family,
      operation: result.check.operation,
      source: result.check.source,
      outcome: result.outcome,
      message: result.message,
      ms: result.ms,
      failures: result.failures,
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

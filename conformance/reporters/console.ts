import type { CheckResult, Failure, Outcome } from '../check.js';
import { formatValue, groupByFamily } from './group-by-family.js';
import type { Reporter, RunPlan, RunSummary } from './reporter.js';

export const OUTCOME_MARKS: Record<Outcome, string> = { passed: '✓', failed: '✗', warned: '!', skipped: '-' };

/** Schema errors shown per failure; the JSON report keeps them all. */
const SCHEMA_ERRORS_SHOWN = 10;

/** Progress while the run goes (one line per check), then failures, warnings and a summary per family. */
export function consoleReporter(write: (text: string) => void): Reporter {
  return {
    start(plan: RunPlan) {
      const toRun = plan.checks.filter((planned) => planned.skipReason === undefined).length;
      const flags = [plan.strict ? 'strict' : '', plan.readOnly ? 'read-only' : ''].filter(
        (flag) => flag !== '',
      );
      write(
        `subcat check ${plan.baseUrl} — ${toRun} of ${plan.checks.length} checks, seed ${plan.seed}` +
          `${flags.length > 0 ? ` (${flags.join(', ')})` : ''}\n`,
      );
    },
    onResult(result: CheckResult) {
      write(`${progressLine(result)}\n`);
    },
    finish(summary: RunSummary) {
      write(renderConsoleSummary(summary));
    },
  };
}

export function progressLine(result: CheckResult): string {
  const time = result.outcome === 'skipped' ? '' : ` (${result.ms} ms)`;
  return `  ${OUTCOME_MARKS[result.outcome]} ${result.check.id}  ${result.message}${time}`;
}

/** Everything after the progress lines. */
export function renderConsoleSummary(summary: RunSummary): string {
  const lines: string[] = [];
  for (const [outcome, heading] of [
    ['failed', 'Failures'],
    ['warned', 'Warnings (conventions of decisions.md; --strict makes them fail)'],
  ] as const) {
    const results = summary.results.filter((result) => result.outcome === outcome);
    if (results.length === 0) continue;
    lines.push('', heading);
    for (const result of results) {
      for (const failure of result.failures) lines.push(...failureLines(failure, OUTCOME_MARKS[outcome]));
    }
  }
  lines.push('', 'By family');
  const groups = groupByFamily(summary.results);
  const width = Math.max(6, ...groups.map((group) => group.family.length));
  lines.push(`  ${'family'.padEnd(width)}  passed  failed  warned  skipped`);
  for (const { family, counts } of groups) {
    lines.push(
      `  ${family.padEnd(width)}  ${String(counts.passed).padStart(6)}  ${String(counts.failed).padStart(6)}` +
        `  ${String(counts.warned).padStart(6)}  ${String(counts.skipped).padStart(7)}`,
    );
  }
  const { passed, failed, warned, skipped } = summary.counts;
  lines.push(
    '',
    `${failed > 0 ? 'FAILED' : 'OK'}: ${passed} passed, ${failed} failed, ${warned} warned, ${skipped} skipped` +
      ` — ${summary.requests} requests in ${(summary.ms / 1000).toFixed(1)} s (seed ${summary.plan.seed})`,
    '',
  );
  return lines.join('\n');
}

export function failureLines(failure: Failure, mark: string): string[] {
  const lines = [
    `  ${mark} ${failure.checkId}  ${failure.operation}  [${failure.source}]`,
    `      rule:     ${failure.rule}`,
    `      ${failure.message}`,
  ];
  if ('expected' in failure) lines.push(`      expected: ${formatValue(failure.expected)}`);
  if ('actual' in failure) lines.push(`      actual:   ${formatValue(failure.actual)}`);
  const schemaErrors = failure.schemaErrors ?? [];
  for (const error of schemaErrors.slice(0, SCHEMA_ERRORS_SHOWN)) {
    lines.push(
      `      schema:   ${error.instancePath === '' ? '(root)' : error.instancePath} ${error.keyword}: ${error.message}`,
    );
  }
  if (schemaErrors.length > SCHEMA_ERRORS_SHOWN) {
    lines.push(`      schema:   … ${schemaErrors.length - SCHEMA_ERRORS_SHOWN} more in the JSON report`);
  }
  if (failure.response !== undefined) lines.push(`      status:   ${failure.response.status}`);
  if (failure.curl !== undefined) lines.push(`      ${failure.curl}`);
  return lines;
}

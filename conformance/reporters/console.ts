import type { CheckResult, Failure, Outcome } from '../check.js';
import { formatValue } from './group-by-family.js';
import { escapeBidi } from './bidi.js';
import type { Reporter, RunPlan, RunSummary } from './reporter.js';
import { coverageLines, fixedText, transportLine, VERDICT_LABELS, verdictOfSummary } from './run-notes.js';

export const OUTCOME_MARKS: Record<Outcome, string> = {
  passed: '✓',
  failed: '✗',
  warned: '!',
  skipped: '-',
  inconclusive: '?',
};

const NOT_SELECTED = 'not selected by --only';

/** Failures told in full per failed check; the rest are counted (the reports hold them all). */
const TOLD_PER_CHECK = 1;

/**
 * One line per check as the run goes (checks --only leaves out in one line), then the full story of each failure
 * in three lines (check and source; rule and what was wrong; curl) and one summary line: a run of 10 failures
 * fits in under 150 lines.
 */
export function consoleReporter(print: (text: string) => void): Reporter {
  const write = (text: string) => print(escapeBidi(text));
  let unselected = 0;
  return {
    start(plan: RunPlan) {
      const toRun = plan.checks.filter((planned) => planned.skipReason === undefined).length;
      const flags = [
        plan.strict ? 'strict' : '',
        plan.readOnly ? 'read-only' : '',
        plan.concurrency === undefined ? '' : `concurrency ${plan.concurrency}`,
        plan.deadlineMs === undefined
          ? ''
          : plan.defaultDeadline === true
            ? `ends within ${Math.round(plan.deadlineMs / 1000)} s (the default bound; --deadline to change)`
            : `deadline ${Math.round(plan.deadlineMs / 1000)} s`,
        plan.baseline === undefined ? '' : `baseline ${plan.baseline}`,
      ].filter((flag) => flag !== '');
      write(
        `subcat check ${plan.baseUrl} — ${toRun} of ${plan.checks.length} checks, seed ${plan.seed}` +
          `${flags.length > 0 ? ` (${flags.join(', ')})` : ''}\n`,
      );
    },
    onResult(result: CheckResult) {
      if (result.message === NOT_SELECTED) unselected++;
      else write(`${progressLine(result)}\n`);
    },
    finish(summary: RunSummary) {
      if (unselected > 0) write(`  - ${unselected} other checks not selected by --only\n`);
      write(renderConsoleSummary(summary));
    },
  };
}

export function progressLine(result: CheckResult): string {
  const time = result.outcome === 'skipped' ? '' : ` (${result.ms} ms)`;
  const known =
    result.outcome === 'failed' && result.failures.every((f) => f.known === true) ? ' [known]' : '';
  return `  ${OUTCOME_MARKS[result.outcome]} ${result.check.id}${known}  ${result.message}${time}`;
}

/** Everything after the progress lines. */
export function renderConsoleSummary(summary: RunSummary): string {
  const lines: string[] = [];
  const failed = summary.results.filter((result) => result.outcome === 'failed');
  if (failed.length > 0) lines.push('', 'Failures (every failure, request and response are in the reports)');
  for (const result of failed) {
    for (const failure of result.failures.slice(0, TOLD_PER_CHECK)) lines.push(...failureLines(failure, '✗'));
    const more = result.failures.length - TOLD_PER_CHECK;
    if (more > 0)
      lines.push(`      … and ${more} more failure${more === 1 ? '' : 's'} of ${result.check.id}`);
  }
  if (summary.fixed !== undefined && summary.fixed.length > 0) {
    lines.push('', `Fixed since the baseline (${summary.fixed.length}):`);
    for (const fixed of summary.fixed) lines.push(`  ${fixedText(fixed)}`);
  }
  const transport = transportLine(summary.transport);
  const coverage = coverageLines(summary.coverage);
  if (coverage.length > 0) lines.push('', 'Coverage', ...coverage.map((line) => `  ${line}`));
  if (transport !== undefined) lines.push('', transport);
  lines.push('', summaryLine(summary), '');
  return lines.join('\n');
}

/** `FAILED: 50 passed, 2 failed, ... — 612 requests in 4.1 s (seed 1)`. */
export function summaryLine(summary: RunSummary): string {
  const { passed, failed, warned, skipped, inconclusive } = summary.counts;
  const known = summary.results.filter(
    (result) => result.outcome === 'failed' && result.failures.every((failure) => failure.known === true),
  ).length;
  const verdict = VERDICT_LABELS[verdictOfSummary(summary)];
  const reason = summary.verdictReason === undefined ? '' : ` (${summary.verdictReason})`;
  return (
    `${verdict}${reason}: ${passed} passed, ${failed} failed${known > 0 ? ` (${known} known)` : ''}, ${warned} warned, ` +
    `${inconclusive} inconclusive, ${skipped} skipped` +
    ` — ${summary.requests} requests in ${(summary.ms / 1000).toFixed(1)} s (seed ${summary.plan.seed})`
  );
}

/** Three lines: check, operation, source and the line it rests on; the rule and what was wrong; a curl line. */
export function failureLines(failure: Failure, mark: string): string[] {
  const parts = [`${failure.rule} — ${failure.message}`];
  const first = failure.schemaErrors?.[0];
  if (first !== undefined)
    parts.push(
      `${first.instancePath === '' ? '(root)' : first.instancePath} ${first.keyword}: ${first.message}`,
    );
  else {
    if ('expected' in failure) parts.push(`expected ${formatValue(failure.expected, 120)}`);
    if ('actual' in failure) parts.push(`actual ${formatValue(failure.actual, 120)}`);
  }
  if (failure.response !== undefined) parts.push(`status ${failure.response.status}`);
  const lines = [
    `  ${mark} ${failure.checkId}  ${failure.operation}  [${failure.source}] ${failure.cites}${failure.known === true ? '  [known]' : ''}`,
    `      ${parts.join(' · ')}`,
  ];
  if (failure.curl !== undefined) lines.push(`      ${failure.curl}`);
  return lines;
}

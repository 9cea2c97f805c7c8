import type { CheckResult, Failure } from '../check.js';
import { formatValue, groupByFamily, schemaLines } from './group-by-family.js';
import type { RunSummary } from './reporter.js';
import { coverageLines, transportLine, VERDICT_LABELS, verdictOfSummary } from './run-notes.js';
import { escapeXml } from './xml-escape.js';

/**
 * JUnit XML as CI servers read it: one testsuite per family, one testcase per check. Failed checks carry one
 * <failure> listing every broken rule; skipped and inconclusive ones <skipped>. A warned check carries a
 * <failure type="warning">: GitLab's test tab, Jenkins' test result page and GitHub's JUnit actions
 * (dorny/test-reporter, mikepenz/action-junit-report) show a testcase as passed, failed/errored or skipped and
 * open <system-out> only on a test's detail page, so a warning kept in <system-out> or <properties> is never
 * seen, and one as <skipped> reads as "not run". A failure is what they list; its type and message say it is a
 * warning, and the kit's exit code (0) still decides the build (Jenkins shows it as "unstable", its own word for
 * a build with warnings). A run that is incomplete, cancelled or a set-up error adds a `run` testcase failing with why.
 */
export function renderJunit(summary: RunSummary): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const verdict = verdictOfSummary(summary);
  const aborted =
    summary.aborted ??
    (verdict === 'incomplete' || verdict === 'cancelled' || verdict === 'setup'
      ? `${VERDICT_LABELS[verdict]}: ${summary.verdictReason ?? verdict}`
      : undefined);
  const failing = (result: CheckResult) =>
    (result.outcome === 'failed' && !knownOnly(result)) || result.outcome === 'warned';
  const quiet = (result: CheckResult) =>
    !failing(result) && ['skipped', 'inconclusive', 'failed'].includes(result.outcome);
  const failures = summary.results.filter(failing).length + (aborted === undefined ? 0 : 1);
  const skipped = summary.results.filter(quiet).length;
  const total = summary.results.length + (aborted === undefined ? 0 : 1);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="subcat check" tests="${total}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(summary.ms)}">`,
  ];
  const transport = transportLine(summary.transport);
  const coverage = coverageLines(summary.coverage);
  if (aborted !== undefined) {
    // A run that never started still shows in the CI's test tab, with the reason as its one failure.
    out.push(
      '  <testsuite name="run" tests="1" failures="1" errors="0" skipped="0" time="0.000">',
      `    <testcase classname="subcat.run" name="${summary.aborted === undefined ? 'run.complete' : 'run.start'}" time="0.000">`,
      `      <failure message="${escapeXml(aborted)}" type="run">${escapeXml(aborted)}</failure>`,
      '    </testcase>',
      '  </testsuite>',
    );
  }
  if (transport !== undefined || coverage.length > 0) {
    // Retries, waits and coverage belong to the run, not a check: the first suite's output carries them.
    out.push(
      `  <testsuite name="run notes" tests="0" failures="0" errors="0" skipped="0" time="0.000">`,
      `    <system-out>${escapeXml([transport ?? '', ...coverage].join('\n'))}</system-out>`,
      '  </testsuite>',
    );
  }
  for (const group of groupByFamily(summary.results)) {
    const ms = group.results.reduce((sum, result) => sum + result.ms, 0);
    out.push(
      `  <testsuite name="${escapeXml(group.family)}" tests="${group.results.length}" failures="${group.results.filter(failing).length}"` +
        ` errors="0" skipped="${group.results.filter(quiet).length}" time="${seconds(ms)}">`,
    );
    for (const result of group.results) out.push(...testcase(result, seconds(result.ms)));
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}

function testcase(result: CheckResult, time: string): string[] {
  const open = `    <testcase classname="subcat.${escapeXml(result.check.family)}" name="${escapeXml(result.check.id)}" time="${time}">`;
  switch (result.outcome) {
    case 'passed':
      return [open.replace(/>$/, '/>')];
    case 'skipped':
      return [open, `      <skipped message="${escapeXml(result.message)}"/>`, '    </testcase>'];
    case 'inconclusive':
      // Not a pass and not the server's failure: CI shows it as skipped, with why the kit could not judge.
      return [
        open,
        `      <skipped message="${escapeXml(`inconclusive: ${result.message}`)}"/>`,
        '    </testcase>',
      ];
    case 'warned': {
      const first = result.failures[0];
      const message = `warning (a decisions.md convention; does not fail the run): ${first === undefined ? result.message : `${first.rule}: ${first.message}`}`;
      return [
        open,
        `      <failure message="${escapeXml(message)}" type="warning">` +
          `${escapeXml(result.failures.map((failure) => `warning: ${failureText(failure)}`).join('\n\n'))}</failure>`,
        '    </testcase>',
      ];
    }
    case 'failed': {
      if (knownOnly(result)) {
        return [
          open,
          `      <skipped message="${escapeXml(`known failure (--baseline): ${result.message}`)}"/>`,
          `      <system-out>${escapeXml(result.failures.map(failureText).join('\n\n'))}</system-out>`,
          '    </testcase>',
        ];
      }
      // One <failure> per testcase (the common JUnit schema allows one); every broken rule is in its text.
      const first = result.failures[0];
      const message =
        first === undefined ? result.message : `[${first.source}] ${first.rule}: ${first.message}`;
      const more = result.failures.length > 1 ? ` (and ${result.failures.length - 1} more)` : '';
      return [
        open,
        `      <failure message="${escapeXml(message + more)}" type="${escapeXml(first?.source ?? 'contract')}">` +
          `${escapeXml(result.failures.map(failureText).join('\n\n'))}</failure>`,
        '    </testcase>',
      ];
    }
  }
}

/** A failed check whose every failure the --baseline already knew: it does not fail the run. */
function knownOnly(result: CheckResult): boolean {
  return result.failures.length > 0 && result.failures.every((failure) => failure.known === true);
}

function failureText(failure: Failure): string {
  const lines = [
    `${failure.checkId} ${failure.operation} [${failure.source}]${failure.known === true ? ' [known]' : ''}`,
    `rule: ${failure.rule}`,
    `source: ${failure.cites}`,
    failure.message,
  ];
  if ('expected' in failure) lines.push(`expected: ${formatValue(failure.expected)}`);
  if ('actual' in failure) lines.push(`actual: ${formatValue(failure.actual)}`);
  for (const line of schemaLines(failure, 20)) lines.push(`schema: ${line}`);
  if (failure.response !== undefined) lines.push(`status: ${failure.response.status}`);
  if (failure.curl !== undefined) lines.push(failure.curl);
  return lines.join('\n');
}

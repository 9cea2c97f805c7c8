import type { CheckResult, Failure } from '../check.js';
import { formatValue, groupByFamily } from './group-by-family.js';
import type { RunSummary } from './reporter.js';
import { escapeXml } from './xml-escape.js';

/**
 * JUnit XML as CI servers read it: one testsuite per family, one testcase per check. Failed checks carry one
 * <failure> listing every broken rule; skipped ones <skipped>; warned ones pass (CI must not go red on a convention)
 * and list their warnings in <system-out>.
 */
export function renderJunit(summary: RunSummary): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const { counts } = summary;
  const total = counts.passed + counts.failed + counts.warned + counts.skipped;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="subcat check" tests="${total}" failures="${counts.failed}" errors="0" skipped="${counts.skipped}" time="${seconds(summary.ms)}">`,
  ];
  for (const group of groupByFamily(summary.results)) {
    const ms = group.results.reduce((sum, result) => sum + result.ms, 0);
    out.push(
      `  <testsuite name="${escapeXml(group.family)}" tests="${group.results.length}" failures="${group.counts.failed}"` +
        ` errors="0" skipped="${group.counts.skipped}" time="${seconds(ms)}">`,
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
    case 'warned':
      return [
        open,
        `      <system-out>${escapeXml(result.failures.map((failure) => `warning: ${failureText(failure)}`).join('\n\n'))}</system-out>`,
        '    </testcase>',
      ];
    case 'failed': {
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

function failureText(failure: Failure): string {
  const lines = [
    `${failure.checkId} ${failure.operation} [${failure.source}]`,
    `rule: ${failure.rule}`,
    failure.message,
  ];
  if ('expected' in failure) lines.push(`expected: ${formatValue(failure.expected)}`);
  if ('actual' in failure) lines.push(`actual: ${formatValue(failure.actual)}`);
  for (const error of failure.schemaErrors ?? []) {
    lines.push(
      `schema: ${error.instancePath === '' ? '(root)' : error.instancePath} ${error.keyword}: ${error.message}`,
    );
  }
  if (failure.response !== undefined) lines.push(`status: ${failure.response.status}`);
  if (failure.curl !== undefined) lines.push(failure.curl);
  return lines.join('\n');
}

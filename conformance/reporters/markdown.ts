import { OUTCOMES, type Failure } from '../check.js';
import { summaryLine } from './console.js';
import { formatValue, groupByFamily, SEVERITY } from './group-by-family.js';
import type { RunSummary } from './reporter.js';
import { coverageLines, transportLine } from './run-notes.js';

/** GitHub refuses comments over 65,536 characters: the report stops short of that and says so. */
export const MARKDOWN_LIMIT = 60_000;

/**
 * Markdown for a CI job summary (`$GITHUB_STEP_SUMMARY`) or a pull-request comment: the verdict, a table by
 * family, then each failure with its rule, source and curl line; warnings and inconclusive checks in one
 * line each. Cut (and said so) before a comment's size limit.
 */
export function renderMarkdown(summary: RunSummary): string {
  const order = OUTCOMES.slice().sort((a, b) => SEVERITY[a] - SEVERITY[b]);
  const lines: string[] = [`## subcat check: ${summary.plan.baseUrl}`, ''];
  if (summary.aborted !== undefined) {
    lines.push(`**The run did not start:** ${inline(summary.aborted)}`, '');
    return lines.join('\n');
  }
  lines.push(`**${summaryLine(summary)}**`, '');
  lines.push(`| family | ${order.join(' | ')} |`, `|---|${order.map(() => '--:').join('|')}|`);
  for (const group of groupByFamily(summary.results, true)) {
    lines.push(
      `| ${group.family} | ${order.map((outcome) => cell(group.counts[outcome], outcome)).join(' | ')} |`,
    );
  }
  if (summary.fixed !== undefined && summary.fixed.length > 0) {
    lines.push('', `### Fixed since the baseline (${summary.fixed.length})`, '');
    for (const fixed of summary.fixed)
      lines.push(`- \`${fixed.check}\`: ${inline(fixed.rule)} (${inline(fixed.where)})`);
  }
  const transport = transportLine(summary.transport);
  if (transport !== undefined) lines.push('', inline(transport));
  const coverage = coverageLines(summary.coverage);
  if (coverage.length > 0) {
    lines.push('', '<details><summary>Coverage</summary>', '');
    for (const line of coverage) lines.push(`- ${inline(line)}`);
    lines.push('', '</details>');
  }
  const failed = summary.results.filter((result) => result.outcome === 'failed');
  if (failed.length > 0) lines.push('', `### Failures (${failed.length})`);
  for (const result of failed) {
    for (const failure of result.failures) lines.push('', ...failureLines(failure));
  }
  for (const outcome of ['warned', 'inconclusive'] as const) {
    const results = summary.results.filter((result) => result.outcome === outcome);
    if (results.length === 0) continue;
    lines.push(
      '',
      `### ${outcome === 'warned' ? 'Warnings (decisions.md conventions)' : 'Inconclusive'} (${results.length})`,
      '',
    );
    for (const result of results) lines.push(`- \`${result.check.id}\`: ${inline(result.message)}`);
  }
  return `${cut(lines.join('\n'))}\n`;
}

function cell(count: number, outcome: string): string {
  if (count === 0) return '0';
  return outcome === 'failed' ? `**${count}** ❌` : outcome === 'warned' ? `${count} ⚠️` : String(count);
}

function failureLines(failure: Failure): string[] {
  const lines = [
    `#### \`${failure.checkId}\` (${failure.operation})${failure.known === true ? ' — known (baseline)' : ''}`,
    '',
    `- **rule:** ${inline(failure.rule)}`,
    `- **source:** ${failure.source}: ${inline(failure.cites)}`,
    `- ${inline(failure.message)}`,
  ];
  if ('expected' in failure) lines.push(`- **expected:** \`${code(formatValue(failure.expected, 300))}\``);
  if ('actual' in failure) lines.push(`- **actual:** \`${code(formatValue(failure.actual, 300))}\``);
  const first = failure.schemaErrors?.[0];
  if (first !== undefined)
    lines.push(
      `- **schema:** \`${code(`${first.instancePath || '(root)'} ${first.keyword}: ${first.message}`)}\` (${failure.schemaErrorCount ?? 1} in all)`,
    );
  if (failure.curl !== undefined) lines.push('', '```sh', failure.curl.replaceAll('```', '` ` `'), '```');
  return lines;
}

/** Text safe on one Markdown line: no line breaks, no stray table pipes or HTML. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[|<>]/g, (c) => `\\${c}`);
}

function code(text: string): string {
  return text.replace(/\s+/g, ' ').replaceAll('`', "'");
}

function cut(text: string): string {
  if (text.length <= MARKDOWN_LIMIT) return text;
  const end = text.lastIndexOf('\n', MARKDOWN_LIMIT);
  const head = text.slice(0, end);
  // An open code fence would swallow the note.
  const fenced = (head.match(/^```/gm) ?? []).length % 2 === 1 ? '\n```' : '';
  return `${head}${fenced}\n\n_… cut at ${MARKDOWN_LIMIT} characters: the JSON and HTML reports hold everything._`;
}

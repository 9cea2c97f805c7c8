import type { BenchResults, CaseResult, TargetVerdict } from './bench-results.js';
import type { LoadResult } from './load-run.js';

export const README_START = '<!-- bench:start -->';
export const README_END = '<!-- bench:end -->';

const rate = (r: LoadResult | null) => (r === null ? 'n/a' : r.requestsPerSecond.toLocaleString('en-US'));
const ms = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(value < 10 ? 2 : 1);
const kb = (bytes: number | null) => (bytes === null ? 'n/a' : (bytes / 1024).toFixed(1));
const failed = (r: LoadResult | null) => (r === null ? 'n/a' : `${r.errors} / ${r.non2xx}`);

function ratio(a: LoadResult | null, b: LoadResult | null): string {
  if (a === null || b === null || b.requestsPerSecond <= 0) return 'n/a';
  const x = a.requestsPerSecond / b.requestsPerSecond;
  return `${x.toFixed(x < 10 ? 2 : 1)}x`;
}

function share(a: LoadResult | null, ceiling: LoadResult | null): string {
  if (a === null || ceiling === null || ceiling.requestsPerSecond <= 0) return 'n/a';
  return `${Math.round((a.requestsPerSecond / ceiling.requestsPerSecond) * 100)}%`;
}

/** The main table: one row per case and store size. */
export function renderCaseTable(cases: readonly CaseResult[]): string {
  const rows = cases.map((c) =>
    [
      c.title,
      c.store,
      kb(c.bodyBytes.subcat),
      rate(c.subcat),
      ms(c.subcat?.p50Ms),
      ms(c.subcat?.p99Ms),
      failed(c.subcat),
      rate(c.ceiling),
      ms(c.ceiling?.p99Ms),
      share(c.subcat, c.ceiling),
      rate(c.prism),
      ms(c.prism?.p99Ms),
      kb(c.bodyBytes.prism),
      ratio(c.subcat, c.prism),
    ].join(' | '),
  );
  return [
    '| case | store | body KB | subcat req/s | p50 ms | p99 ms | errors / non-2xx | ceiling req/s | ceiling p99 ms | subcat / ceiling | Prism req/s | Prism p99 ms | Prism body KB | subcat / Prism |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

function renderStartup(results: BenchResults): string {
  return [
    '| store | subscriptions | products per release | start-up (spawn to listening, median) | start-ups | RSS after seeding | peak RSS |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...results.stores.map(
      (s) =>
        `| ${s.store} | ${s.subscriptions.toLocaleString('en-US')} | ${s.products.toLocaleString('en-US')} | ` +
        `${(s.startupMs / 1000).toFixed(2)} s | ${s.startupSamplesMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s | ` +
        `${s.rssMb ?? 'n/a'} MB | ${s.peakRssMb ?? 'n/a'} MB |`,
    ),
  ].join('\n');
}

function renderCheck(results: BenchResults): string {
  const check = results.check;
  if (check === null) return '`subcat check` against the local mock: not run.';
  return `\`subcat check\` against the local mock (small store): ${(check.durationMs / 1000).toFixed(2)} s, exit ${check.exitCode ?? 'none'}.`;
}

function rounds({ rounds, warmup, duration }: BenchResults['settings']): string {
  const run = `${warmup} s warm-up then ${duration} s measured`;
  if (rounds <= 1) return `${run} per case and server`;
  return (
    `${rounds} rounds per case and server, each ${run}, servers alternating within a round and each round ` +
    'starting with the next server; ' +
    'shown: the round with the median req/s, with its own latencies (errors and non-2xx summed over all rounds)'
  );
}

function renderMachine(results: BenchResults): string {
  const { machine, settings } = results;
  return (
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node} (${machine.platform}), ${results.date}; ` +
    `1-minute load average ${machine.loadAverage.before.toFixed(2)} before, ${machine.loadAverage.after.toFixed(2)} after. ` +
    `${settings.connections} connections, loopback; ${rounds(settings)}.`
  );
}

function countVerdicts(results: BenchResults): string {
  const count = (v: string) => results.targets.filter((t) => t.verdict === v).length;
  const beyond = results.targets.filter((t) => t.verdict === 'MISS' && t.ceiling?.verdict === 'MISS').length;
  const misses =
    beyond === 0 ? `${count('MISS')} MISS` : `${count('MISS')} MISS (${beyond} missed by the ceiling too)`;
  return `Targets: ${count('PASS')} PASS, ${misses}, ${count('n/a')} n/a.`;
}

/**
 * One target's line. The ceiling's own figure on the same target says whether a miss is the mock's work or
 * beyond what these bytes, this load generator and this machine allow whatever the server does.
 */
export function renderTargetLine(t: TargetVerdict): string {
  const line = `${t.verdict} ${t.target}: ${t.subject}: ${t.actual}`;
  if (t.ceiling === undefined) return line;
  const reach = t.ceiling.verdict === 'PASS' ? 'meets it' : 'misses it too';
  return `${line}; the ceiling: ${t.ceiling.actual}, ${reach}`;
}

/** The whole of bench/results.md. */
export function renderResultsMarkdown(results: BenchResults): string {
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); do not edit by hand.',
    '',
    renderMachine(results),
    '',
    'Each server runs in its own child process; autocannon drives it from the runner process, one server at a time, ' +
      'alternating servers within each round of a case so drift hits all alike. The ceiling is a bare `node:http` server replaying ' +
      "the mock's own captured response for the case. Prism (`prism mock -v silent`) answers from the spec's " +
      'examples whatever the store holds, so it is measured once per case and shown on both sizes. ' +
      "p50/p99 are computed from every response time (not autocannon's whole-millisecond histogram). " +
      'With a fixed number of closed-loop connections the mean latency is about connections / req/s ' +
      '(50 connections at 10,000 req/s: 5 ms), so a p99 target is also a throughput target; ' +
      "the ceiling's p99 shows what the same bytes allow on this machine. " +
      'The 1-minute load average above says how busy the machine was with other work.',
    '',
    renderCaseTable(results.cases),
    '',
    renderStartup(results),
    '',
    renderCheck(results),
    '',
    '## Targets (issue 6)',
    '',
    countVerdicts(results),
    '',
    ...results.targets.map((t) => `- ${renderTargetLine(t)}`),
    '',
    ...notes(results),
  ].join('\n');
}

function notes(results: BenchResults): string[] {
  const lines = results.cases.flatMap((c) => c.notes.map((n) => `- ${c.title} (${c.store}): ${n}`));
  return lines.length === 0 ? [] : ['## Notes', '', ...lines, ''];
}

/** The block between the README markers: the table and the start-up figures. */
export function renderReadmeBlock(results: BenchResults): string {
  return [
    README_START,
    renderMachine(results),
    '',
    renderCaseTable(results.cases),
    '',
    renderStartup(results),
    '',
    renderCheck(results),
    '',
    `${countVerdicts(results)} Details: [bench/results.md](bench/results.md).`,
    README_END,
  ].join('\n');
}

const SECTION_INTRO = [
  '## Performance',
  '',
  '`npm run bench` starts the mock (a small store: 1,000 subscriptions and 1,000 products per release; a large one: ' +
    "100,000 and 10,000), Prism's mock of the same spec and a bare `node:http` ceiling, each in its own process, and " +
    'drives them with autocannon (50 connections). `npm run bench -- --quick` is shorter; `--help` lists the options. ' +
    'The latest run:',
  '',
].join('\n');

/**
 * README.md with the benchmark block replaced: between the markers when they exist, else the block is put
 * under an existing `## Performance` heading, else a new section is appended at the end.
 */
export function replaceReadmeSection(readme: string, block: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start >= 0 && end > start)
    return readme.slice(0, start) + block + readme.slice(end + README_END.length);
  const heading = /^## Performance[ \t]*$/m.exec(readme);
  if (heading !== null) {
    const afterHeading = heading.index + heading[0].length;
    const next = readme.slice(afterHeading).search(/^## /m);
    const sectionEnd = next < 0 ? readme.length : afterHeading + next;
    const tail = readme.slice(sectionEnd);
    return `${readme.slice(0, heading.index)}${SECTION_INTRO}\n${block}\n${tail === '' ? '' : `\n${tail}`}`;
  }
  const separator = readme === '' || readme.endsWith('\n\n') ? '' : readme.endsWith('\n') ? '\n' : '\n\n';
  return `${readme}${separator}${SECTION_INTRO}\n${block}\n`;
}

import type { BenchResults, CaseResult, ServerRole, TargetVerdict } from './bench-results.js';
import { pairedRatio, type Measurement } from './measurement.js';
import type { ProbeResult, ProbeRow } from './probes/probe.js';

type Cell = Measurement | null | undefined;

const SERVER_NAMES: Readonly<Record<ServerRole, string>> = {
  subcat: 'subcat',
  ceiling: 'ceiling',
  before: 'before',
  prism: 'Prism',
};

/** '—' where a server was not part of the case, 'n/a' where it failed, else the figure. */
function cell(m: Cell, show: (m: Measurement) => string): string {
  if (m === undefined) return '—';
  return m === null ? 'n/a' : show(m);
}
const cpu = (m: Cell) => cell(m, (x) => (x.cpuUsPerRequest === null ? 'n/a' : x.cpuUsPerRequest.toFixed(1)));
const rate = (m: Cell) => cell(m, (x) => x.requestsPerSecond.toLocaleString('en-US'));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : 'n/a');
const p99 = (m: Cell) => cell(m, (x) => ms(x.p99Ms));
const kb = (bytes: number | undefined) => (bytes === undefined ? '—' : (bytes / 1024).toFixed(1));

function ratio(mine: Cell, theirs: Cell): string {
  if (mine === undefined || theirs === undefined) return '—';
  const paired = mine === null || theirs === null ? null : pairedRatio(mine, theirs);
  return paired === null ? 'n/a' : `${paired.toFixed(2)}x`;
}

const hasBefore = (results: BenchResults) => results.builds.some((b) => b.label === 'before');

function table(header: string[], align: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${align.join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** Server CPU per request, per case and store: the table the GET and write targets read. */
export function renderCpuTable(cases: readonly CaseResult[], withBefore: boolean): string {
  const m = (c: CaseResult, role: ServerRole) => c.measurements[role];
  return table(
    [
      'case',
      'store',
      'body KB',
      'subcat µs/req',
      'ceiling µs/req',
      'subcat / ceiling',
      ...(withBefore ? ['before µs/req', 'subcat / before'] : []),
      'Prism µs/req',
      'Prism body KB',
    ],
    ['---', '---', '--:', '--:', '--:', '--:', ...(withBefore ? ['--:', '--:'] : []), '--:', '--:'],
    cases.map((c) => [
      c.title,
      c.store,
      kb(c.bodyBytes.subcat),
      cpu(m(c, 'subcat')),
      cpu(m(c, 'ceiling')),
      ratio(m(c, 'subcat'), m(c, 'ceiling')),
      ...(withBefore ? [cpu(m(c, 'before')), ratio(m(c, 'subcat'), m(c, 'before'))] : []),
      cpu(m(c, 'prism')),
      kb(c.bodyBytes.prism),
    ]),
  );
}

/** What the load generator saw: rates and latencies, bounded by autocannon sharing the machine. */
export function renderRateTable(cases: readonly CaseResult[], withBefore: boolean): string {
  const roles: ServerRole[] = ['ceiling', ...(withBefore ? (['before'] as const) : []), 'prism'];
  return table(
    [
      'case',
      'store',
      'subcat req/s',
      'p50 ms',
      'p99 ms',
      ...roles.flatMap((r) => [`${SERVER_NAMES[r]} req/s`, `${SERVER_NAMES[r]} p99 ms`]),
      'subcat errors / non-2xx',
    ],
    ['---', '---', '--:', '--:', '--:', ...roles.flatMap(() => ['--:', '--:']), '--:'],
    cases.map((c) => {
      const subcat = c.measurements.subcat;
      return [
        c.title,
        c.store,
        rate(subcat),
        cell(subcat, (x) => ms(x.p50Ms)),
        p99(subcat),
        ...roles.flatMap((r) => [rate(c.measurements[r]), p99(c.measurements[r])]),
        cell(subcat, (x) => `${x.errors} / ${x.non2xx}`),
      ];
    }),
  );
}

function renderStartups(results: BenchResults): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  return table(
    [
      'build',
      'store',
      'subscriptions',
      'products per release',
      'start-up (median)',
      'start-ups',
      'RSS after seeding',
      'peak RSS',
    ],
    ['---', '---', '--:', '--:', '--:', '--:', '--:', '--:'],
    results.stores.map((s) => [
      s.build,
      s.store,
      s.subscriptions.toLocaleString('en-US'),
      s.products.toLocaleString('en-US'),
      `${seconds(s.startupMs)} s`,
      `${s.startupSamplesMs.map(seconds).join(', ')} s`,
      s.rssMb === null ? 'n/a' : `${s.rssMb} MB`,
      s.peakRssMb === null ? 'n/a' : `${s.peakRssMb} MB`,
    ]),
  );
}

function probeTarget(row: ProbeRow): string {
  const { atMost, atLeast } = row.target ?? {};
  const bounds = [
    ...(atLeast === undefined ? [] : [`>= ${atLeast}`]),
    ...(atMost === undefined ? [] : [`<= ${atMost}`]),
  ];
  return bounds.length === 0 ? '—' : `${bounds.join(' and ')} ${row.unit}`;
}

/** One probe: its rows as a table, or the error it ended on. */
export function renderProbe(probe: ProbeResult): string {
  const lines = [`### ${probe.title}`, ''];
  if (probe.rows.length > 0)
    lines.push(
      table(
        ['measure', 'build', 'value', 'samples', 'target', 'note'],
        ['---', '---', '--:', '--:', '--:', '---'],
        probe.rows.map((row) => [
          row.measure,
          row.build,
          row.value === null ? 'n/a' : `${row.value.toLocaleString('en-US')} ${row.unit}`,
          row.samples === undefined ? '—' : row.samples.join(', '),
          probeTarget(row),
          row.note ?? '',
        ]),
      ),
      '',
    );
  if (probe.error !== undefined) lines.push(`The probe failed: ${probe.error}`, '');
  return lines.join('\n');
}

/** One target's line. */
export function renderTargetLine(t: TargetVerdict): string {
  return `${t.verdict} ${t.target}: ${t.subject}: ${t.actual}`;
}

function countVerdicts(targets: readonly TargetVerdict[]): string {
  const count = (v: string) => targets.filter((t) => t.verdict === v).length;
  return `Targets: ${count('PASS')} PASS, ${count('MISS')} MISS, ${count('n/a')} n/a.`;
}

function renderMachine({ machine, settings, date }: BenchResults): string {
  return (
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node} (${machine.platform}), ${date}; ` +
    `1-minute load average ${machine.loadAverage.before.toFixed(2)} before, ${machine.loadAverage.after.toFixed(2)} after. ` +
    `${settings.connections} connections, loopback; ${settings.rounds} round${settings.rounds === 1 ? '' : 's'} per case and server, ` +
    `each ${settings.warmup} s warm-up then requests for about ${settings.cpuSeconds} s of server CPU; ` +
    `CPU read from /proc/PID/stat in ticks of ${1000 / settings.ticksPerSecond} ms.`
  );
}

const METHOD =
  'Each server runs in its own child process. In each round of a case, autocannon (in the runner process) loads ' +
  'subcat, the ceiling and `before` at the same time, phase by phase, so a slow stretch of the shared machine ' +
  'falls on all of them alike; Prism is measured alone after them. Every round runs on new processes of ' +
  'subcat, the ceiling and `before` (one process of a build kept its own cost for a while), each warmed up ' +
  'before it is measured. A measured run sends a fixed number of ' +
  'requests, set from the CPU per request of the warm-up just before it so that it costs the server about the ' +
  "CPU above, and reads the server's user + system CPU (all its threads) from /proc just before and after: CPU " +
  'per request does not depend on how fast the load generator can ask. Shown: the round with the median CPU per ' +
  "request (errors summed over all rounds); a ratio is the median of the rounds' ratios, each of two servers " +
  "loaded together. The ceiling is a bare `node:http` server replaying subcat's own captured bytes (head and " +
  'body) for the case. `before` is the mock built from another commit. Prism (`prism mock`) answers every list ' +
  "with its one static example, so it is measured only where that example is about the size of the mock's body " +
  '(the one-record page), once, and shown on both store rows.';

/** The whole of bench/results.md. */
export function renderResultsMarkdown(results: BenchResults): string {
  const withBefore = hasBefore(results);
  const notes = results.cases.flatMap((c) => c.notes.map((n) => `- ${c.title} (${c.store}): ${n}`));
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); do not edit by hand.',
    '',
    renderMachine(results),
    '',
    `Command: \`${results.command}\`.`,
    '',
    `Builds: ${results.builds.map((b) => `\`${b.label}\` is ${b.title}`).join('; ')}.`,
    '',
    METHOD,
    '',
    '## Server CPU per request',
    '',
    renderCpuTable(results.cases, withBefore),
    '',
    '## Rate and latency',
    '',
    'What the load generator saw. It shares the machine with the server, so these are bounded by it; ' +
      'the CPU figures above are not.',
    '',
    renderRateTable(results.cases, withBefore),
    '',
    '## Start-up and memory',
    '',
    renderStartups(results),
    '',
    '## Probes',
    '',
    ...(results.probes.length === 0 ? ['No probe ran.', ''] : results.probes.map(renderProbe)),
    '## Targets',
    '',
    countVerdicts(results.targets),
    '',
    ...results.targets.map((t) => `- ${renderTargetLine(t)}`),
    '',
    ...(notes.length === 0 ? [] : ['## Notes', '', ...notes, '']),
  ].join('\n');
}

import { parseArgs as parseTokens } from 'node:util';
import type { DefaultIds } from './spec.js';

export const REPORT_FORMATS = ['json', 'junit', 'html', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Everything a run is configured by; parsed from argv, never read from the environment. */
export interface KitOptions {
  /** Without user and password: those become `credentials`. */
  baseUrl: URL;
  /** From `http://user:password@host`: sent as Basic auth to the base URL's origin, redacted everywhere. */
  credentials: { username: string; password: string } | undefined;
  /** Extra request headers, in the order given (`--header 'Name: value'`). */
  headers: Array<[name: string, value: string]>;
  catalogId: string;
  releaseId: string;
  nodeId: string;
  /** Check ids or family prefixes to run (empty: all). */
  only: string[];
  /** Check ids or family prefixes to leave out. */
  skip: string[];
  strict: boolean;
  readOnly: boolean;
  timeoutMs: number;
  maxResponseMs: number | undefined;
  /** Undefined: the CLI draws a seed and reports it so the run can be repeated. */
  seed: number | undefined;
  reports: Array<{ format: ReportFormat; file: string }>;
  /** Bodies over this are dropped and fail robustness.body-size. */
  maxBodyBytes: number;
  /** The whole run's time limit (ms); checks not done by then end inconclusive. */
  deadlineMs: number | undefined;
  /** Checks of one phase run at once. */
  concurrency: number;
  /** Requests per second, across the run. */
  rate: number | undefined;
  /** A previous JSON report: its failures are known and do not fail the run. */
  baseline: string | undefined;
  /** How long create-then-find polls the list before failing. */
  consistencyMs: number;
  /** Inconclusive checks a run may have and still pass: a count or a share of the checks that ran. */
  allowInconclusive: { count: number } | { share: number };
  /** As given, for the reports (`0` when not given). */
  allowInconclusiveText: string;
  /** Generated cases of the generated.* checks. */
  generated: number;
  /** Runs generated case K alone (1-based), as a failure's replay line asks. */
  generatedCase: number | undefined;
}

export const DEFAULTS = {
  timeoutMs: 10_000,
  maxBodyBytes: 4 * 1024 * 1024,
  /** A far server needs many requests in flight; the client starts at a quarter and backs off on timeouts and 429/503. */
  concurrency: 32,
  consistencyMs: 5000,
  /** Without --deadline a run still ends: checks not done by then are inconclusive. */
  deadlineMs: 300_000,
  generated: 16,
} as const;

/** Seeds are 32-bit: the PRNG state is one uint32. */
export const MAX_SEED = 0xffffffff;

export type ParsedArgs =
  { kind: 'run'; options: KitOptions } | { kind: 'help' } | { kind: 'error'; message: string };

export const USAGE = `Usage: subcat check --base-url URL [options]

Calls an implementation of the subscriptions and catalog contract and reports, check by check,
where it breaks the contract (failed) or the conventions of decisions.md (warned).

Options:
  --base-url URL          implementation to check; may carry a path (http://host:8080/staging) and
                          credentials (http://user:password@host: sent as Basic auth, redacted everywhere)
  --header 'Name: value'  header sent on every request to the base URL's origin, never to another host
                          (repeatable; values are redacted wherever they appear in reports)
  --catalog-id ID         catalog for the node products checks   (default: fixtures/ids.json)
  --release-id ID         release, an id or "latest"             (default: the newest fixture release)
  --node-id ID            hierarchy node                          (default: fixtures/ids.json)
  --only IDS              comma-separated check ids or family prefixes to run
  --skip IDS              comma-separated check ids or family prefixes to leave out
  --strict                convention breaks fail instead of warn
  --read-only             skip every check that writes
  --timeout-ms N          per-request timeout (default 10000); an idempotent request is retried once
  --max-response-ms N     fail any response slower than N ms
  --max-body-bytes N      drop bodies over N bytes, failing robustness.body-size (default 4194304)
  --deadline DURATION     time limit of the whole run, e.g. 90s or 5m (default 5m, printed at the
                          start); checks not done by then are inconclusive, the reports still written;
                          a Retry-After longer than the time left is not waited for (inconclusive)
  --allow-inconclusive N  inconclusive checks a run may have and still pass: a count or a share of the
                          checks that ran, e.g. 3 or 5% (default 0: any inconclusive check makes the run
                          incomplete, exit 3)
  --concurrency N         requests open at once at most (default 32): the run starts at a quarter,
                          widens with each answer and halves after a timeout or a 429/503, so a far
                          server gets many requests in flight and a struggling one few; results keep
                          their order whatever N
  --rate N                at most N requests a second (shared staging); 429/503 Retry-After is honoured
  --consistency-ms N      how long a created subscription may take to be listed (default 5000)
  --seed N                seed of generated requests: the same seed sends the same requests
  --generated N           generated cases judged by relations (default 16); failures are shrunk and
                          printed with the line that replays them (--seed N --only CHECK --case K)
  --case K                run generated case K alone (what a failure's replay line gives)
  --baseline FILE         a previous json report: its failures are known, only new ones fail the run
  --har FILE              judge a recorded run instead of calling a server (subcat proxy --record FILE,
                          or a browser's HAR export); takes only --report, --header and --strict
  --report FORMAT=FILE    write a report: json=, junit=, html= or markdown=FILE (repeatable)
  --help                  show this text

Outcomes: passed, failed, warned (a decisions.md convention), skipped, inconclusive (no answer after a
retry, the deadline, or data that cannot tell; never counted as passed).
Exit codes:
  0    passed: no check failed (or only failures the --baseline knows), none inconclusive beyond
       --allow-inconclusive
  1    failed: a check failed on a rule (at a place) the --baseline does not know
  2    set-up error: bad usage, unreadable --baseline, server unreachable, or the server refused the
       credentials (401/403 on every operation); the requested reports are still written, saying why
  3    incomplete: more inconclusive checks than --allow-inconclusive (the run judged too little)
  130  cancelled by SIGINT, 143 cancelled by SIGTERM: every requested report is written first,
       outcome "cancelled"`;

const VALUE_FLAGS = [
  'base-url',
  'header',
  'catalog-id',
  'release-id',
  'node-id',
  'only',
  'skip',
  'timeout-ms',
  'max-response-ms',
  'seed',
  'report',
  'max-body-bytes',
  'deadline',
  'concurrency',
  'rate',
  'baseline',
  'consistency-ms',
  'allow-inconclusive',
  'generated',
  'case',
] as const;
const BOOLEAN_FLAGS = ['strict', 'read-only'] as const;

/** Flags that may be given more than once (`subcat check` and `subcat proxy` alike). */
const REPEATABLE = new Set(['--header', '--report']);

/**
 * The flags of `argv` by node's parseArgs tokens: values by flag in the order given, booleans (and --help)
 * set; or the first usage error. Only --header and --report may repeat.
 */
export function readFlags(
  argv: readonly string[],
  valueFlags: readonly string[],
  booleanFlags: readonly string[],
): { values: Map<string, string[]>; booleans: Set<string> } | { error: string } {
  const values = new Map<string, string[]>();
  const booleans = new Set<string>();
  const options = {
    ...Object.fromEntries(valueFlags.map((name) => [name, { type: 'string', multiple: true }] as const)),
    ...Object.fromEntries(booleanFlags.map((name) => [name, { type: 'boolean' }] as const)),
    help: { type: 'boolean', short: 'h' },
  } as const;
  const { tokens } = parseTokens({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') return { error: `unexpected argument ${token.value}` };
    const flag = `--${token.name}`;
    if (token.name === 'help' || booleanFlags.includes(token.name)) {
      if (token.value !== undefined) return { error: `${flag} takes no value` };
      booleans.add(flag);
      continue;
    }
    if (!valueFlags.includes(token.name)) return { error: `unknown option ${token.rawName}` };
    if (token.value === undefined) return { error: `${flag} needs a value` };
    values.set(flag, [...(values.get(flag) ?? []), token.value]);
  }
  if (booleans.has('--help')) return { values, booleans };
  for (const [flag, given] of values) {
    if (given.length > 1 && !REPEATABLE.has(flag)) return { error: `${flag} given more than once` };
  }
  return { values, booleans };
}

/** The --header and --report values, parsed; or the first that is wrong. */
export function headersAndReports(
  values: ReadonlyMap<string, readonly string[]>,
): { headers: Array<[string, string]>; reports: KitOptions['reports'] } | string {
  const headers: Array<[string, string]> = [];
  for (const raw of values.get('--header') ?? []) {
    const header = parseHeader(raw);
    if (typeof header === 'string') return header;
    headers.push(header);
  }
  const reports: KitOptions['reports'] = [];
  for (const raw of values.get('--report') ?? []) {
    const report = parseReport(raw);
    if (typeof report === 'string') return report;
    reports.push(report);
  }
  return { headers, reports };
}

/** Parses `subcat check` arguments; pure, so usage errors are table-tested. */
export function parseArgs(argv: readonly string[], defaults: DefaultIds): ParsedArgs {
  const flags = readFlags(argv, VALUE_FLAGS, BOOLEAN_FLAGS);
  if ('error' in flags) return { kind: 'error', message: flags.error };
  const { values, booleans } = flags;
  if (booleans.has('--help')) return { kind: 'help' };
  const single = (flag: string): string | undefined => values.get(flag)?.[0];

  const rawBase = single('--base-url');
  if (rawBase === undefined) return { kind: 'error', message: '--base-url is required' };
  const base = parseBaseUrl(rawBase);
  if (typeof base === 'string') return { kind: 'error', message: base };
  const { url: baseUrl, credentials } = base;

  const repeated = headersAndReports(values);
  if (typeof repeated === 'string') return { kind: 'error', message: repeated };
  const { headers, reports } = repeated;

  const timeoutMs = parseInteger('--timeout-ms', single('--timeout-ms') ?? String(DEFAULTS.timeoutMs), 1);
  if (typeof timeoutMs === 'string') return { kind: 'error', message: timeoutMs };
  const maxBodyBytes = parseInteger(
    '--max-body-bytes',
    single('--max-body-bytes') ?? String(DEFAULTS.maxBodyBytes),
    1024,
  );
  if (typeof maxBodyBytes === 'string') return { kind: 'error', message: maxBodyBytes };
  const concurrency = parseInteger(
    '--concurrency',
    single('--concurrency') ?? String(DEFAULTS.concurrency),
    1,
    64,
  );
  if (typeof concurrency === 'string') return { kind: 'error', message: concurrency };
  const consistencyMs = parseInteger(
    '--consistency-ms',
    single('--consistency-ms') ?? String(DEFAULTS.consistencyMs),
    0,
    600_000,
  );
  if (typeof consistencyMs === 'string') return { kind: 'error', message: consistencyMs };
  const rawDeadline = single('--deadline');
  const deadlineMs = rawDeadline === undefined ? undefined : parseDuration('--deadline', rawDeadline);
  if (typeof deadlineMs === 'string') return { kind: 'error', message: deadlineMs };
  const rawRate = single('--rate');
  const rate = rawRate === undefined ? undefined : parseRate(rawRate);
  if (typeof rate === 'string') return { kind: 'error', message: rate };
  const rawBudget = single('--max-response-ms');
  const maxResponseMs = rawBudget === undefined ? undefined : parseInteger('--max-response-ms', rawBudget, 1);
  if (typeof maxResponseMs === 'string') return { kind: 'error', message: maxResponseMs };
  const allowText = single('--allow-inconclusive') ?? '0';
  const allowInconclusive = parseAllowance(allowText);
  if (typeof allowInconclusive === 'string') return { kind: 'error', message: allowInconclusive };
  const generated = parseInteger(
    '--generated',
    single('--generated') ?? String(DEFAULTS.generated),
    0,
    10_000,
  );
  if (typeof generated === 'string') return { kind: 'error', message: generated };
  const rawCase = single('--case');
  const generatedCase = rawCase === undefined ? undefined : parseInteger('--case', rawCase, 1, 10_000);
  if (typeof generatedCase === 'string') return { kind: 'error', message: generatedCase };
  const rawSeed = single('--seed');
  const seed = rawSeed === undefined ? undefined : parseInteger('--seed', rawSeed, 0, MAX_SEED);
  if (typeof seed === 'string') return { kind: 'error', message: seed };

  const ids = {
    catalogId: single('--catalog-id') ?? defaults.catalogId,
    releaseId: single('--release-id') ?? defaults.releaseId,
    nodeId: single('--node-id') ?? defaults.nodeId,
  };
  for (const [flag, id] of [
    ['--catalog-id', ids.catalogId],
    ['--release-id', ids.releaseId],
    ['--node-id', ids.nodeId],
  ] as const) {
    if (id.trim() === '') return { kind: 'error', message: `${flag} must not be empty` };
  }

  return {
    kind: 'run',
    options: {
      baseUrl,
      credentials,
      headers,
      ...ids,
      only: parseList(single('--only')),
      skip: parseList(single('--skip')),
      strict: booleans.has('--strict'),
      readOnly: booleans.has('--read-only'),
      timeoutMs,
      maxResponseMs,
      seed,
      reports,
      maxBodyBytes,
      deadlineMs,
      concurrency,
      rate,
      baseline: single('--baseline'),
      consistencyMs,
      allowInconclusive,
      allowInconclusiveText: allowText.trim(),
      generated,
      generatedCase,
    },
  };
}

/**
 * An http(s) URL; the trailing slash is dropped so operation paths append cleanly to a base path. User and
 * password are taken out of it (they would be printed with it) and returned as credentials.
 */
export function parseBaseUrl(
  raw: string,
): { url: URL; credentials: { username: string; password: string } | undefined } | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The raw text may hold a password: it is not repeated.
    return '--base-url is not a URL';
  }
  const shown = `${url.protocol}//${url.host}${url.pathname}`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `--base-url must be http or https: ${shown}`;
  if (url.search !== '' || url.hash !== '') return `--base-url must not carry a query or fragment: ${shown}`;
  const credentials =
    url.username === '' && url.password === ''
      ? undefined
      : { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  url.username = '';
  url.password = '';
  url.pathname = url.pathname.replace(/\/+$/, '');
  return { url, credentials };
}

/** `90`, `90s`, `1500ms`, `5m`: milliseconds. */
export function parseDuration(flag: string, raw: string): number | string {
  const match = /^(\d+)(ms|s|m)?$/.exec(raw.trim());
  if (match === null) return `${flag} must be a duration such as 90s, 5m or 1500ms, got ${raw}`;
  const value = Number(match[1]) * ({ ms: 1, s: 1000, m: 60_000 }[match[2] ?? 's'] ?? 1000);
  return value < 1 ? `${flag} must be above 0, got ${raw}` : value;
}

/** `3` (a count) or `5%` (a share of the checks that ran). */
export function parseAllowance(raw: string): { count: number } | { share: number } | string {
  const match = /^(\d+(?:\.\d+)?)(%?)$/.exec(raw.trim());
  const value = Number(match?.[1]);
  if (match === null || (match[2] === '' && !Number.isInteger(value)) || (match[2] === '%' && value > 100)) {
    return `--allow-inconclusive must be a count such as 3 or a share such as 5%, got ${raw}`;
  }
  return match[2] === '%' ? { share: value / 100 } : { count: value };
}

function parseRate(raw: string): number | string {
  const value = Number(raw.trim());
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value <= 0 || value > 10_000) {
    return `--rate must be a number of requests a second above 0, got ${raw}`;
  }
  return value;
}

/** `Name: value`; the name must be a valid HTTP token (RFC 9110), the value may be empty. */
export function parseHeader(raw: string): [string, string] | string {
  const colon = raw.indexOf(':');
  const name = colon < 0 ? '' : raw.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return `--header must look like 'Name: value'`;
  const value = raw.slice(colon + 1).trim();
  if (/[\r\n\0]/.test(value)) return `--header value of ${name} must not contain line breaks`;
  return [name, value];
}

export function parseReport(raw: string): { format: ReportFormat; file: string } | string {
  const eq = raw.indexOf('=');
  const format = raw.slice(0, eq < 0 ? raw.length : eq);
  const file = eq < 0 ? '' : raw.slice(eq + 1);
  if (!(REPORT_FORMATS as readonly string[]).includes(format) || file === '') {
    return `--report must be json=FILE, junit=FILE, html=FILE or markdown=FILE, got ${raw}`;
  }
  return { format: format as ReportFormat, file };
}

export function parseInteger(
  flag: string,
  raw: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | string {
  if (!/^\d+$/.test(raw.trim())) return `${flag} must be a whole number, got ${raw}`;
  const value = Number(raw.trim());
  if (value < min || value > max) return `${flag} must be between ${min} and ${max}, got ${raw}`;
  return value;
}

function parseList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

import { parseArgs } from 'node:util';
import { MAX_DELAY_MS, parseDelay, type Delay } from './admin/faults.js';
import { LOG_LEVELS, isLogLevel, type LogLevel } from './http/logger.js';

export { LOG_LEVELS, type LogLevel };

/** Options of `subcat mock` and `startMock()`: the same names in both. */
export interface MockOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** faker seed: the same seed and sizes give the same data. */
  seed: number;
  /** Seeded subscriptions (fixture records come on top). */
  subscriptions: number;
  /** Seeded catalog products per release. */
  products: number;
  /** The store's page length: `page[limit]` when the request gives none. */
  pageLength: number;
  /** Prefix every path (and link) is mounted under, e.g. `/v2`; `/` for none. */
  basePath: string;
  logLevel: LogLevel;
  /** Largest accepted request body in bytes; larger ones get 413. */
  bodyLimit: number;
  /** When true the operations need `Authorization: Bearer <token>` with a token from `POST /oauth/access_token`. */
  auth: boolean;
  /** Answer 400 to input the vendor ignores (unknown parameters, include and create members), else named in `X-Subcat-Ignored`. */
  strict: boolean;
  /** Another OpenAPI document to serve (defaults to the packaged spec/openapi.yaml). */
  specPath?: string;
  /** Read X-Forwarded-Host and -Proto for links: only behind a proxy that sets them. */
  trustProxy: boolean;
  /** Origins that get CORS headers; empty: any origin (a local front-end on any port). */
  corsOrigins: string[];
  /** Origins besides the mock's own whose pages may call the admin API (CORS on its routes). */
  adminOrigins: string[];
  /** Host names the admin API answers for besides localhost, 127.0.0.1 and [::1] (DNS rebinding). */
  allowedHosts: string[];
  /** The most subscriptions the mock holds: the seeded ones once, plus every session's created ones. */
  maxSubscriptions: number;
  /** Latency of every answer of the operations: ms, `[min, max]` ms, or null. */
  delay: Delay;
  /** Named sessions kept besides the default one (least recently used dropped past it). */
  maxSessions: number;
  /** Requests each session's journal keeps; 0 keeps none (and costs nothing per request). */
  journalSize: number;
  /** The bytes every session's journal keeps together; the oldest records go first past it. */
  journalBytes: number;
  /** The token the admin API needs when the mock listens beyond loopback. */
  adminToken?: string;
  /** A file that keeps every change across restarts. */
  stateFile?: string;
  /** Start from the state file's lines before its first bad one, dropping the rest (else a bad line stops the start). */
  stateFileRepair?: boolean;
}

/** The CLI's log level when --log-level is not given: a terminal shows each request. */
export const CLI_LOG_LEVEL: LogLevel = 'info';

export const DEFAULT_MOCK_OPTIONS: Readonly<MockOptions> = Object.freeze({
  port: 4010,
  host: '127.0.0.1',
  seed: 1,
  subscriptions: 300,
  products: 200,
  pageLength: 25,
  basePath: '/',
  // Quiet in a test runner's output: warnings only. The CLI prints its access log at info (CLI_LOG_LEVEL).
  logLevel: 'warn',
  bodyLimit: 1024 * 1024,
  auth: false,
  strict: false,
  trustProxy: false,
  corsOrigins: [],
  adminOrigins: [],
  allowedHosts: [],
  maxSubscriptions: 200_000,
  delay: null,
  maxSessions: 256,
  journalSize: 1_000,
  journalBytes: 64 * 1024 * 1024,
});

// Past these, seeding (eager) would make the start too slow to be useful.
const MAX_SUBSCRIPTIONS = 1_000_000;
const MAX_PRODUCTS = 50_000;

/** `/`, `/v2` or `/api/v2`: leading slash, no trailing slash, no query or fragment. */
export function normalizeBasePath(raw: string): string | undefined {
  const trimmed = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
  if (trimmed === '' || trimmed === '/') return '/';
  return /^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/.test(trimmed) ? trimmed : undefined;
}

function integerProblem(name: string, value: number, min: number, max: number): string | undefined {
  return Number.isSafeInteger(value) && value >= min && value <= max
    ? undefined
    : `${name} must be an integer from ${min} to ${max}, got ${String(value)}`;
}

function delayProblem(delay: Delay): string | undefined {
  const values = delay === null ? [] : typeof delay === 'number' ? [delay] : [...delay];
  const valid =
    values.every((ms) => Number.isSafeInteger(ms) && ms >= 0 && ms <= MAX_DELAY_MS) &&
    (typeof delay !== 'object' ||
      delay === null ||
      (delay.length === 2 && (delay[0] ?? 0) <= (delay[1] ?? 0)));
  return valid
    ? undefined
    : `delay must be milliseconds (300) or a range (100-600), each 0 to ${MAX_DELAY_MS}`;
}

/** Defaults filled in and every option checked; throws a TypeError listing every problem. */
export function resolveMockOptions(partial: Partial<MockOptions> = {}): MockOptions {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined));
  const options: MockOptions = { ...DEFAULT_MOCK_OPTIONS, corsOrigins: [], ...defined };
  const basePath = normalizeBasePath(options.basePath);
  const problems = [
    integerProblem('port', options.port, 0, 65535),
    integerProblem('seed', options.seed, 0, Number.MAX_SAFE_INTEGER),
    integerProblem('subscriptions', options.subscriptions, 0, MAX_SUBSCRIPTIONS),
    integerProblem('products', options.products, 0, MAX_PRODUCTS),
    integerProblem('pageLength', options.pageLength, 1, 100),
    integerProblem('bodyLimit', options.bodyLimit, 1, 1024 * 1024 * 1024),
    integerProblem('maxSubscriptions', options.maxSubscriptions, 1, 10_000_000),
    integerProblem('maxSessions', options.maxSessions, 0, 10_000),
    integerProblem('journalSize', options.journalSize, 0, 100_000),
    integerProblem('journalBytes', options.journalBytes, 0, 4 * 1024 * 1024 * 1024),
    delayProblem(options.delay),
    options.adminToken !== undefined && options.adminToken.length < 8
      ? 'adminToken must be at least 8 characters'
      : undefined,
    options.host.trim() === '' ? 'host must not be empty' : undefined,
    options.stateFileRepair === true && options.stateFile === undefined
      ? 'stateFileRepair needs a stateFile to repair'
      : undefined,
    basePath === undefined
      ? `basePath must look like /v2 (a path, no query), got ${options.basePath}`
      : undefined,
    isLogLevel(options.logLevel) ? undefined : `logLevel must be one of ${LOG_LEVELS.join(', ')}`,
    ...[...options.corsOrigins, ...options.adminOrigins].map((origin) =>
      /^(https?:\/\/[^/\s]+|null)$/.test(origin)
        ? undefined
        : `corsOrigins must be origins such as http://localhost:5173, got ${origin}`,
    ),
  ].filter((p): p is string => p !== undefined);
  if (problems.length > 0) throw new TypeError(problems.join('; '));
  return { ...options, basePath: basePath ?? '/' };
}

export const MOCK_USAGE = `Usage: subcat mock [options]

Start the stateful mock of the subscriptions and catalog API.

Options:
  --port N                port to listen on, 0 for a free one (default 4010)
  --host HOST             interface to bind (default 127.0.0.1)
  --seed N                faker seed; same seed and sizes give identical data (default 1)
  --subscriptions N       seeded subscriptions (default 300)
  --products N            seeded catalog products per release (default 200)
  --page-length N         records per page when page[limit] is not given, 1..100 (default 25)
  --base-path PATH        mount everything under PATH, e.g. /v2 (default /)
  --log-level LEVEL       ${LOG_LEVELS.join(', ')} (default info)
  --body-limit BYTES      largest request body accepted (default 1048576)
  --max-subscriptions N   most subscriptions held: seeded once, plus every session's creates (default 200000)
  --delay MS|MIN-MAX      latency of every answer of the operations, e.g. 300 or 100-600 (default none)
  --max-sessions N        sessions kept besides the default one, least recently used dropped (default 256)
  --journal-size N        requests each session's journal keeps, 0 for no journal (default 1000)
  --journal-bytes N       bytes all sessions' journals keep together, oldest dropped first (default 67108864)
  --state-file FILE       keep every change in FILE across restarts; one mock per file (FILE.lock holds
                          its pid), every line checked with the API's rules before the mock listens
  --state-file-repair     start from the lines before the state file's first bad one, dropping the rest
  --admin-token TOKEN     the token every admin call must send, on loopback too (without one, loopback
                          needs none and beyond loopback the admin API is off)
  --auth                  require Authorization: Bearer <token>, a token from POST /oauth/access_token
  --strict                answer 400 to unknown query parameters, include members and create members
                          (by default they are ignored, as the vendor does, and named in X-Subcat-Ignored)
  --trust-proxy           build links from X-Forwarded-Host/-Proto (only behind a proxy that sets them)
  --cors-origin ORIGIN    answer CORS for this origin only (repeatable; default: any origin)
  --admin-origin ORIGIN   a page of this origin may call the admin API too (repeatable; default: only the
                          mock's own origin, the inspector's)
  --allowed-host NAME     the admin API answers for Host NAME too (repeatable; default: localhost,
                          127.0.0.1, [::1] and --host)
  --spec FILE             serve another OpenAPI 3.1 document (default the packaged spec)
  -h, --help              show this help

Bounds (fixed): a live stream of the journal that does not read is cut past 1 MiB unsent (it may reconnect);
a journal entry keeps at most 16 KiB of each body; the admin API takes bodies up to 64 KiB; snapshots: 64
per session and 256 in all, and about 256 MiB per session and 384 MiB in all (128 bytes per created or
changed subscription), past which a snapshot is a 409 until one is deleted; a refused or unread request body
is still read and dropped, up to 16 MiB and 2 s, so the client reads the answer.
`;

type FlagKind = 'integer' | 'string' | 'boolean' | 'list' | 'delay';
const FLAGS: Readonly<Record<string, { key: keyof MockOptions; kind: FlagKind }>> = {
  port: { key: 'port', kind: 'integer' },
  host: { key: 'host', kind: 'string' },
  seed: { key: 'seed', kind: 'integer' },
  subscriptions: { key: 'subscriptions', kind: 'integer' },
  products: { key: 'products', kind: 'integer' },
  'page-length': { key: 'pageLength', kind: 'integer' },
  'base-path': { key: 'basePath', kind: 'string' },
  'log-level': { key: 'logLevel', kind: 'string' },
  'body-limit': { key: 'bodyLimit', kind: 'integer' },
  'max-subscriptions': { key: 'maxSubscriptions', kind: 'integer' },
  delay: { key: 'delay', kind: 'delay' },
  'max-sessions': { key: 'maxSessions', kind: 'integer' },
  'journal-size': { key: 'journalSize', kind: 'integer' },
  'journal-bytes': { key: 'journalBytes', kind: 'integer' },
  'state-file': { key: 'stateFile', kind: 'string' },
  'state-file-repair': { key: 'stateFileRepair', kind: 'boolean' },
  'admin-token': { key: 'adminToken', kind: 'string' },
  auth: { key: 'auth', kind: 'boolean' },
  strict: { key: 'strict', kind: 'boolean' },
  'trust-proxy': { key: 'trustProxy', kind: 'boolean' },
  'cors-origin': { key: 'corsOrigins', kind: 'list' },
  'admin-origin': { key: 'adminOrigins', kind: 'list' },
  'allowed-host': { key: 'allowedHosts', kind: 'list' },
  spec: { key: 'specPath', kind: 'string' },
};

export type MockArgs =
  { kind: 'options'; options: MockOptions } | { kind: 'help' } | { kind: 'error'; problems: string[] };

/** Parses `subcat mock` arguments after the subcommand, collecting every problem; pure: no I/O, no exit. */
export function parseMockArgs(argv: readonly string[]): MockArgs {
  const options = Object.fromEntries(
    Object.entries(FLAGS).map(
      ([name, { kind }]) =>
        [name, { type: kind === 'boolean' ? 'boolean' : 'string', multiple: kind === 'list' }] as const,
    ),
  );
  const { tokens } = parseArgs({
    args: [...argv],
    options: { ...options, help: { type: 'boolean', short: 'h' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const given: Partial<Record<keyof MockOptions, unknown>> = {};
  const problems: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      problems.push(`unexpected argument ${token.value}`);
      continue;
    }
    if (token.name === 'help') return { kind: 'help' };
    const flag = FLAGS[token.name];
    if (flag === undefined) {
      problems.push(`unknown option ${token.rawName}`);
      continue;
    }
    const value = token.value;
    if (flag.kind === 'boolean') {
      if (value !== undefined) problems.push(`${token.rawName} takes no value`);
      else given[flag.key] = true;
    } else if (value === undefined || (token.inlineValue === false && value.startsWith('--'))) {
      problems.push(`${token.rawName} needs a value`);
    } else if (flag.kind === 'integer' && !/^\d+$/.test(value)) {
      problems.push(`${token.rawName} must be a whole number, got ${value}`);
    } else if (flag.kind === 'delay') {
      const delay = parseDelay(value);
      if (delay === undefined)
        problems.push(`${token.rawName} must be milliseconds (300) or a range (100-600), got ${value}`);
      else given[flag.key] = delay;
    } else if (flag.kind === 'list') {
      given[flag.key] = [...((given[flag.key] as string[] | undefined) ?? []), value];
    } else given[flag.key] = flag.kind === 'integer' ? Number(value) : value;
  }
  if (problems.length > 0) return { kind: 'error', problems };
  try {
    return {
      kind: 'options',
      options: resolveMockOptions({ logLevel: CLI_LOG_LEVEL, ...(given as Partial<MockOptions>) }),
    };
  } catch (error) {
    // Say the flag the user typed (--page-length), not the option's property name (pageLength).
    const flagOf = (key: string) => `--${Object.keys(FLAGS).find((name) => FLAGS[name]?.key === key) ?? key}`;
    return {
      kind: 'error',
      problems: (error instanceof Error ? error.message : String(error))
        .split('; ')
        .map((p) => p.replace(/^\w+/, flagOf)),
    };
  }
}

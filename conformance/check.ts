import type { Exchange, ExchangeRequest, SendOptions } from './client.js';
import type { Prng } from './prng.js';
import type { SchemaError, SchemaErrors } from './schema.js';

/** Where a rule comes from: interface.md (`contract`) or decisions.md (`convention`). */
export const SOURCES = ['contract', 'convention'] as const;
export type Source = (typeof SOURCES)[number];

/**
 * `inconclusive`: the check could not judge (transport trouble after a retry, the --deadline, or data that
 * cannot tell a right server from a wrong one); never counted as passed, never fails the run.
 */
export const OUTCOMES = ['passed', 'failed', 'warned', 'skipped', 'inconclusive'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Marks checks that look at the whole run (`operation: ALL_OPERATIONS`). */
export const ALL_OPERATIONS = '*';

/** The response as a report shows it: the text is cut to a readable size. */
export interface ReportedResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  ms: number;
}

/** One broken rule, as data: reporters format it, checks never print. */
export interface Failure {
  checkId: string;
  operation: string;
  /** The rule in words, e.g. "page[limit] above 100 is rejected or clamped". */
  rule: string;
  /** Usually the check's source; a contract check may also report a convention rule (e.g. exact 400). */
  source: Source;
  /** The interface.md line (contract) or decisions.md section (convention) the rule rests on. */
  cites: string;
  message: string;
  /** Where it broke within the operation: a JSON pointer, a parameter, or the request's parameter names. */
  where?: string;
  expected?: unknown;
  actual?: unknown;
  /** At most MAX_SCHEMA_ERRORS, de-duplicated; `schemaErrorCount` says how many there were. */
  schemaErrors?: SchemaError[];
  schemaErrorCount?: number;
  /** Set by --baseline: the previous report already had this failure (same check, rule and place). */
  known?: boolean;
  /** Secrets already redacted. */
  request?: ExchangeRequest;
  response?: ReportedResponse;
  /** A curl line that replays the request, secrets redacted. */
  curl?: string;
}

/** What a check hands to `ctx.fail`; the context fills in ids, source, request, response and curl. */
export interface FailureDetails {
  rule: string;
  message: string;
  /** A JSON pointer or parameter; by default the request's method and parameter names. */
  where?: string;
  source?: Source;
  /** Needed when `source` differs from the check's: the line or section this rule rests on. */
  cites?: string;
  expected?: unknown;
  actual?: unknown;
  schemaErrors?: SchemaError[];
  /** How many distinct schema errors there were when `schemaErrors` holds only the first (default: its length). */
  schemaErrorCount?: number;
}

/** Query parameters: a record, or pairs when a name repeats or order matters. */
export type Query = Readonly<Record<string, string | number>> | ReadonlyArray<readonly [string, string]>;

/** A request to one of the spec's operations, addressed by operationId. */
export interface OperationRequest {
  /** Path parameters by name, e.g. `{ subscription_uuid: id }`; percent-encoded by the kit. */
  params?: Readonly<Record<string, string>>;
  query?: Query;
  headers?: Record<string, string>;
  json?: unknown;
  body?: string;
  /** Marks a run-wide standard request, which its own schema check validates (the whole-run pass skips it). */
  label?: string;
  /** Sent at once whatever --concurrency: deliberate races. */
  burst?: boolean;
}

/** Catalog addressing for node products checks (flags or fixtures/ids.json). */
export interface CatalogIds {
  catalogId: string;
  releaseId: string;
  nodeId: string;
}

export interface RunSettings {
  strict: boolean;
  readOnly: boolean;
  timeoutMs: number;
  maxResponseMs: number | undefined;
  seed: number;
  /** Names of the headers given with --header: their values are redacted everywhere. */
  secretHeaders: string[];
  /** Every configured secret value (header values, tokens, URL credentials): redacted wherever they appear. */
  secretValues: string[];
  /** How long a write may take to show in the list (create-then-find polls up to this). */
  consistencyMs: number;
  /** Cases each generated.* check draws (--generated). */
  generated: number;
  /** --case K: each generated.* check judges its case K alone. */
  generatedCase?: number;
}

/** Memoises shared fetches across checks, so an unfiltered page is fetched once per run. */
export interface RunCache {
  /** The value for `key`, loading it once; a failed load is forgotten so a later check may retry. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** Everything a check may use; one context per check (its own seeded PRNG and failure tagging). */
export interface CheckContext {
  readonly check: Check;
  readonly baseUrl: URL;
  readonly ids: CatalogIds;
  readonly settings: RunSettings;
  /** Seeded from the run seed and the check id: same seed, same requests. */
  readonly random: Prng;
  readonly cache: RunCache;
  /** The absolute URL of an operation: base URL + the spec's path with params + query. */
  url(operationId: string, request?: Pick<OperationRequest, 'params' | 'query'>): string;
  /** Calls an operation by operationId; the exchange is recorded and tagged with this check. */
  call(operationId: string, request?: OperationRequest): Promise<Exchange>;
  /** Sends any request (e.g. a link the server returned, followed as given). */
  send(options: SendOptions): Promise<Exchange>;
  /**
   * Schema errors of a response body against the spec (none when valid or when no schema applies): the first
   * MAX_SCHEMA_ERRORS of each source, all counted.
   */
  validate(operationId: string, status: number, body: unknown): SchemaErrors;
  /** Schema errors of a value against a component schema, e.g. `validateComponent('Error', body)`, as above. */
  validateComponent(name: string, value: unknown): SchemaErrors;
  /** The `responses` key that gives the schema for a status (`201`, `4XX`, `default`), if any. */
  responseKey(operationId: string, status: number): string | undefined;
  /** Builds a failure tagged with this check, redacting the exchange's secrets. */
  fail(exchange: Exchange | undefined, details: FailureDetails): Failure;
  /** Ends the check as skipped (not asked for, or a precondition of the run's set-up); the reason is reported. */
  skip(reason: string): never;
  /** Ends the check as inconclusive: the server's answers or data cannot tell whether the rule holds. */
  inconclusive(reason: string): never;
  /** Waits (bounded by the run's deadline); used to poll for eventual consistency. */
  sleep(ms: number): Promise<void>;
}

/**
 * A named, self-contained rule. `run` returns failures as data and never prints; a check that throws is
 * reported as failed with the error. Add one to a family file, add the family once to checks/index.ts.
 */
export interface Check {
  /** `family.name`, e.g. `status.create-subscription`; --only/--skip match it or its dotted prefixes. */
  id: string;
  title: string;
  family: string;
  source: Source;
  /** The interface.md line (`interface.md § Section: "quoted line"`) or decisions.md section it rests on. */
  cites: string;
  /** operationId, or ALL_OPERATIONS for whole-run checks. */
  operation: string;
  /** False for checks that write (or may write when a server misbehaves): --read-only skips them. */
  readOnly?: boolean;
  /** Runs after every other check (robustness, final schema pass); checks with `watch` are always final. */
  final?: boolean;
  /** Runs after the read-only checks even though it writes nothing itself (it may create to find a value). */
  afterReads?: boolean;
  /**
   * About how many of its round trips wait for one another, when more than two: the runner starts the
   * checks of a phase with the longest chains first and lets their requests go first, so a far server's
   * latency adds up along the longest chain once, not behind every other check's requests.
   */
  roundTrips?: number;
  /**
   * Looks at every exchange of the run as it is recorded (nothing is kept for it): failures found in it, [] when
   * it held, undefined when the exchange is nothing this check can judge. Never sees an exchange twice.
   */
  watch?(ctx: CheckContext, exchange: Exchange): Failure[] | undefined;
  /** Optional for watching checks: what to add once every exchange was seen. */
  run?(ctx: CheckContext): Promise<Failure[]>;
}

export interface CheckResult {
  check: Check;
  outcome: Outcome;
  /** One line: why it passed, failed, warned or was skipped. */
  message: string;
  failures: Failure[];
  ms: number;
}

export type Summary = Record<Outcome, number>;

/** Thrown by ctx.skip; the runner turns it into a skipped result. */
export class CheckSkipped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CheckSkipped';
  }
}

/** Thrown by ctx.inconclusive; the runner turns it into an inconclusive result. */
export class CheckInconclusive extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CheckInconclusive';
  }
}

import type { IncomingHttpHeaders } from 'node:http';
import type { Step } from '../http/compose.js';
import { SANE_ID, type Exchange } from '../http/route.js';
import type { IgnoredInput } from '../vendor/ignored-input.js';
import { matchesPattern } from './path-pattern.js';

/** Bodies past this many characters are cut when recorded. */
export const JOURNAL_BODY_CHARS = 16 * 1024;
export const DEFAULT_JOURNAL_SIZE = 1_000;

/** Headers kept as `<redacted>` in the journal: whatever may carry a secret. */
export const SECRET_HEADERS =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|x-subcat-admin-token)$|token|secret|password|api[-_]?key/i;
export const REDACTED = '<redacted>';

/** One request as the journal step hands it over. */
export interface JournalRecord {
  id: string;
  at: number;
  method: string;
  url: string;
  operationId: string | undefined;
  status: number;
  durationMs: number;
  session: string;
  fault: string | undefined;
  /** Input the mock ignored, as the vendor would (X-Subcat-Ignored). */
  ignored?: readonly IgnoredInput[];
  requestHeaders: IncomingHttpHeaders;
  requestBody: string | Buffer | undefined;
  responseHeaders: Readonly<Record<string, string | number>>;
  responseBody: string | Buffer | undefined;
}

/** A journal entry as the admin API shows it (spec/admin.openapi.yaml, JournalEntry). */
export interface JournalEntry {
  id: string;
  at: string;
  method: string;
  url: string;
  path: string;
  operation_id: string | null;
  status: number;
  duration_ms: number;
  session: string;
  fault: string | null;
  /** What the mock ignored in the request (an unknown parameter, include member or create member); [] for nothing. */
  ignored: IgnoredInput[];
  request: { headers: Record<string, string>; body: string | null; truncated: boolean };
  response: { headers: Record<string, string>; body: string | null; truncated: boolean };
}

export interface JournalFilter {
  method?: string;
  /** A path pattern, `*` for any run of characters. */
  path?: string;
  /** `404` or a class, `4xx`. */
  status?: string;
  /** An RFC 3339 time (entries at or after it), or a request id (entries after it). */
  since?: string;
  limit?: number;
}

/** What a session's journal does; `NO_JOURNAL` (the journal switched off) does nothing. */
export interface RequestJournal {
  readonly size: number;
  record(record: JournalRecord): void;
  clear(): void;
  keeps(id: string): boolean;
  entries(filter?: JournalFilter): JournalEntry[];
  release(): void;
}

/** The journal of `--journal-size 0`: keeps nothing, tells nobody. */
export const NO_JOURNAL: RequestJournal = {
  size: 0,
  record: () => undefined,
  clear: () => undefined,
  keeps: () => false,
  entries: () => [],
  release: () => undefined,
};

/**
 * The last requests of one session, newest first: a bounded array of plain records, each shaped into an entry
 * only when read. A body is kept as sent (a reference, no copy) up to the bytes the shown 16 KiB characters
 * can take, else a copy of that start; `onRecord` is told of each (the live stream listens there).
 * @example journal.record(record); journal.entries({ status: '4xx' })
 */
export class Journal implements RequestJournal {
  private kept: JournalRecord[] = [];
  /** The bytes of each kept record, as the budget counts them. */
  private sizes: number[] = [];

  constructor(
    readonly size = DEFAULT_JOURNAL_SIZE,
    private readonly onRecord: (record: JournalRecord) => void = () => undefined,
    private readonly budget = new JournalBudget(Number.POSITIVE_INFINITY),
  ) {
    budget.journals.add(this);
  }

  record(record: JournalRecord): void {
    const kept = {
      ...record,
      requestBody: keptBody(record.requestBody),
      responseBody: keptBody(record.responseBody),
    };
    this.kept.push(kept);
    this.sizes.push(recordBytes(kept));
    this.budget.used += this.sizes.at(-1) ?? 0;
    if (this.kept.length > Math.max(1, this.size)) this.dropOldest();
    this.budget.keep();
    this.onRecord(kept);
  }

  /** When the oldest record kept was made, or undefined when none is kept. */
  get oldest(): number | undefined {
    return this.kept[0]?.at;
  }

  dropOldest(): void {
    this.kept.shift();
    this.budget.used -= this.sizes.shift() ?? 0;
  }

  clear(): void {
    for (const bytes of this.sizes) this.budget.used -= bytes;
    this.kept = [];
    this.sizes = [];
  }

  /** Empties the journal and leaves the budget (its session was dropped). */
  release(): void {
    this.clear();
    this.budget.journals.delete(this);
  }

  keeps(id: string): boolean {
    return this.kept.some((record) => record.id === id);
  }

  /** Matching entries, newest first. */
  entries(filter: JournalFilter = {}): JournalEntry[] {
    const matches = entryFilter(filter);
    const found: JournalEntry[] = [];
    for (let at = this.kept.length - 1; at >= 0 && found.length < (filter.limit ?? Infinity); at--) {
      const record = this.kept[at];
      if (record === undefined) continue;
      if (filter.since !== undefined && record.id === filter.since) break;
      // Shaped only once it matches: headers and bodies cost most of a query over a full journal.
      if (matches(entryHead(record))) found.push(journalEntry(record));
    }
    return found;
  }
}

/** The default of --journal-bytes: what every session's journal keeps together. */
export const DEFAULT_JOURNAL_BYTES = 64 * 1024 * 1024;

/**
 * The bytes every session's journal keeps together (issue 28: per-session bounds alone allowed gigabytes): past
 * `limit`, the oldest record of any session goes first.
 */
export class JournalBudget {
  used = 0;
  readonly journals = new Set<Journal>();

  constructor(readonly limit: number) {}

  /** Drops the oldest records across the journals until the bytes kept are within the limit. */
  keep(): void {
    while (this.used > this.limit) {
      let oldest: Journal | undefined;
      for (const journal of this.journals)
        if (journal.oldest !== undefined && (oldest?.oldest === undefined || journal.oldest < oldest.oldest))
          oldest = journal;
      if (oldest === undefined) return;
      oldest.dropOldest();
    }
  }
}

/** About the bytes a record holds: its texts and bodies (headers counted by their names and values). */
function recordBytes(record: JournalRecord): number {
  let bytes = record.url.length + record.id.length + 200;
  for (const headers of [record.requestHeaders, record.responseHeaders])
    for (const [name, value] of Object.entries(headers)) bytes += name.length + String(value).length;
  return bytes + (record.requestBody?.length ?? 0) + (record.responseBody?.length ?? 0);
}

/** The bytes that hold JOURNAL_BODY_CHARS characters whatever they are (four bytes a character at most). */
const KEPT_BYTES = JOURNAL_BODY_CHARS * 4 + 4;

/** A body as the journal keeps it: itself while no longer than it shows, else a copy of the start it shows. */
function keptBody(body: string | Buffer | undefined): string | Buffer | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string')
    return body.length <= JOURNAL_BODY_CHARS + 1 ? body : Buffer.from(body.slice(0, JOURNAL_BODY_CHARS + 1));
  return body.length <= KEPT_BYTES ? body : Buffer.from(body.subarray(0, KEPT_BYTES));
}

const RFC_3339 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ]([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/;

/**
 * The time an RFC 3339 date-time (or full date, midnight UTC) stands for, in ms; undefined for any other
 * text, a request id or a day the month has not (Date.parse would take 2026-02-30 for March 2nd).
 * @example rfc3339Time('2026-01-01T10:00:00Z') // 1767261600000
 */
export function rfc3339Time(text: string): number | undefined {
  const parts = RFC_3339.exec(text);
  if (parts === null) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0); // not Date.UTC, which reads years 0 to 99 as 1900 to 1999
  if (month < 1 || month > 12 || day < 1 || day > lastDay.getUTCDate()) return undefined;
  // The form ECMAScript's own date format reads everywhere: a `T`, upper case, and a leap second as :59.
  const iso =
    parts[4] === undefined
      ? `${text}T00:00:00Z`
      : `${text.slice(0, 10)}T${text.slice(11).toUpperCase()}`.replace(/^(.{16}):60/, '$1:59');
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Whether `since` is a time, or may be a request id: one the journal keeps, or one shaped like an id and not
 * like a date. A date that is no valid time (month 13, no offset) would otherwise be taken for an id and
 * silently match every entry; an id-shaped text the journal does not keep may be one it dropped, whose
 * newer entries are all it keeps.
 * @example sinceMeansSomething('2026-13-01T00:00:00Z', () => false) // false
 */
export function sinceMeansSomething(since: string, kept: () => boolean): boolean {
  if (rfc3339Time(since) !== undefined) return true;
  if (SANE_ID.test(since) && !/^\d{4}-\d/.test(since)) return true;
  return kept();
}

/** What a filter reads of an entry: cheap to make from a record, unlike the entry's headers and bodies. */
type EntryHead = Pick<JournalEntry, 'at' | 'method' | 'path' | 'status'>;

function entryHead(record: JournalRecord): EntryHead {
  const path = record.url.split('?')[0] ?? record.url;
  return { at: new Date(record.at).toISOString(), method: record.method, path, status: record.status };
}

/** The predicate of a filter; `since` as a time is checked here, as a request id by the walk. */
export function entryFilter(filter: JournalFilter): (entry: EntryHead) => boolean {
  const { path, status } = filter;
  const since = (filter.since === undefined ? undefined : rfc3339Time(filter.since)) ?? Number.NaN;
  return (entry) =>
    (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
    (path === undefined || matchesPattern(path, entry.path)) &&
    (status === undefined ||
      (status.endsWith('xx') ? String(entry.status)[0] === status[0] : String(entry.status) === status)) &&
    (Number.isNaN(since) || Date.parse(entry.at) >= since);
}

export function journalEntry(record: JournalRecord): JournalEntry {
  return {
    id: record.id,
    at: new Date(record.at).toISOString(),
    method: record.method,
    url: record.url,
    path: record.url.split('?')[0] ?? record.url,
    operation_id: record.operationId ?? null,
    status: record.status,
    duration_ms: Math.round(record.durationMs * 100) / 100,
    session: record.session,
    fault: record.fault ?? null,
    ignored: record.ignored?.map(({ kind, name }) => ({ kind, name })) ?? [],
    request: { headers: redacted(record.requestHeaders), ...shownBody(record.requestBody) },
    response: { headers: redacted(record.responseHeaders), ...shownBody(record.responseBody) },
  };
}

function shownBody(body: string | Buffer | undefined): { body: string | null; truncated: boolean } {
  if (body === undefined) return { body: null, truncated: false };
  const text = typeof body === 'string' ? body : body.toString('utf8', 0, KEPT_BYTES);
  return text.length <= JOURNAL_BODY_CHARS
    ? { body: text, truncated: false }
    : { body: text.slice(0, JOURNAL_BODY_CHARS), truncated: true };
}

/** Header values as strings, every one that may hold a secret as `<redacted>`. */
export function redacted(
  headers: Readonly<Record<string, string | number | string[] | undefined>>,
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    shown[name.toLowerCase()] = SECRET_HEADERS.test(name)
      ? REDACTED
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);
  }
  return shown;
}

/**
 * Records every request but the mock's own paths in its session's journal once it is answered: `journalOf`
 * says which session that is, and its journal.
 */
export function journalStep<State>(
  ownPath: (path: string) => boolean,
  journalOf: (exchange: Exchange<State>) => { name: string; journal: RequestJournal },
): Step<Exchange<State>> {
  return async (exchange, next) => {
    const url = exchange.request.url ?? '/';
    if (ownPath(url.split('?')[0] ?? url)) return next();
    const answer = await next();
    const { name, journal } = journalOf(exchange);
    journal.record({
      id: exchange.id,
      at: Date.now(),
      method: exchange.method,
      url,
      operationId: exchange.routed?.target.op?.operationId,
      status: answer.status,
      durationMs: Number(process.hrtime.bigint() - exchange.started) / 1e6,
      session: name,
      fault: exchange.fault,
      ignored: exchange.ignored,
      requestHeaders: exchange.request.headers,
      requestBody: exchange.bodyText,
      responseHeaders: answer.headers,
      responseBody: answer.body,
    });
    return answer;
  };
}

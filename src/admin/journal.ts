import type { IncomingHttpHeaders } from 'node:http';
import { SANE_ID } from '../http/route.js';
import type { IgnoredInput } from '../vendor/ignored-input.js';
import type { components, operations } from './admin-types.gen.js';
import { matchesPattern } from './path-pattern.js';

/** A journal entry as the admin API shows it (spec/admin.openapi.yaml), every member present. */
export type JournalEntry = Required<components['schemas']['JournalEntry']>;
/** The filter of GET /__subcat/requests: `path` a pattern (`*` any run), `status` `404` or `4xx`, `since` a time or an id. */
export type JournalFilter = Omit<NonNullable<operations['listRequests']['parameters']['query']>, 'session'>;

/** Bodies past this many characters are cut when recorded. */
export const JOURNAL_BODY_CHARS = 16 * 1024;

/** Headers kept as `<redacted>` in the journal: whatever may carry a secret. */
const SECRET_HEADERS =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|x-subcat-admin-token)$|token|secret|password|api[-_]?key/i;

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
  ignored?: readonly IgnoredInput[];
  requestHeaders: IncomingHttpHeaders;
  requestBody: string | Buffer | undefined;
  responseHeaders: Readonly<Record<string, string | number>>;
  responseBody: string | Buffer | undefined;
}

/** What a session's journal does; `NO_JOURNAL` (the journal switched off) does nothing. */
export type RequestJournal = Pick<Journal, 'size' | 'record' | 'clear' | 'keeps' | 'entries' | 'release'>;

/** The journal of `--journal-size 0`: keeps nothing, tells nobody. */
export const NO_JOURNAL: RequestJournal = {
  size: 0,
  record: () => undefined,
  clear: () => undefined,
  keeps: () => false,
  entries: () => [],
  release: () => undefined,
};

/** The last `size` requests of one session, plain records shaped into entries when read; `feed` is told of each. */
export class Journal {
  /** Oldest first, with the bytes the budget counts for each. */
  private kept: { record: JournalRecord; bytes: number }[] = [];

  constructor(
    readonly size: number,
    private readonly feed?: JournalFeed,
    private readonly budget = new JournalBudget(Number.POSITIVE_INFINITY),
  ) {
    budget.journals.add(this);
  }

  record(record: JournalRecord): void {
    const { requestBody, responseBody } = record;
    const shown =
      isLong(requestBody) || isLong(responseBody)
        ? { ...record, requestBody: keptBody(requestBody), responseBody: keptBody(responseBody) }
        : record;
    if (this.kept.length >= this.size) this.dropOldest();
    const bytes = recordBytes(shown);
    this.kept.push({ record: shown, bytes });
    this.budget.used += bytes;
    this.budget.keep();
    this.feed?.announce(shown);
  }

  /** When the oldest record kept was made, or undefined when none is kept. */
  get oldest(): number | undefined {
    return this.kept[0]?.record.at;
  }

  dropOldest(): void {
    this.budget.used -= this.kept.shift()?.bytes ?? 0;
  }

  clear(): void {
    for (const { bytes } of this.kept) this.budget.used -= bytes;
    this.kept = [];
  }

  /** Empties the journal and leaves the budget (its session was dropped). */
  release(): void {
    this.clear();
    this.budget.journals.delete(this);
  }

  keeps(id: string): boolean {
    return this.kept.some(({ record }) => record.id === id);
  }

  /** Matching entries, newest first. */
  entries(filter: JournalFilter = {}): JournalEntry[] {
    const matches = entryFilter(filter);
    const found: JournalEntry[] = [];
    for (const { record } of this.kept.toReversed()) {
      if (found.length >= (filter.limit ?? Infinity) || record.id === filter.since) break;
      if (matches(record)) found.push(journalEntry(record));
    }
    return found;
  }
}

/** Journal entries as they are recorded, for the live streams; bounded, so forgotten pages cannot pile listeners up. */
export class JournalFeed {
  private readonly listeners = new Set<(entry: JournalEntry) => void>();

  /** Undefined when the feed is full. */
  subscribe(listener: (entry: JournalEntry) => void): (() => void) | undefined {
    if (this.listeners.size >= 32) return undefined;
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(record: JournalRecord): void {
    if (this.listeners.size === 0) return;
    const entry = journalEntry(record);
    for (const listener of this.listeners) listener(entry);
  }
}

/** The bytes every session's journal keeps together (--journal-bytes): past `limit`, the oldest record of any session goes first. */
export class JournalBudget {
  used = 0;
  readonly journals = new Set<Journal>();

  constructor(readonly limit: number) {}

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
    for (const name in headers) bytes += name.length + String(headers[name]).length;
  return bytes + (record.requestBody?.length ?? 0) + (record.responseBody?.length ?? 0);
}

/** The bytes that hold JOURNAL_BODY_CHARS characters whatever they are (four bytes a character at most). */
const KEPT_BYTES = JOURNAL_BODY_CHARS * 4 + 4;

function isLong(body: string | Buffer | undefined): body is string {
  return typeof body === 'string' && body.length > JOURNAL_BODY_CHARS + 1;
}

/** A long text keeps a copy of its start; a Buffer (the cache's bytes) stays uncopied (`npm run bench`, include=plans,products). */
function keptBody(body: string | Buffer | undefined): string | Buffer | undefined {
  return isLong(body) ? Buffer.from(body.slice(0, JOURNAL_BODY_CHARS + 1)) : body;
}

export function journalEntry(record: JournalRecord): JournalEntry {
  return {
    id: record.id,
    at: new Date(record.at).toISOString(),
    method: record.method,
    url: record.url,
    path: pathOf(record),
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

const pathOf = (record: JournalRecord) => record.url.split('?')[0] ?? record.url;

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
    shown[name.toLowerCase()] = SECRET_HEADERS.test(name) ? '<redacted>' : [value].flat().join(', ');
  }
  return shown;
}

const RFC_3339 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ]([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/;

/** The ms an RFC 3339 date-time or full date stands for; undefined for any other text or a day the month has not. */
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

/** Whether `since` is a time, an id the journal keeps, or shaped like an id and not like a date (which would match all). */
export function sinceMeansSomething(since: string, kept: () => boolean): boolean {
  if (rfc3339Time(since) !== undefined) return true;
  if (SANE_ID.test(since) && !/^\d{4}-\d/.test(since)) return true;
  return kept();
}

/** The predicate of a filter; `since` as a time is checked here, as a request id by the walk. */
export function entryFilter(filter: JournalFilter): (record: JournalRecord) => boolean {
  const { path, status } = filter;
  const since = (filter.since === undefined ? undefined : rfc3339Time(filter.since)) ?? Number.NaN;
  return (record) =>
    (filter.method === undefined || record.method === filter.method.toUpperCase()) &&
    (path === undefined || matchesPattern(path, pathOf(record))) &&
    (status === undefined ||
      (status.endsWith('xx') ? String(record.status)[0] === status[0] : String(record.status) === status)) &&
    (Number.isNaN(since) || record.at >= since);
}

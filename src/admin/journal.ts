import type { Answer } from '../http/exchange.js';
import { SANE_ID } from '../http/request-id.js';
import { REDACTED, SECRET_HEADERS } from './header-text.js';
import type { JournalRecord } from './journal-record.js';
import { JournalSlots } from './journal-slots.js';
import { matchesPattern } from './path-pattern.js';

/** Bodies past this many characters are cut when shown. */
export const JOURNAL_BODY_CHARS = 16 * 1024;
export const DEFAULT_JOURNAL_SIZE = 1_000;

export type { JournalRecord };

/** Bytes of a body past which the journal keeps a cut copy: every entry shows at most JOURNAL_BODY_CHARS. */
const KEPT_BYTES = JOURNAL_BODY_CHARS * 4 + 4;

/**
 * What the journal keeps of a body when recording it: the body itself while small or shared with the response
 * cache (a reference costs nothing), else a copy of its start, so 1,000 entries of a session never hold
 * 1,000 megabyte bodies. A request's body is kept as the text it was sent as, never parsed: a string is one
 * object to the garbage collector, a parsed body a graph it would trace on every full collection.
 * @example keptBody(Buffer.alloc(1_000_000)).length // 65540
 */
export function keptBody<Body extends Buffer | string | undefined>(
  body: Body,
  shared = false,
): Body | Buffer {
  if (shared || body === undefined || body.length <= KEPT_BYTES) return body;
  return Buffer.isBuffer(body)
    ? Buffer.from(body.subarray(0, KEPT_BYTES))
    : Buffer.from(body.slice(0, KEPT_BYTES));
}

/**
 * What the journal keeps of an answer's headers: the response cache's frozen headers while the answer's are
 * still a copy of them (a reference costs nothing), else the answer's own, kept as text.
 * @example keptHeaders({ status: 200, headers: { ...cached }, body, sharedHeaders: cached }) // cached
 */
export function keptHeaders(
  answer: Pick<Answer, 'headers' | 'sharedHeaders'>,
): Readonly<Record<string, string | number>> {
  const { headers, sharedHeaders } = answer;
  if (sharedHeaders === undefined || headers === sharedHeaders) return headers;
  for (const name in headers) if (headers[name] !== sharedHeaders[name]) return headers;
  for (const name in sharedHeaders) if (!Object.hasOwn(headers, name)) return headers;
  return sharedHeaders;
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

/**
 * The last requests of one session, newest first, in a ring of fixed size. Entries are shaped (cut,
 * stringified) only when read; headers are redacted as they are kept.
 * @example journal.record(record); journal.entries({ status: '4xx' })
 */
export class Journal {
  /** Made on the first record: a session that records nothing holds no columns. */
  private slots: JournalSlots | undefined;
  private next = 0;
  private count = 0;

  constructor(readonly size = DEFAULT_JOURNAL_SIZE) {}

  record(record: JournalRecord): void {
    const length = Math.max(1, this.size);
    this.slots ??= new JournalSlots(length);
    // The oldest slot kept besides this one, whose text and the newer ones' the ring must keep.
    const others = Math.min(this.count, length - 1);
    this.slots.set(this.next, record, others === 0 ? undefined : (this.next - others + length) % length);
    this.next = (this.next + 1) % length;
    this.count = Math.min(this.count + 1, length);
  }

  clear(): void {
    this.slots?.clear();
    this.next = 0;
    this.count = 0;
  }

  /** Whether a kept entry has this request id. */
  keeps(id: string): boolean {
    const length = Math.max(1, this.size);
    for (let back = 1; back <= this.count; back++)
      if (this.slots?.get((this.next - back + length) % length).id === id) return true;
    return false;
  }

  /** Matching entries, newest first. */
  entries(filter: JournalFilter = {}): JournalEntry[] {
    const matches = recordFilter(filter);
    const found: JournalEntry[] = [];
    const length = Math.max(1, this.size);
    for (let back = 1; back <= this.count && found.length < (filter.limit ?? Infinity); back++) {
      const record = this.slots?.get((this.next - back + length) % length);
      if (record === undefined) continue;
      if (filter.since !== undefined && record.id === filter.since) break;
      if (matches(record)) found.push(journalEntry(record));
    }
    return found;
  }
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
 * silently match every entry; an id-shaped text the journal does not keep may be one its ring dropped, whose
 * newer entries are all it keeps.
 * @example sinceMeansSomething('2026-13-01T00:00:00Z', () => false) // false
 */
export function sinceMeansSomething(since: string, kept: () => boolean): boolean {
  if (rfc3339Time(since) !== undefined) return true;
  if (SANE_ID.test(since) && !/^\d{4}-\d/.test(since)) return true;
  return kept();
}

/** The predicate of a filter; `since` as a time is checked here, as a request id by the walk. */
export function recordFilter(filter: JournalFilter): (record: JournalRecord) => boolean {
  const path = filter.path;
  const since = (filter.since === undefined ? undefined : rfc3339Time(filter.since)) ?? Number.NaN;
  const status = filter.status;
  return (record) =>
    (filter.method === undefined || record.method === filter.method.toUpperCase()) &&
    (path === undefined || matchesPattern(path, record.url.split('?')[0] ?? '')) &&
    (status === undefined ||
      (status.endsWith('xx') ? String(record.status)[0] === status[0] : String(record.status) === status)) &&
    (Number.isNaN(since) || record.at >= since);
}

export function journalEntry(record: JournalRecord): JournalEntry {
  const request = shownBody(record.requestBody === undefined ? undefined : textOf(record.requestBody));
  const response = shownBody(record.responseBody === undefined ? undefined : textOf(record.responseBody));
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
    request: { headers: redacted(record.requestHeaders), ...request },
    response: { headers: redacted(record.responseHeaders), ...response },
  };
}

function textOf(body: string | Buffer): string {
  return typeof body === 'string' ? body : body.toString('utf8', 0, JOURNAL_BODY_CHARS * 4);
}

function shownBody(text: string | undefined): { body: string | null; truncated: boolean } {
  if (text === undefined) return { body: null, truncated: false };
  return text.length > JOURNAL_BODY_CHARS
    ? { body: text.slice(0, JOURNAL_BODY_CHARS), truncated: true }
    : { body: text, truncated: false };
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

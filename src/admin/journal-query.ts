import { SANE_ID } from '../http/route.js';
import type { IgnoredInput } from '../vendor/ignored-input.js';
import { matchesPattern } from './path-pattern.js';

// Reading the journal (GET /__subcat/requests): an entry's shape, what a filter means. Recording is journal.ts.

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

/** What a filter reads of an entry. */
export type EntryHead = Pick<JournalEntry, 'at' | 'method' | 'path' | 'status'>;

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

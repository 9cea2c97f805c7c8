import type { IncomingHttpHeaders } from 'node:http';
import type { IgnoredInput } from '../vendor/ignored-input.js';
import { entryFilter, type EntryHead, type JournalEntry, type JournalFilter } from './journal-query.js';

export type { JournalEntry, JournalFilter };

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

/** A record as kept, with the bytes the budget counts for it. */
interface Kept {
  record: JournalRecord;
  bytes: number;
}

/**
 * The last requests of one session, newest first: a bounded array of plain records used as a ring (the oldest
 * slot is overwritten, nothing shifts), each shaped into an entry only when read (see keptBody for the bodies);
 * `feed` is told of each (the live stream listens there).
 * @example journal.record(record); journal.entries({ status: '4xx' })
 */
export class Journal implements RequestJournal {
  private readonly slots: (Kept | undefined)[];
  /** Where the oldest record kept is, and how many are kept. */
  private first = 0;
  private count = 0;

  constructor(
    readonly size = DEFAULT_JOURNAL_SIZE,
    private readonly feed?: JournalFeed,
    private readonly budget = new JournalBudget(Number.POSITIVE_INFINITY),
  ) {
    this.slots = new Array<Kept | undefined>(Math.max(1, size));
    budget.journals.add(this);
  }

  record(record: JournalRecord): void {
    const shown = withKeptBodies(record);
    const kept = { record: shown, bytes: recordBytes(shown) };
    if (this.count === this.slots.length) this.dropOldest();
    this.slots[(this.first + this.count) % this.slots.length] = kept;
    this.count += 1;
    this.budget.used += kept.bytes;
    this.budget.keep();
    this.feed?.announce(kept.record);
  }

  /** When the oldest record kept was made, or undefined when none is kept. */
  get oldest(): number | undefined {
    return this.count === 0 ? undefined : this.slots[this.first]?.record.at;
  }

  dropOldest(): void {
    if (this.count === 0) return;
    this.budget.used -= this.slots[this.first]?.bytes ?? 0;
    this.slots[this.first] = undefined;
    this.first = (this.first + 1) % this.slots.length;
    this.count -= 1;
  }

  clear(): void {
    while (this.count > 0) this.dropOldest();
    this.first = 0;
  }

  /** Empties the journal and leaves the budget (its session was dropped). */
  release(): void {
    this.clear();
    this.budget.journals.delete(this);
  }

  keeps(id: string): boolean {
    for (let at = 0; at < this.count; at++) if (this.newest(at)?.id === id) return true;
    return false;
  }

  /** Matching entries, newest first. */
  entries(filter: JournalFilter = {}): JournalEntry[] {
    const matches = entryFilter(filter);
    const found: JournalEntry[] = [];
    for (let at = 0; at < this.count && found.length < (filter.limit ?? Infinity); at++) {
      const record = this.newest(at);
      if (record === undefined) continue;
      if (filter.since !== undefined && record.id === filter.since) break;
      // Shaped only once it matches: headers and bodies cost most of a query over a full journal.
      if (matches(entryHead(record))) found.push(journalEntry(record));
    }
    return found;
  }

  /** The record `back` places before the newest (0: the newest). */
  private newest(back: number): JournalRecord | undefined {
    return this.slots[(this.first + this.count - 1 - back) % this.slots.length]?.record;
  }
}

/**
 * Journal entries as they are recorded, for listeners such as the live stream of the inspector; bounded, so a
 * forgotten page cannot pile listeners up.
 * @example const stop = feed.subscribe((entry) => send(entry)); stop();
 */
export class JournalFeed {
  private readonly listeners = new Set<(entry: JournalEntry) => void>();

  constructor(readonly maxListeners = 32) {}

  /** Undefined when the feed is full. */
  subscribe(listener: (entry: JournalEntry) => void): (() => void) | undefined {
    if (this.listeners.size >= this.maxListeners) return undefined;
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener of `record`, shaped as an entry only when someone listens. */
  announce(record: JournalRecord): void {
    if (this.listeners.size === 0) return;
    const entry = journalEntry(record);
    for (const listener of this.listeners) listener(entry);
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
    for (const name in headers) bytes += name.length + String(headers[name]).length;
  return bytes + (record.requestBody?.length ?? 0) + (record.responseBody?.length ?? 0);
}

/** The bytes that hold JOURNAL_BODY_CHARS characters whatever they are (four bytes a character at most). */
const KEPT_BYTES = JOURNAL_BODY_CHARS * 4 + 4;

/**
 * A body as the journal keeps it. A Buffer is kept as it is, uncopied: it is the response cache's final bytes
 * (or a write's), never changed, and the budget counts all of it; a copy of every large cached page made the
 * garbage collector most of that page's cost (`npm run bench`, include=plans,products: 486 against 283
 * µs a request with the journal off). A longer text keeps a copy of the start it shows.
 */
function keptBody(body: string | Buffer | undefined): string | Buffer | undefined {
  if (!isLongText(body)) return body;
  return Buffer.from(body.slice(0, JOURNAL_BODY_CHARS + 1));
}

function isLongText(body: string | Buffer | undefined): body is string {
  return typeof body === 'string' && body.length > JOURNAL_BODY_CHARS + 1;
}

/** The record itself when its bodies are kept as they are (most are), else a copy with them cut. */
function withKeptBodies(record: JournalRecord): JournalRecord {
  if (!isLongText(record.requestBody) && !isLongText(record.responseBody)) return record;
  return {
    ...record,
    requestBody: keptBody(record.requestBody),
    responseBody: keptBody(record.responseBody),
  };
}

/** What a filter reads of a record: cheap to make, unlike the entry's headers and bodies. */
function entryHead(record: JournalRecord): EntryHead {
  const path = record.url.split('?')[0] ?? record.url;
  return { at: new Date(record.at).toISOString(), method: record.method, path, status: record.status };
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

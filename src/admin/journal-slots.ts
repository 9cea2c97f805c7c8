import type { Answer } from '../http/exchange.js';
import { headerText, headersOfText } from './header-text.js';
import type { JournalRecord } from './journal-record.js';
import { TextRing } from './text-ring.js';

/** Texts gathered before one write to the ring: a write per request cost 1.7 µs of CPU a record, one per 64 0.6. */
const PENDING_TEXTS = 64;

/**
 * The journal's records, kept flat: numbers in typed arrays, the few strings every request shares (method,
 * operation, session) as references, and the text of each request (id, URL, headers, redacted) as bytes in a
 * TextRing, outside the V8 heap. A record kept as an object graph (the record, the request's headers object
 * and its strings, the URL) outlived the young generation and died in the old one: 16.5% more server CPU per
 * cached GET than no journal (/tmp/jcost-journal.mjs, 11 rounds), about half of it garbage collection.
 * @example slots.set(0, record); slots.get(0).url
 */
export class JournalSlots {
  private readonly at: Float64Array;
  private readonly durationMs: Float64Array;
  private readonly status: Float64Array;
  /** Where each slot's text starts in the ring (absolute), its bytes, and its parts' lengths in characters. */
  private readonly textStart: Float64Array;
  private readonly textBytes: Uint32Array;
  private readonly idChars: Uint32Array;
  private readonly urlChars: Uint32Array;
  private readonly requestHeaderChars: Uint32Array;
  private readonly method: string[];
  private readonly operationId: (string | undefined)[];
  private readonly session: string[];
  private readonly fault: (string | undefined)[];
  private readonly requestBody: JournalRecord['requestBody'][];
  private readonly responseBody: Answer['body'][];
  /** The answer's headers when they are the response cache's (frozen, shared: a reference costs nothing). */
  private readonly sharedHeaders: (Readonly<Record<string, string | number>> | undefined)[];
  private readonly text = new TextRing();
  /** Texts not yet in the ring and their slots: one write for many requests, not one each. */
  private readonly pendingTexts: string[] = [];
  private readonly pendingSlots: number[] = [];
  /** The oldest slot whose text must be kept, as of the last `set`. */
  private oldest: number | undefined;

  constructor(readonly size: number) {
    this.at = new Float64Array(size);
    this.durationMs = new Float64Array(size);
    this.status = new Float64Array(size);
    this.textStart = new Float64Array(size);
    this.textBytes = new Uint32Array(size);
    this.idChars = new Uint32Array(size);
    this.urlChars = new Uint32Array(size);
    this.requestHeaderChars = new Uint32Array(size);
    this.method = new Array<string>(size).fill('');
    this.operationId = new Array<string | undefined>(size).fill(undefined);
    this.session = new Array<string>(size).fill('');
    this.fault = new Array<string | undefined>(size).fill(undefined);
    this.requestBody = new Array<JournalRecord['requestBody']>(size).fill(undefined);
    this.responseBody = new Array<Answer['body']>(size).fill(undefined);
    this.sharedHeaders = new Array<Readonly<Record<string, string | number>> | undefined>(size).fill(
      undefined,
    );
  }

  /** Keeps `record` in `slot`; the text of slots from `oldest` on (that slot included) is kept, older text may go. */
  set(slot: number, record: JournalRecord, oldest: number | undefined): void {
    const shared = Object.isFrozen(record.responseHeaders) ? record.responseHeaders : undefined;
    const requestHeaders = headerText(record.requestHeaders);
    this.pendingTexts.push(
      record.id +
        record.url +
        requestHeaders +
        (shared === undefined ? headerText(record.responseHeaders) : ''),
    );
    this.pendingSlots.push(slot);
    this.textStart[slot] = Number.NaN;
    this.oldest = oldest;
    if (this.pendingTexts.length >= PENDING_TEXTS) this.flush();
    this.idChars[slot] = record.id.length;
    this.urlChars[slot] = record.url.length;
    this.requestHeaderChars[slot] = requestHeaders.length;
    this.at[slot] = record.at;
    this.durationMs[slot] = record.durationMs;
    this.status[slot] = record.status;
    this.method[slot] = same(this.method, slot, record.method);
    this.operationId[slot] = same(this.operationId, slot, record.operationId);
    this.session[slot] = same(this.session, slot, record.session);
    this.fault[slot] = record.fault;
    this.requestBody[slot] = record.requestBody;
    this.responseBody[slot] = record.responseBody;
    this.sharedHeaders[slot] = shared;
  }

  /** The record in `slot`, made again from what was kept (its headers already redacted). */
  get(slot: number): JournalRecord {
    if (this.pendingTexts.length > 0) this.flush();
    const text = this.text.read(this.textStart[slot] ?? 0, this.textBytes[slot] ?? 0);
    const idEnd = this.idChars[slot] ?? 0;
    const urlEnd = idEnd + (this.urlChars[slot] ?? 0);
    const requestEnd = urlEnd + (this.requestHeaderChars[slot] ?? 0);
    return {
      id: text.slice(0, idEnd),
      at: this.at[slot] ?? 0,
      method: this.method[slot] ?? '',
      url: text.slice(idEnd, urlEnd),
      operationId: this.operationId[slot],
      status: this.status[slot] ?? 0,
      durationMs: this.durationMs[slot] ?? 0,
      session: this.session[slot] ?? '',
      fault: this.fault[slot],
      requestHeaders: headersOfText(text.slice(urlEnd, requestEnd)),
      requestBody: this.requestBody[slot],
      responseHeaders: this.sharedHeaders[slot] ?? headersOfText(text.slice(requestEnd)),
      responseBody: this.responseBody[slot],
    };
  }

  /**
   * Writes the pending texts to the ring in one go, each slot told where its text starts. A text is ASCII as
   * a rule (ids, URLs and headers as parsed), so its bytes are its characters, known without asking.
   */
  private flush(): void {
    const texts = this.pendingTexts;
    const slots = this.pendingSlots;
    const oldest = this.oldest === undefined ? Number.NaN : (this.textStart[this.oldest] ?? Number.NaN);
    const joined = texts.join('');
    const start = this.text.write(joined, Number.isNaN(oldest) ? this.text.end : oldest);
    const ascii = this.text.end - start === joined.length;
    let at = start;
    for (let index = 0; index < texts.length; index++) {
      const text = texts[index] ?? '';
      const slot = slots[index] ?? 0;
      const bytes = ascii ? text.length : Buffer.byteLength(text);
      this.textStart[slot] = at;
      this.textBytes[slot] = bytes;
      at += bytes;
    }
    texts.length = 0;
    slots.length = 0;
  }

  /** Lets every kept body, shared headers object and byte go. */
  clear(): void {
    this.pendingTexts.length = 0;
    this.pendingSlots.length = 0;
    this.requestBody.fill(undefined);
    this.responseBody.fill(undefined);
    this.sharedHeaders.fill(undefined);
    this.text.clear();
  }
}

/**
 * The string the slot before holds when it is equal: every request's copy of the same session name or method
 * is then garbage at once instead of kept.
 */
function same<Value extends string | undefined>(column: Value[], slot: number, value: Value): Value {
  const before = column[slot === 0 ? column.length - 1 : slot - 1];
  return before === value ? (before as Value) : value;
}

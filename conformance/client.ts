import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { Agent as UndiciAgent, Dispatcher } from 'undici';
import { bodyText } from './body-text.js';
import { detachedSlice } from './detached-slice.js';

/** What was sent, exactly (body as the text on the wire). */
export interface ExchangeRequest {
  method: string;
  url: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body?: string;
}

/** What came back; `body` is the parsed JSON, undefined when the text is empty or not JSON. */
export interface ExchangeResponse {
  status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: unknown;
  /** The start of the text (TEXT_KEPT characters): the whole text is not kept once parsed. */
  text: string;
  /** Bytes of the whole body as received. */
  bytes: number;
  ms: number;
}

/** One request and its response, tagged with the operation it exercised and the check that sent it. */
export interface Exchange {
  /** 1, 2, ... in the order the answers arrived. */
  seq: number;
  request: ExchangeRequest;
  response: ExchangeResponse;
  /** operationId, when the request targets one of the spec's operations. */
  operation?: string;
  /** Id of the check that sent it. */
  checkId?: string;
  /** See OperationRequest.label. */
  label?: string;
  /** Set when the body passed --max-body-bytes: the body was dropped unread past the cap. */
  overLimit?: number;
}

export interface SendOptions {
  method: string;
  url: string | URL;
  headers?: Record<string, string>;
  /** Serialised as JSON with `content-type: application/json`. */
  json?: unknown;
  /** Sent as is (malformed JSON, other media types); wins over `json`. */
  body?: string;
  operation?: string;
  label?: string;
  /** Sent at once whatever the request window: deliberate concurrency checks race requests on purpose. */
  burst?: boolean;
  /**
   * Which waiting request gets the next free slot: the lowest first, the same in the order they came. The
   * runner gives the checks with the longest chains of round trips the lowest, so those chains never wait.
   */
  priority?: number;
}

/**
 * Why a request got no judgeable answer: the network, the run's deadline, a body over the cap, or a Retry-After
 * longer than the run could afford to wait.
 */
export type TransportKind = 'transport' | 'deadline' | 'body-too-large' | 'unaffordable-wait';

/** The server could not be talked to (refused, timeout, reset), the run ran out of time, or the body was too big. */
export class TransportError extends Error {
  /** A body-too-large answer as recorded for the whole-run checks (the caller gets this error instead). */
  exchange?: Exchange;
  /** The status when the server did answer but the rest failed (the body dripped, was cut or timed out). */
  answered?: number;

  constructor(
    readonly request: ExchangeRequest,
    /** A short code: ECONNREFUSED, ENOTFOUND, ETIMEDOUT after 10000 ms, ... */
    readonly code: string,
    /** The underlying error message, for reports. */
    readonly detail: string,
    readonly kind: TransportKind = 'transport',
  ) {
    super(
      kind === 'transport'
        ? `no answer from ${request.method} ${request.url}: ${code}`
        : `${request.method} ${request.url}: ${code}`,
    );
    this.name = 'TransportError';
  }
}

/** The run's --deadline passed while a check waited. */
export class DeadlinePassed extends Error {
  constructor() {
    super('the run deadline (--deadline) passed');
    this.name = 'DeadlinePassed';
  }
}

export interface ClientOptions {
  /** Sent on every request to the base URL's origin, after the defaults (so they can override `accept`). */
  headers: ReadonlyArray<readonly [string, string]>;
  timeoutMs: number;
  /** The origin configured headers may go to; requests elsewhere carry none of them. Undefined: any. */
  origin?: string;
  /** Bodies over this many bytes are dropped (the exchange is recorded with `overLimit`). */
  maxBodyBytes?: number;
  /** At most this many requests a second, across all concurrent checks. */
  rate?: number;
  /** Aborts every request and wait when the run's deadline passes. */
  signal?: AbortSignal;
  /** The longest Retry-After the client waits for before retrying a 429/503 (longer: the answer stands). */
  retryAfterCapMs?: number;
  /** Requests open at once at most (--concurrency); the window halves after a timeout and grows back with answers. */
  maxInFlight?: number;
  /** When the run must end (performance.now() time): a Retry-After that would pass it is not waited for. */
  endsAt?: number;
}

/** What the client did besides plain answers: shown in every report so a slow or throttled run says why. */
export interface TransportNotes {
  /** Idempotent requests sent again after transport trouble. */
  retries: number;
  /** Retry-After waits honoured, and the time spent in them. */
  waits: number;
  waitedMs: number;
  /** Retry-After asks the run could not afford (longer than the cap or the time left). */
  unaffordableWaits: number;
  /** Requests that timed out (each halves the request window). */
  timeouts: number;
  /** Time spent pacing to --rate. */
  pacedMs: number;
}

// undici's index also loads fetch, WebSocket, caches and mocks, which the kit never uses: a tenth of a second
// of every run's start. Its agent and request() are loaded on their own (undici's version is pinned exactly).
const requireUndici = createRequire(import.meta.url);
const Agent = requireUndici('undici/lib/dispatcher/agent.js') as typeof UndiciAgent;
const requestVia = requireUndici('undici/lib/api/api-request.js') as (
  this: Dispatcher,
  options: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;
/** undici's own URL check (http or https, a host), as its index's request() runs it. */
const { parseURL } = requireUndici('undici/lib/core/util.js') as { parseURL: (url: string) => URL };

/** Characters of a response's text kept after parsing: enough for any report. */
export const TEXT_KEPT = 8000;
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRY_AFTER_ATTEMPTS = 3;

/**
 * The kit's HTTP client: never throws on an HTTP status; retries an idempotent request once after transport
 * trouble and any request after a 429/503 with Retry-After; paces to --rate; drops bodies over the cap; sends
 * configured headers to the base URL's origin only; hands every exchange to `onExchange` and keeps none.
 */
export class Client {
  /** Exchanges recorded so far. */
  count = 0;
  /** See every recorded exchange as it arrives (whole-run checks); the client itself keeps none. */
  readonly listeners: Array<(exchange: Exchange) => void> = [];
  private readonly agent: UndiciAgent;
  private nextSlot = 0;
  /** The turns of --rate, one after another. */
  private paced: Promise<void> = Promise.resolve();
  private open = 0;
  /** How many requests may be open now: between 1 and maxInFlight. */
  private window: number;
  /** Set at the first timeout: from then on the window grows slowly. */
  private congested = false;
  /** Requests waiting for a slot, lowest priority number first, in order of arrival within one. */
  private readonly waiting: Array<{ priority: number; wake: () => void }> = [];
  /** Retries, waits and timeouts, for the reports. */
  readonly notes: TransportNotes = {
    retries: 0,
    waits: 0,
    waitedMs: 0,
    unaffordableWaits: 0,
    timeouts: 0,
    pacedMs: 0,
  };

  constructor(private readonly options: ClientOptions) {
    // Slow start: a quarter of the most at first, one more per answer until the first timeout.
    this.window = Math.max(1, Math.floor((options.maxInFlight ?? Number.POSITIVE_INFINITY) / 4));
    options.signal?.addEventListener('abort', () => this.wake(Number.POSITIVE_INFINITY));
    this.agent = new Agent({
      connect: { timeout: options.timeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  /** Sends one request and records it; throws only a TransportError. */
  async send(options: SendOptions, checkId?: string): Promise<Exchange> {
    let waits = 0;
    for (let attempt = 0; ; attempt++) {
      let exchange: Exchange;
      try {
        exchange = await this.exchange(options);
      } catch (error) {
        const retry =
          error instanceof TransportError &&
          error.kind === 'transport' &&
          attempt === 0 &&
          IDEMPOTENT.has(options.method.toUpperCase());
        if (retry) {
          this.notes.retries++;
          continue;
        }
        if (
          error instanceof TransportError &&
          error.kind === 'body-too-large' &&
          error.exchange !== undefined
        ) {
          this.record(error.exchange, options, checkId);
        }
        throw error;
      }
      const wait = retryAfterMs(exchange.response);
      if (wait !== undefined && waits < RETRY_AFTER_ATTEMPTS) {
        const cap = this.options.retryAfterCapMs ?? 30_000;
        const left =
          this.options.endsAt === undefined
            ? Number.POSITIVE_INFINITY
            : this.options.endsAt - performance.now();
        if (wait > cap || wait >= left) {
          // Waiting would outlast what the run can afford: the check cannot judge, and says why.
          // Not recorded: a throttled answer is no verdict on the contract (robustness.no-5xx would take it for one).
          this.notes.unaffordableWaits++;
          const why =
            wait > cap
              ? `longer than the ${Math.round(cap / 1000)} s the kit waits at most`
              : `longer than the ${Math.max(0, Math.round(left / 1000))} s the run has left`;
          throw new TransportError(
            exchange.request,
            `answered ${exchange.response.status} asking to wait ${Math.round(wait / 1000)} s (Retry-After), ${why}`,
            'not waited for',
            'unaffordable-wait',
          );
        }
        waits++;
        this.notes.waits++;
        this.notes.waitedMs += wait;
        await this.sleep(wait);
        continue;
      }
      return this.record(exchange, options, checkId);
    }
  }

  /** A request that is not recorded: used once before the run to tell "unreachable" from "wrong". */
  async probe(url: string | URL): Promise<void> {
    try {
      await this.exchange({ method: 'GET', url });
    } catch (error) {
      // An answer too big to keep is still an answer: the server is there.
      if (!(error instanceof TransportError) || error.kind !== 'body-too-large') throw error;
    }
  }

  /** Waits, or throws DeadlinePassed when the run's deadline passes first. */
  async sleep(ms: number): Promise<void> {
    try {
      await delay(ms, undefined, this.options.signal === undefined ? {} : { signal: this.options.signal });
    } catch {
      throw new DeadlinePassed();
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private record(exchange: Exchange, options: SendOptions, checkId: string | undefined): Exchange {
    exchange.seq = ++this.count;
    if (checkId !== undefined) exchange.checkId = checkId;
    if (options.label !== undefined) exchange.label = options.label;
    for (const listener of this.listeners) listener(exchange);
    return exchange;
  }

  private deadlinePassed(): boolean {
    return this.options.signal?.aborted === true;
  }

  /** Whether configured headers may go to this URL: the base URL's origin only. */
  private trusted(url: string): boolean {
    if (this.options.origin === undefined) return true;
    try {
      return new URL(url).origin === this.options.origin;
    } catch {
      return false;
    }
  }

  /** Waits for a free slot (window permitting), behind waiters of a lower priority number; the deadline wakes all. */
  private async acquire(priority: number): Promise<void> {
    while (this.open >= Math.max(1, Math.floor(this.window)) && !this.deadlinePassed()) {
      await new Promise<void>((wake) => {
        const after = this.waiting.findLastIndex((waiter) => waiter.priority <= priority);
        this.waiting.splice(after + 1, 0, { priority, wake });
      });
    }
    this.open++;
  }

  /** Frees a slot: a timeout halves the window, an answer widens it again (slow start, then AIMD, as TCP). */
  private release(outcome: 'answered' | 'timeout' | 'other'): void {
    this.open--;
    const most = this.options.maxInFlight ?? Number.POSITIVE_INFINITY;
    if (outcome === 'timeout') {
      this.congested = true;
      this.window = Math.max(1, Math.floor(this.window / 2));
    } else if (outcome === 'answered') {
      this.window = Math.min(most, this.window + (this.congested ? 1 / this.window : 1));
    }
    this.wake(Math.max(1, Math.floor(this.window)) - this.open);
  }

  private wake(count: number): void {
    for (let i = 0; i < count && this.waiting.length > 0; i++) this.waiting.shift()?.wake();
  }

  /** Spaces sends by 1/rate seconds, each measured from when the previous one really went. */
  private pace(): Promise<void> {
    const rate = this.options.rate;
    if (rate === undefined) return Promise.resolve();
    const turn = this.paced.then(async () => {
      const wait = this.nextSlot - performance.now();
      if (wait > 0) {
        this.notes.pacedMs += wait;
        await this.sleep(wait);
      }
      this.nextSlot = performance.now() + 1000 / rate;
    });
    // A failed turn (the deadline) must not stop the turns after it.
    this.paced = turn.catch(() => undefined);
    return turn;
  }

  private async exchange(options: SendOptions): Promise<Exchange> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let body = options.body;
    if (body === undefined && options.json !== undefined) body = JSON.stringify(options.json);
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    const url = String(options.url);
    if (this.trusted(url)) {
      for (const [name, value] of this.options.headers) headers[name.toLowerCase()] = value;
    }
    const sent: ExchangeRequest = { method: options.method.toUpperCase(), url, headers };
    if (body !== undefined) sent.body = body;
    if (this.deadlinePassed())
      throw new TransportError(sent, 'the run deadline passed', 'not sent', 'deadline');

    if (options.burst !== true) await this.acquire(options.priority ?? 0);
    else this.open++;
    let outcome: 'answered' | 'timeout' | 'other' = 'other';
    try {
      // Paced once a slot is held, so a request waiting for a slot does not bunch up with the next one.
      await this.pace().catch(() => {
        throw new TransportError(sent, 'the run deadline passed', 'not sent', 'deadline');
      });
      const exchange = await this.timedExchange(sent, headers, body, options);
      // A server that says it is busy gets fewer requests at once, as after a timeout.
      outcome = exchange.response.status === 429 || exchange.response.status === 503 ? 'timeout' : 'answered';
      return exchange;
    } catch (error) {
      if (error instanceof TransportError && error.code.startsWith('ETIMEDOUT')) {
        outcome = 'timeout';
        this.notes.timeouts++;
      } else if (error instanceof TransportError && error.kind === 'body-too-large') outcome = 'answered';
      throw error;
    } finally {
      this.release(outcome);
    }
  }

  private async timedExchange(
    sent: ExchangeRequest,
    headers: Record<string, string>,
    body: string | undefined,
    options: SendOptions,
  ): Promise<Exchange> {
    const started = performance.now();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal =
      this.options.signal === undefined ? timeout : AbortSignal.any([timeout, this.options.signal]);
    let response: Dispatcher.ResponseData | undefined;
    let raw: { text: string; bytes: number } | { bytes: number; over: true };
    try {
      const target = parseURL(sent.url);
      response = await requestVia.call(this.agent, {
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: sent.method as 'GET',
        headers,
        body: body ?? null,
        signal,
      });
      raw = await readCapped(response, this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    } catch (error) {
      if (this.deadlinePassed()) {
        throw new TransportError(sent, 'the run deadline passed', errorDetail(error), 'deadline');
      }
      const code = errorCode(error, this.options.timeoutMs);
      if (response === undefined) throw new TransportError(sent, code, errorDetail(error));
      // Headers came: the server is there, its body is what failed.
      const failed = new TransportError(
        sent,
        `answered ${response.statusCode} but its body did not arrive whole: ${code}`,
        errorDetail(error),
      );
      failed.answered = response.statusCode;
      throw failed;
    }
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const answered = {
      status: response.statusCode,
      headers: flattenHeaders(response.headers),
      ms,
      bytes: raw.bytes,
    };
    if ('over' in raw) {
      const cap = this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      const error = new TransportError(
        sent,
        `body over --max-body-bytes ${cap} (dropped after ${raw.bytes} bytes)`,
        'body too large',
        'body-too-large',
      );
      error.exchange = {
        seq: 0,
        request: sent,
        response: { ...answered, body: undefined, text: '' },
        ...(options.operation === undefined ? {} : { operation: options.operation }),
        overLimit: cap,
      };
      throw error;
    }
    return {
      seq: 0,
      request: sent,
      response: { ...answered, body: parseJson(raw.text), text: detachedSlice(raw.text, TEXT_KEPT) },
      ...(options.operation === undefined ? {} : { operation: options.operation }),
    };
  }
}

/** Reads a body up to `cap` bytes; past it (or a content-length over it) stops reading and drops the body. */
async function readCapped(
  response: Dispatcher.ResponseData,
  cap: number,
): Promise<{ text: string; bytes: number } | { bytes: number; over: true }> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) {
    response.body.destroy();
    return { bytes: declared, over: true };
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > cap) {
      response.body.destroy();
      return { bytes, over: true };
    }
    chunks.push(chunk);
  }
  return { text: bodyText(chunks), bytes };
}

/** Milliseconds a 429 or 503 asks to wait (Retry-After in seconds or as an HTTP date), else undefined. */
export function retryAfterMs(
  response: Pick<ExchangeResponse, 'status' | 'headers'>,
  now = Date.now(),
): number | undefined {
  if (response.status !== 429 && response.status !== 503) return undefined;
  const header = response.headers['retry-after']?.trim();
  if (header === undefined || header === '') return undefined;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The parsed body, or undefined: a body that is not JSON is reported by the checks, not thrown. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The most telling short code of a network error (undici nests them in `cause` and AggregateErrors). */
export function errorCode(error: unknown, timeoutMs: number): string {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_CONNECT_TIMEOUT') {
      return `ETIMEDOUT after ${timeoutMs} ms`;
    }
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
      return `ETIMEDOUT after ${timeoutMs} ms`;
    if (code === 'UND_ERR_SOCKET') return 'ECONNRESET (the connection closed mid-answer)';
    if (code === 'UND_ERR_HEADERS_OVERFLOW')
      return 'headers over the 16 KiB the kit reads (UND_ERR_HEADERS_OVERFLOW)';
    if (code === 'HPE_HEADER_OVERFLOW') return 'headers over the 16 KiB the kit reads (HPE_HEADER_OVERFLOW)';
    if (typeof code === 'string' && code !== '' && !code.startsWith('UND_ERR')) return code;
    queue.push((current as { cause?: unknown }).cause, ...((current as { errors?: unknown[] }).errors ?? []));
  }
  const fallback = (error as { code?: unknown } | null)?.code;
  return typeof fallback === 'string' ? fallback : 'network error';
}

function errorDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

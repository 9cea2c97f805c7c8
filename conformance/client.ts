import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';

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
  text: string;
  ms: number;
}

/** One request and its response, tagged with the operation it exercised and the check that sent it. */
export interface Exchange {
  request: ExchangeRequest;
  response: ExchangeResponse;
  /** operationId, when the request targets one of the spec's operations. */
  operation?: string;
  /** Id of the check that sent it. */
  checkId?: string;
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
}

/** The server could not be talked to (refused, unknown host, timeout, reset): not an HTTP answer. */
export class TransportError extends Error {
  constructor(
    readonly request: ExchangeRequest,
    /** A short code: ECONNREFUSED, ENOTFOUND, ETIMEDOUT, ... */
    readonly code: string,
    /** The underlying error message, for reports. */
    readonly detail: string,
  ) {
    super(`cannot reach ${request.url}: ${code}`);
    this.name = 'TransportError';
  }
}

export interface ClientOptions {
  /** Sent on every request, after the defaults (so they can override `accept`). */
  headers: ReadonlyArray<readonly [string, string]>;
  timeoutMs: number;
}

/**
 * The kit's HTTP client: never throws on an HTTP status, records every exchange so whole-run checks
 * (no 5xx anywhere, every body valid) can look back at all of them.
 */
export class Client {
  readonly exchanges: Exchange[] = [];
  private readonly agent: Agent;

  constructor(private readonly options: ClientOptions) {
    this.agent = new Agent({
      connect: { timeout: options.timeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  /** Sends one request and records it; throws only a TransportError. */
  async send(options: SendOptions, checkId?: string): Promise<Exchange> {
    const exchange = await this.exchange(options);
    if (checkId !== undefined) exchange.checkId = checkId;
    this.exchanges.push(exchange);
    return exchange;
  }

  /** A request that is not recorded: used once before the run to tell "unreachable" from "wrong". */
  async probe(url: string | URL): Promise<Exchange> {
    return this.exchange({ method: 'GET', url });
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async exchange(options: SendOptions): Promise<Exchange> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let body = options.body;
    if (body === undefined && options.json !== undefined) body = JSON.stringify(options.json);
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    for (const [name, value] of this.options.headers) headers[name.toLowerCase()] = value;
    const sent: ExchangeRequest = { method: options.method.toUpperCase(), url: String(options.url), headers };
    if (body !== undefined) sent.body = body;

    const started = performance.now();
    try {
      const response = await request(sent.url, {
        method: sent.method as 'GET',
        headers,
        body: body ?? null,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.body.text();
      const ms = Math.round((performance.now() - started) * 10) / 10;
      return {
        request: sent,
        response: {
          status: response.statusCode,
          headers: flattenHeaders(response.headers),
          body: parseJson(text),
          text,
          ms,
        },
        ...(options.operation === undefined ? {} : { operation: options.operation }),
      };
    } catch (error) {
      throw new TransportError(sent, errorCode(error, this.options.timeoutMs), errorDetail(error));
    }
  }
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
    if (typeof code === 'string' && code !== '' && !code.startsWith('UND_ERR')) return code;
    queue.push((current as { cause?: unknown }).cause, ...((current as { errors?: unknown[] }).errors ?? []));
  }
  const fallback = (error as { code?: unknown } | null)?.code;
  return typeof fallback === 'string' ? fallback : 'network error';
}

function errorDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

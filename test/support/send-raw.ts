import type { IncomingHttpHeaders } from 'node:http';
import { errors, request } from 'undici';

/** A request as the fuzzer builds it: the path is sent as is (already percent-encoded, or deliberately not). */
export interface RawRequest {
  method: string;
  /** Path and query after the origin, e.g. `/subscriptions/subscriptions?page[limit]=%ZZ`. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type RawOutcome =
  | { kind: 'response'; status: number; headers: IncomingHttpHeaders; text: string }
  /** undici refused to send it (an invalid header value or path): no request reached the server. */
  | { kind: 'client-rejected'; error: string }
  /** The exchange broke after the request left: the server reset or closed the connection without an answer. */
  | { kind: 'transport'; error: string };

// Anything slower than this is a hang (a catastrophic regex, a loop), reported as a transport failure.
const TIMEOUT_MS = 10_000;

/** Errors undici raises while validating a request, before anything is written to the socket. */
function isClientSideRejection(error: unknown): boolean {
  return (
    error instanceof errors.InvalidArgumentError ||
    error instanceof errors.NotSupportedError ||
    error instanceof errors.RequestContentLengthMismatchError ||
    (error instanceof TypeError && /Invalid URL|invalid/i.test(error.message))
  );
}

/** Sends one request and never throws: what the server did, or why nothing reached it. */
export async function sendRaw(origin: string, raw: RawRequest): Promise<RawOutcome> {
  try {
    const response = await request(origin + raw.path, {
      method: raw.method as 'GET',
      headers: raw.headers,
      body: raw.body,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    const text = await response.body.text();
    return { kind: 'response', status: response.statusCode, headers: response.headers, text };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return isClientSideRejection(error)
      ? { kind: 'client-rejected', error: message }
      : { kind: 'transport', error: message };
  }
}

/** A short, printable description of a request for failure messages (long bodies and values cut). */
export function describeRaw(raw: RawRequest): string {
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text;
  const body =
    raw.body === undefined
      ? ''
      : ` body=${cut(typeof raw.body === 'string' ? JSON.stringify(raw.body) : `<${raw.body.length} bytes>`, 300)}`;
  const headers = Object.entries(raw.headers ?? {})
    .map(([name, value]) => `${name}: ${cut(JSON.stringify(value), 120)}`)
    .join('; ');
  return `${raw.method} ${cut(raw.path, 400)}${headers === '' ? '' : ` [${headers}]`}${body}`;
}

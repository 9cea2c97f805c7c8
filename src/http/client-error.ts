import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { corsHeaders, corsHeadersForUnknownOrigin, type CorsOrigins } from './cors.js';
import { errorBody, errorObject } from './http-error.js';

/** What Node's HTTP parser rejects before any handler runs, said in words a client acts on. */
const PARSER_ERRORS: Readonly<Record<string, { status: number; detail: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'the request headers are too large' },
  HPE_INVALID_METHOD: {
    status: 400,
    detail: 'the request method is not a known HTTP method (methods are upper case)',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    detail: 'the request did not arrive in time (headers or body too slow)',
  },
  HPE_HEADER_TIMEOUT: { status: 408, detail: 'the request headers did not arrive in time' },
};
const FALLBACK = { status: 400, detail: 'the request is not valid HTTP/1.1' };

/** The Origin header of the bytes the parser saw, if they got that far: so a browser sees the real status. */
function originOf(raw: Buffer | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const head = raw.subarray(0, 16 * 1024).toString('latin1');
  return /\r\norigin:[ \t]*([^\r\n]*)/i.exec(head)?.[1]?.trim();
}

/** A whole HTTP/1.1 error response as bytes, with a request id and CORS headers like every other answer. */
export function rawErrorResponse(
  status: number,
  detail: string,
  origin: string | undefined,
  origins: CorsOrigins,
  extra: Record<string, string> = {},
): string {
  const object = errorObject(status, detail);
  const body = JSON.stringify(errorBody([object]));
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'x-request-id': randomUUID(),
    ...(origin === undefined ? corsHeadersForUnknownOrigin(origins) : corsHeaders(origin, origins)),
    ...extra,
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${object.title}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Answers a request the parser refused with the same JSON error body as every other 4xx, instead of
 * Node's bare status line, then closes the connection (its framing can no longer be trusted).
 */
export function answerClientError(origins: CorsOrigins) {
  return (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, detail } = PARSER_ERRORS[error.code ?? ''] ?? FALLBACK;
    // Closed both ways once written: a client keeping its side open would otherwise hold a shutdown.
    socket.end(rawErrorResponse(status, detail, originOf(error.rawPacket), origins), () => socket.destroy());
  };
}

/** CONNECT asks the mock to be a proxy: a 405 with a JSON body, as for any method a path does not serve. */
export function answerConnect(origins: CorsOrigins) {
  return (request: { headers: Record<string, string | string[] | undefined> }, socket: Duplex): void => {
    const origin = request.headers.origin;
    const detail = 'CONNECT is not allowed: the mock is not a proxy';
    socket.end(
      rawErrorResponse(405, detail, typeof origin === 'string' ? origin : undefined, origins, {
        Allow: 'GET, HEAD, POST, PUT, OPTIONS',
      }),
      () => socket.destroy(),
    );
  };
}

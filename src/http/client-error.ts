import type { Duplex } from 'node:stream';
import { errorObject } from './http-error.js';

/** What Node's HTTP parser rejects before any handler runs, said in words a client acts on. */
const PARSER_ERRORS: Readonly<Record<string, { status: number; detail: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'the request headers are too large' },
  HPE_INVALID_METHOD: {
    status: 400,
    detail: 'the request method is not a known HTTP method (methods are upper case)',
  },
};
const FALLBACK = { status: 400, detail: 'the request is not valid HTTP/1.1' };

/**
 * Answers a request the parser refused with the same JSON error body as every other 4xx, instead of
 * Node's bare status line, then closes the connection (its framing can no longer be trusted).
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, detail } = PARSER_ERRORS[error.code ?? ''] ?? FALLBACK;
  const object = errorObject(status, detail);
  const body = JSON.stringify({ errors: [object] });
  socket.end(
    `HTTP/1.1 ${status} ${object.title}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

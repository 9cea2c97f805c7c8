import type { ServerResponse } from 'node:http';
import { isJsonMediaType } from '../spec/validators.js';
import { HttpError, errorObject } from './http-error.js';
import type { Logger } from './logger.js';
import { JsonText } from './json-text.js';
import type { HandlerResult } from './route.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A result ready for the wire: its status, headers (Content-Type and Content-Length included) and body text. */
export interface RenderedResult {
  status: number;
  headers: Record<string, string | number>;
  /** Undefined for a response without a body (204, 304, or no body given). */
  text: string | undefined;
}

/** Serialises a handler's result: JSON unless the result names another Content-Type for a string body. */
export function renderResult(result: HandlerResult): RenderedResult {
  const { status, body } = result;
  const headers: Record<string, string | number> = {};
  let type: string | undefined;
  for (const name in result.headers) {
    const value = result.headers[name] as string;
    if (name.toLowerCase() === 'content-type') type = value;
    else headers[name] = value;
  }
  if (body === undefined || status === 204 || status === 304) return { status, headers, text: undefined };
  // A string body under a non-JSON Content-Type goes out as it is; anything else is JSON.
  const rawType = typeof body === 'string' && type !== undefined && !isJsonMediaType(type) ? type : undefined;
  const text =
    body instanceof JsonText ? body.text : rawType !== undefined ? (body as string) : JSON.stringify(body);
  headers['Content-Type'] = rawType ?? JSON_TYPE;
  headers['Content-Length'] = Buffer.byteLength(text, 'utf8');
  return { status, headers, text };
}

/** Writes a status, headers and body; headers already set on the response (request id, CORS) are kept. */
export function sendRendered(
  response: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string | number>>,
  body: string | Buffer | undefined,
): void {
  response.writeHead(status, headers);
  // A string goes out in one write together with the head; a Buffer as a second chunk of the same writev.
  if (body === undefined) response.end();
  else response.end(body);
}

/** Writes a handler's result (see renderResult). */
export function sendResult(response: ServerResponse, result: HandlerResult): void {
  const { status, headers, text } = renderResult(result);
  sendRendered(response, status, headers, text);
}

/** Any throwable as an HttpError: ours pass through; anything else is a bug, logged, and the last-resort 500. */
export function toHttpError(error: unknown, logger: Logger, requestId: string): HttpError {
  if (error instanceof HttpError) return error;
  logger.error(
    { err: error, requestId },
    'unhandled error in the request pipeline (a bug: the mock never means to answer 5xx)',
  );
  return new HttpError(500, [
    errorObject(500, `The mock failed on this request (a bug); request id ${requestId}`),
  ]);
}

/** The one place an error becomes a response: `{ errors: [...] }` with the error's status and headers. */
export function sendError(response: ServerResponse, error: HttpError): void {
  if (response.headersSent) {
    response.destroy(); // mid-response failure: the client must not mistake a cut body for a whole one
    return;
  }
  sendResult(response, { status: error.status, body: { errors: error.errors }, headers: error.headers });
}

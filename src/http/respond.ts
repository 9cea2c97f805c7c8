import type { ServerResponse } from 'node:http';
import { isJsonMediaType } from '../spec/validators.js';
import { HttpError, errorObject } from './http-error.js';
import type { Logger } from './logger.js';
import { JsonText } from './json-text.js';
import type { HandlerResult } from './route.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes a handler's result: JSON unless the result names another Content-Type for a string body. */
export function sendResult(response: ServerResponse, result: HandlerResult): void {
  const headers: Record<string, string> = { ...result.headers };
  const typeKey = Object.keys(headers).find((k) => k.toLowerCase() === 'content-type');
  const type = typeKey === undefined ? undefined : headers[typeKey];
  if (typeKey !== undefined) delete headers[typeKey];
  if (result.body === undefined || result.status === 204 || result.status === 304) {
    response.writeHead(result.status, headers).end();
    return;
  }
  const raw = typeof result.body === 'string' && type !== undefined && !isJsonMediaType(type);
  const text =
    result.body instanceof JsonText
      ? result.body.text
      : raw
        ? (result.body as string)
        : JSON.stringify(result.body);
  const payload = Buffer.from(text, 'utf8');
  response
    .writeHead(result.status, {
      ...headers,
      'Content-Type': raw ? type : JSON_TYPE,
      'Content-Length': payload.length,
    })
    .end(payload);
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
  sendResult(response, {
    status: error.status,
    body: { errors: error.errors },
    headers: { ...error.headers },
  });
}

import { MAX_LISTED } from '../contract/violation.js';
import { JsonText } from '../resources/json-text.js';
import type { Answer } from './exchange.js';
import { HttpError, errorObject, type ErrorObject } from './http-error.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The most error objects one response lists; the rest are counted in `meta.omitted` (decisions.md, Errors). */
export const MAX_ERRORS = MAX_LISTED;

/**
 * A JSON answer: a JsonText body goes out as it is, anything else is stringified; Content-Type and
 * Content-Length set.
 * @example jsonAnswer(200, { status: 'ok' })
 */
export function jsonAnswer(
  status: number,
  body: unknown,
  headers: Record<string, string | number> = {},
): Answer {
  const text = body instanceof JsonText ? body.text : JSON.stringify(body);
  // Filled in place: spreading the kept headers into a literal with two more took V8's slow path on every
  // answer (about 6 us of a create's CPU).
  const sent: Record<string, string | number> = {};
  for (const name in headers) if (!isContentHeader(name)) sent[name] = headers[name] as string | number;
  sent['Content-Type'] = JSON_TYPE;
  sent['Content-Length'] = body instanceof JsonText ? body.bytes : Buffer.byteLength(text);
  return { status, headers: sent, body: text };
}

/** Content-Type or Content-Length, in any case. */
function isContentHeader(name: string): boolean {
  if (name.length !== 12 && name.length !== 14) return false;
  const lower = name.toLowerCase();
  return lower === 'content-type' || lower === 'content-length';
}

/** The body of an error: at most MAX_ERRORS error objects, with how many were left out (`counted` more besides). */
export function errorBody(
  errors: readonly ErrorObject[],
  counted = 0,
): {
  errors: ErrorObject[];
  meta?: { omitted: number };
} {
  const listed = errors.slice(0, MAX_ERRORS);
  const omitted = errors.length - listed.length + counted;
  return omitted > 0 ? { errors: listed, meta: { omitted } } : { errors: listed };
}

/** The one place an error becomes an answer: `{ errors: [...] }` with the error's status and headers. */
export function errorAnswer(error: HttpError): Answer {
  return jsonAnswer(error.status, errorBody(error.errors, error.omitted), { ...error.headers });
}

/** The answer to something that is not an HttpError: a bug, said as such (the mock never means a 5xx). */
export function bugAnswer(requestId: string): Answer {
  const detail = `The mock failed on this request (a bug); request id ${requestId}`;
  return errorAnswer(new HttpError(500, [errorObject(500, detail)]));
}

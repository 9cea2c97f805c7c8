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
  const kept: Record<string, string | number> = {};
  for (const name in headers)
    if (!/^content-(type|length)$/i.test(name)) kept[name] = headers[name] as string | number;
  return {
    status,
    headers: { ...kept, 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text) },
    body: text,
  };
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

import { MAX_LISTED, type Violation } from '../contract/violation.js';
import { jsonAnswer, type Answer } from './route.js';

/** A JSON:API error object as decisions.md shapes it. */
export interface ErrorObject {
  status: string;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string; header?: string };
}

/** Short, fixed titles per status: the detail carries the specifics. */
const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  431: 'Request Header Fields Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The fixed title for a status; unknown statuses get a generic class title. */
export function statusTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : 'Status');
}

/** A detail or source past 1,024 characters is cut (ending in …): keys a client made huge stay out. */
const cut = (text: string) => (text.length > 1_024 ? `${text.slice(0, 1_023)}…` : text);

/** One error object for `status`, with the fixed title filled in; detail and source at most MAX_ERROR_TEXT long. */
export function errorObject(status: number, detail: string, source?: ErrorObject['source']): ErrorObject {
  const error: ErrorObject = { status: String(status), title: statusTitle(status), detail: cut(detail) };
  if (source !== undefined) {
    const shown: NonNullable<ErrorObject['source']> = {};
    if (source.pointer !== undefined) shown.pointer = cut(source.pointer);
    if (source.parameter !== undefined) shown.parameter = cut(source.parameter);
    if (source.header !== undefined) shown.header = cut(source.header);
    error.source = shown;
  }
  return error;
}

/** The one error type of the mock, thrown by steps and handlers; errorAnswer is where it becomes an answer. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  readonly headers: Readonly<Record<string, string>>;
  /** Errors found besides `errors` and only counted (Findings): the body's `meta.omitted` adds them. */
  readonly omitted: number;

  constructor(status: number, errors: ErrorObject[], headers: Record<string, string> = {}, omitted = 0) {
    super(errors.map((e) => e.detail).join('; ') || statusTitle(status));
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.headers = headers;
    this.omitted = omitted;
  }

  /** One error object per violation, with `omitted` more counted. */
  static ofViolations(status: number, violations: readonly Violation[], omitted = 0): HttpError {
    const errors = violations.map(({ in: where, at, detail }) =>
      errorObject(
        status,
        detail,
        where === 'body' ? { pointer: at } : where === 'header' ? { header: at } : { parameter: at },
      ),
    );
    return new HttpError(status, errors, {}, omitted);
  }

  /** A 400 listing query problems (`{ parameter, detail }`, as src/query returns them), one error each. */
  static badQuery(problems: readonly { parameter: string; detail: string }[]): HttpError {
    return new HttpError(
      400,
      problems.map((p) => errorObject(400, p.detail, { parameter: p.parameter })),
    );
  }

  /** A single-error HttpError, the common case. */
  static of(
    status: number,
    detail: string,
    source?: ErrorObject['source'],
    headers?: Record<string, string>,
  ) {
    return new HttpError(status, [errorObject(status, detail, source)], headers);
  }
}

/** The body of an error: at most MAX_LISTED error objects, with how many were left out (`counted` more besides). */
export function errorBody(
  errors: readonly ErrorObject[],
  counted = 0,
): {
  errors: ErrorObject[];
  meta?: { omitted: number };
} {
  const listed = errors.slice(0, MAX_LISTED);
  const omitted = errors.length - listed.length + counted;
  return omitted > 0 ? { errors: listed, meta: { omitted } } : { errors: listed };
}

/** The one place an error becomes an answer: `{ errors: [...] }` with the error's status and headers. */
export function errorAnswer(error: HttpError): Answer {
  return jsonAnswer(error.status, errorBody(error.errors, error.omitted), error.headers);
}

/** The answer to something that is not an HttpError: a bug, said as such (the mock never means a 5xx). */
export function bugAnswer(requestId: string): Answer {
  const detail = `The mock failed on this request (a bug); request id ${requestId}`;
  return errorAnswer(new HttpError(500, [errorObject(500, detail)]));
}

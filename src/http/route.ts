import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationValidators, SpecOperation, SpecValidators } from '../contract/validators.js';
import type { Violation } from '../contract/violation.js';
import type { Language } from '../i18n/language.js';
import type { IgnoredInput } from '../vendor/ignored-input.js';
/** Methods a route may serve; HEAD is answered by the GET route of the same path. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Everything a handler needs, in one object (as msw's resolvers). */
export interface HandlerContext<State> {
  request: IncomingMessage;
  /** Path parameters by the spec template's names, URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, already validated against the operation's request schema, or undefined. */
  body: unknown;
  url: URL;
  /** The public origin and base path, e.g. `http://127.0.0.1:4010/v2`. */
  base: string;
  /** The vendor prefix the path came in on (`/v2`, `/pcm`, or ''): links to the API keep it. */
  prefix: string;
  /** The best supported match of Accept-Language. */
  language: Language;
  state: State;
  /** The session's name, '' for the default. */
  session: string;
}

export interface HandlerResult {
  status: number;
  /** A string or Buffer goes out as it is (JSON unless a Content-Type says otherwise); any other value as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Writes the answer itself (a live stream): see Answer. */
  write?: Answer['write'];
}

export interface Route<State> {
  /** The spec's operationId: request validation and `Prefer` examples are looked up by it. */
  operationId?: string;
  method: HttpMethod;
  /** The spec's path template, e.g. `/subscriptions/subscriptions/{subscription_uuid}` (without base path). */
  path: string;
  handler(context: HandlerContext<State>): HandlerResult | Promise<HandlerResult>;
  /** Conflicts with the resource (decisions.md: 409), listed beside the schema's violations, which give way at the same place. */
  conflicts?: (request: { params: Readonly<Record<string, string>>; body: unknown }) => Violation[];
  /** Opts a GET into the response cache: a number every write moves (the handler must read only what the key holds). */
  cacheVersion?(state: State): number;
  /** The `include` members it serves: others are ignored and named, unless the mock is strict. */
  includes?: readonly string[];
  /** A JSON pointer whose object's unknown members are ignored and named, unless strict (the vendor's open body). */
  openMembers?: string;
  /** Set on the mock's own routes (admin-routes.ts): who may call it. */
  guard?: Guard;
}

/** Whether the request carries a body at all (RFC 9112: Content-Length or Transfer-Encoding). */
export function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The mock's own paths (its page, health check, admin API): exact ones and everything below a prefix. */
export interface OwnPaths {
  exact: readonly string[];
  below: string;
}

export function isOwnPath(own: OwnPaths, path: string): boolean {
  return own.exact.includes(path) || path.startsWith(own.below);
}

export type Next = () => Promise<Answer>;

/** One step: answer, or pass on to the next and perhaps change its answer (a step that only passes on may return `next()`). */
export type Step<E extends Exchange = Exchange> = (exchange: E, next: Next) => Promise<Answer>;

/**
 * The steps as one, each around the ones after it (as hono's compose); the last step must answer.
 * @example const pipeline = compose([cors, errors, route, validate, execute]); await pipeline(exchange)
 */
export function compose<E extends Exchange>(steps: readonly Step<E>[]): (exchange: E) => Promise<Answer> {
  // Async at the top: a step that is not async and throws (a 404 from routing) rejects the whole.
  return async (exchange) => {
    const at = (index: number): Promise<Answer> => {
      const step = steps[index];
      if (step === undefined) return Promise.reject(new Error('the pipeline ended without an answer'));
      return step(exchange, () => at(index + 1));
    };
    return await at(0);
  };
}

/** What a pipeline step answers: a status, headers and a body, not yet written. */
export interface Answer {
  status: number;
  headers: Readonly<Record<string, string | number>>;
  /** Undefined for no body (204, 304; HEAD is handled when sending). */
  body: Buffer | string | undefined;
  /** Writes the answer itself instead (a live stream, a fault that cuts or never answers). */
  write?: (exchange: Exchange) => void;
}

/** Who may call a route of the mock's own: the admin token, the token also as `?token=`, or anyone. */
export type Guard = 'token' | 'query' | 'open';

/** Where a path leads: a route (or Prism, for an operation only the spec describes) and its spec operation. */
export interface Target<State> {
  route?: Route<State>;
  op?: SpecOperation;
  /** The validators of the document `op` is in (the contract's, or the admin API's). */
  validators?: SpecValidators;
  /** `op`'s own validators, looked up once when the router is made. */
  operation?: OperationValidators;
  /** Set for the mock's own routes (health, control plane, inspector): no faults, Prefer, auth or journal. */
  guard?: Guard;
}

export interface RoutedRequest<State> {
  target: Target<State>;
  /** The path template it matched, e.g. `/subscriptions/subscriptions/{subscription_uuid}`. */
  template: string;
  params: Readonly<Record<string, string>>;
}

/** The session a request reads and writes: its name ('' for the default), a key unique in this mock, its state. */
export interface RequestSession<State> {
  name: string;
  /** Never the same for two sessions, even a dropped name used again: the response cache keys on it. */
  key: string;
  /** Undefined on the mock's own routes, which never make a session. */
  state: State | undefined;
}

/** The URL of a request the route step has not read yet (shared, never changed). */
const UNROUTED = new URL('http://localhost/');

/** One request on its way through the pipeline: what the steps learn (URL, route, session) is written here. */
export class Exchange<State = unknown> {
  readonly method: string;
  /** The request target's path as sent (before `?`, base path included, not decoded). */
  readonly sentPath: string;
  /** The public URL the client used (links are built from it); set by the route step. */
  url = UNROUTED;
  /** The path below the base path. */
  local = '/';
  /** The public origin and base path, e.g. `http://127.0.0.1:4010/v2`: every link starts with it. */
  base = '';
  /** The vendor prefix the path came in on (vendorPath in public-url.ts), '' for the spec's own paths. */
  prefix = '';
  /** Input ignored on the way (an unknown parameter, include value or body member): named in a header and the journal. */
  readonly ignored: IgnoredInput[] = [];
  routed?: RoutedRequest<State>;
  session?: RequestSession<State>;
  /** The parsed, validated JSON body, when the operation takes one. */
  body: unknown = undefined;
  /** The body's text as sent, for the journal. */
  bodyText: string | undefined = undefined;
  /** What a fault rule did to this request, for the journal. */
  fault?: string;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    readonly id: string,
    /** When it arrived, by performance.now(). */
    readonly started: number,
  ) {
    this.method = request.method === undefined ? 'GET' : request.method.toUpperCase();
    const target = request.url ?? '/';
    const query = target.indexOf('?');
    this.sentPath = query === -1 ? target : target.slice(0, query);
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer: the body stringified, Content-Type and Content-Length set.
 * @example jsonAnswer(200, { status: 'ok' })
 */
export function jsonAnswer(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string | number>> = {},
): Answer {
  const text = JSON.stringify(body);
  const sent: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(headers))
    if (!/^content-(type|length)$/i.test(name)) sent[name] = value;
  sent['Content-Type'] = JSON_TYPE;
  sent['Content-Length'] = Buffer.byteLength(text);
  return { status, headers: sent, body: text };
}

/** A handler's result as an answer: no body for 204/304; a buffer, or a string typed other than JSON, as it is; else JSON. */
export function resultAnswer(result: HandlerResult): Answer {
  const { status, body, headers = {}, write } = result;
  if (write !== undefined) return { status, headers, body: undefined, write };
  if (body === undefined || status === 204 || status === 304) return { status, headers, body: undefined };
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (Buffer.isBuffer(body) || (typeof body === 'string' && type !== undefined && !/json/i.test(type)))
    return { status, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) }, body };
  return jsonAnswer(status, body, headers);
}

/** Ids a caller may pass through: short, printable, no separators that could split a log line or header. */
export const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The caller's `x-request-id` when it is sane (so traces line up), else a fresh UUID. */
export function requestId(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && SANE_ID.test(given) ? given : randomUUID();
}

import type { IncomingMessage } from 'node:http';
import type { Violation } from '../contract/violation.js';
import type { Language } from '../i18n/language.js';

/** Methods a route may serve; HEAD is answered by the GET route of the same path. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Everything a handler needs, in one object (as msw's resolvers take one). */
export interface HandlerContext<State> {
  request: IncomingMessage;
  /** Path parameters by the spec template's names, URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, already validated against the operation's request schema, or undefined. */
  body: unknown;
  /** Absolute public URL of this request, base path included: links are built from it. */
  url: URL;
  /** The public origin and base path, e.g. `http://127.0.0.1:4010/v2`. */
  base: string;
  /** The best supported match of Accept-Language. */
  language: Language;
  /** The state the request reads and writes (its session's). */
  state: State;
}

export interface HandlerResult {
  status: number;
  /** A JsonText goes out as it is; any other value is serialised as JSON; undefined sends no body. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Parse, call, respond; problems are thrown as HttpError. */
export type Handler<State> = (context: HandlerContext<State>) => HandlerResult | Promise<HandlerResult>;

export interface Route<State> {
  /** The spec's operationId: request validation and `Prefer` examples are looked up by it. */
  operationId: string;
  method: HttpMethod;
  /** The spec's path template, e.g. `/subscriptions/subscriptions/{subscription_uuid}` (without base path). */
  path: string;
  handler: Handler<State>;
  /**
   * Conflicts of a valid-looking request with the resource (decisions.md: 409), checked beside the schema so
   * every violation is listed at once; a schema violation at the same place gives way to the conflict.
   */
  conflicts?: (request: { params: Readonly<Record<string, string>>; body: unknown }) => Violation[];
  /**
   * Opts a GET route into the whole-response cache: a number the state moves on every write. A 200 is served
   * again for the same request target, origin, language header and session while it is unchanged, without
   * calling the handler; so the handler must read nothing else of the request.
   * @example cacheVersion: (state) => state.subscriptions.version
   */
  cacheVersion?: (state: State) => number;
}

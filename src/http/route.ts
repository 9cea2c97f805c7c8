import type { IncomingMessage } from 'node:http';
import type { MockState } from '../mock-state.js';

/** Methods a route may serve; HEAD is answered by the GET route of the same path. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isHttpMethod(value: string): value is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(value);
}

/** Everything a handler needs, in one object (as msw's resolvers take one). */
export interface HandlerContext<State = MockState> {
  request: IncomingMessage;
  /** Path parameters by the spec template's names, URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body (already validated against the operation's request schema), or undefined. */
  body: unknown;
  /** Absolute public URL of this request, base path included: links are built from it. */
  url: URL;
  /** The best supported match of Accept-Language (src/i18n/language.ts). */
  language: string;
  state: State;
}

export interface HandlerResult {
  status: number;
  /** Serialized as JSON; undefined sends no body. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Parse, call, respond; problems are thrown as HttpError. */
export type Handler<State = MockState> = (
  context: HandlerContext<State>,
) => HandlerResult | Promise<HandlerResult>;

export interface Route<State = MockState> {
  /** The spec's operationId: request validation and `Prefer` examples are looked up by it. */
  operationId: string;
  method: HttpMethod;
  /** The spec's path template, e.g. `/subscriptions/subscriptions/{subscription_uuid}` (without base path). */
  path: string;
  handler: Handler<State>;
  /**
   * Body pointers whose schema violations are a conflict with the resource rather than a bad request
   * (decisions.md: a wrong `data.type` on update is 409), e.g. `['/data/type']`.
   */
  conflicts?: readonly string[];
  /**
   * Opts a GET route into the whole-response cache (src/http/response-cache.ts): a number the store bumps on
   * every write. A 200 is then served again for the same request target, public origin and language as long
   * as this number is unchanged, without calling the handler; so the handler must read nothing else of the
   * request (no other headers). Never used with a `Prefer` header.
   * @example cacheVersion: (state) => state.subscriptions.version
   */
  cacheVersion?: (state: State) => number;
}

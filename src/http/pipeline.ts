import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockOptions } from '../mock-options.js';
import type { OperationValidators, SpecOperation, SpecValidators, Violation } from '../spec/validators.js';
import { checkBearer, hasBearer } from './auth.js';
import { ANSWER_HEADERS, CacheAliases, rawRequestKey } from './cache-aliases.js';
import { preflightHeaders, setCorsHeaders } from './cors.js';
import { HttpError, errorObject, type ErrorObject } from './http-error.js';
import { negotiateLanguage } from '../i18n/language.js';
import type { Logger } from './logger.js';
import { parsePrefer, preferredResponse, type Preference } from './prefer.js';
import { PrismFallback } from './prism-fallback.js';
import { publicUrl, stripBasePath } from './public-url.js';
import { hasBody, readBody, readJsonBody } from './read-body.js';
import { requestId } from './request-id.js';
import { renderResult, sendError, sendRendered, sendResult, toHttpError } from './respond.js';
import {
  DEFAULT_RESPONSE_CACHE_LIMITS,
  ResponseCache,
  responseCacheKey,
  type CachedResponse,
  type ResponseCacheLimits,
} from './response-cache.js';
import { HTTP_METHODS, type HandlerResult, type Route } from './route.js';
import { Router, allowHeader, type RouteMatch } from './router.js';

export interface PipelineConfig<State> {
  routes: readonly Route<State>[];
  state: State;
  options: Pick<MockOptions, 'basePath' | 'bodyLimit' | 'auth'>;
  validators: SpecValidators;
  logger: Logger;
  /** `host:port` for links when the request's Host header is missing or odd. */
  fallbackHost: () => string;
  /** Bounds of the whole-response cache of routes with `cacheVersion` (default 64 MiB, 5,000 entries). */
  responseCache?: ResponseCacheLimits;
}

/** The mock's own liveness path (not in the spec), under the base path: `GET {basePath}/__health`. */
export const HEALTH_PATH = '/__health';

type Target<State> =
  | { kind: 'route'; route: Route<State>; op?: SpecOperation }
  | { kind: 'spec'; op: SpecOperation }
  | { kind: 'health' };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

// Constants instead of objects made per request.
const NOT_FOUND: RouteMatch<never> = { kind: 'not-found' };
const HEALTHY: HandlerResult = { status: 200, body: { status: 'ok' } };
interface RequestBody {
  body: unknown;
  /** Whether the body was read as JSON, and so is validated against the operation's schema. */
  json: boolean;
}
const NO_BODY: RequestBody = { body: undefined, json: false };
const DEFAULT_NEGOTIATED = negotiateLanguage(undefined);
const LANGUAGES_MAX = 64;
const LANGUAGE_HEADER_LENGTH = 200;

/** What the access line needs, kept on the response so one shared 'close' listener serves every request. */
const ACCESS = Symbol('access');
type AccessLogged = ServerResponse & { [ACCESS]?: { id: string; started: bigint } };

function methodNotAllowed(method: string, pathname: string, allow: readonly string[]): HttpError {
  const detail = `${method} is not allowed on ${pathname}; allowed: ${allow.join(', ')}`;
  return HttpError.of(405, detail, undefined, { Allow: allow.join(', ') });
}

/** A violation as a 400 error object: body fields by pointer, parameters by name, headers by name. */
export function violationToError(violation: Violation): ErrorObject {
  const source =
    violation.in === 'body'
      ? { pointer: violation.at }
      : violation.in === 'header'
        ? { header: violation.at }
        : { parameter: violation.at };
  return errorObject(400, violation.detail, source);
}

/** The request listener: routing, CORS, auth, Prefer, validation, handler, and the one error exit. */
export function createPipeline<State>(config: PipelineConfig<State>) {
  const { routes, state, options, validators, logger } = config;
  const document = validators.document;
  const operationsById = new Map(validators.operations.map((op) => [op.operationId, op]));
  const routed = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const router = new Router<Target<State>>([
    { method: 'GET', path: HEALTH_PATH, target: { kind: 'health' } },
    ...routes.map((route) => ({
      method: route.method,
      path: route.path,
      target: { kind: 'route' as const, route, op: operationsById.get(route.operationId) },
    })),
    ...validators.operations
      .filter((op) => !routed.has(`${op.method} ${op.path}`))
      .map((op) => ({ method: op.method, path: op.path, target: { kind: 'spec' as const, op } })),
  ]);
  const prism = new PrismFallback(document, logger);
  const served = [...new Set([...routes.map((r) => r.path), ...validators.operations.map((o) => o.path)])];
  const mount = (path: string) => (options.basePath === '/' ? path : options.basePath + path);
  const cache = new ResponseCache(config.responseCache);
  /** Raw keys of valid cacheable requests, to the cache key and store version they resolved to. */
  const aliases = new CacheAliases<{ key: string; version: () => number }>(
    (config.responseCache ?? DEFAULT_RESPONSE_CACHE_LIMITS).maxEntries,
  );
  const rawKeyHeaders = [
    ...new Set([
      ...ANSWER_HEADERS,
      ...routes.flatMap((r) =>
        r.cacheVersion === undefined ? [] : (validators.operation(r.operationId)?.headerNames ?? []),
      ),
    ]),
  ];
  const languages = new Map<string, string>();

  /**
   * A repeat of a valid cacheable GET: its cached response, or undefined for the full path. Same raw key, so
   * same route and same validation outcome: routing, parsing and validating again would only find what they
   * found the first time. A request that fails auth takes the full path, which answers its 401.
   */
  function cachedAnswer(request: IncomingMessage, raw: string | undefined): CachedResponse | undefined {
    const alias = raw === undefined ? undefined : aliases.get(raw);
    if (alias === undefined) return undefined;
    if (options.auth && !hasBearer(request)) return undefined;
    return cache.get(alias.key, alias.version());
  }

  /** The raw key of a request that may be answered from the cache (a GET or HEAD without Prefer). */
  function rawKeyOf(request: IncomingMessage, method: string): string | undefined {
    return (method === 'GET' || method === 'HEAD') && request.headers.prefer === undefined
      ? rawRequestKey(method, request.headers, request.url ?? '/', rawKeyHeaders)
      : undefined;
  }

  async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    raw: string | undefined,
  ): Promise<void> {
    const asterisk = method === 'OPTIONS' && request.url === '*'; // OPTIONS * asks about the server itself
    const url = publicUrl(request, config.fallbackHost(), asterisk ? '/' : undefined);
    const local = asterisk ? undefined : stripBasePath(url.pathname, options.basePath);

    if (method === 'OPTIONS') {
      // Preflight: answered for any path so the browser goes on to show the real status of the real request.
      const allow = (local === undefined ? undefined : router.allowed(local)) ?? allowHeader(HTTP_METHODS);
      sendResult(response, { status: 204, headers: preflightHeaders(request, allow) });
      return;
    }
    const match = local === undefined ? NOT_FOUND : router.match(method, local);
    if (match.kind === 'not-found') throw notFound(url.pathname);
    if (match.kind === 'method-not-allowed') throw methodNotAllowed(method, url.pathname, match.allow);
    const { target, params } = match;
    if (target.kind === 'health') return sendResult(response, HEALTHY);
    if (options.auth) checkBearer(request);

    const op = target.op;
    const preference = parsePrefer(request.headers.prefer);
    if (preference !== undefined && op !== undefined) {
      return sendResult(response, await preferred(op, preference, request, local ?? '/', url));
    }

    const operation = op === undefined ? undefined : validators.operation(op.operationId);
    const violations =
      operation?.parameters({ path: params, query: url.searchParams, headers: request.headers }) ?? [];
    const read = readRequestBody(request, method, target.kind, operation);
    const { body: requestBody, json } = read instanceof Promise ? await read : read; // no body: no extra turn
    if (json) violations.push(...(operation?.body?.(requestBody) ?? []));
    if (violations.length > 0) throw violationsError(violations, target);

    if (target.kind === 'spec') {
      const query = url.searchParams;
      const input = { method, path: local ?? '/', query, headers: request.headers, body: requestBody };
      return sendResult(response, await prism.answer(target.op, input));
    }
    const { route } = target;
    const language = languageOf(request.headers['accept-language']);
    const slot = cacheSlot(route, method, request, url, language);
    if (slot !== undefined && raw !== undefined) aliases.set(raw, { key: slot.key, version: slot.current });
    const cached = slot === undefined ? undefined : cache.get(slot.key, slot.version);
    if (cached !== undefined) return sendRendered(response, cached.status, cached.headers, cached.body);

    const query = url.searchParams;
    const result = await route.handler({ request, params, query, body: requestBody, url, language, state });
    const { status, headers, text } = renderResult(result);
    if (slot === undefined || status !== 200 || text === undefined)
      return sendRendered(response, status, headers, text);
    const body = Buffer.from(text, 'utf8'); // encoded once: sent now, and kept
    // Kept only once it went out: a response node refuses to write (a bad header) is never replayed.
    sendRendered(response, status, headers, body);
    cache.set(slot.key, slot.version, { status, headers, body });
  }

  /**
   * Where a response may be cached: GET/HEAD of a route with `cacheVersion`, never with a `Prefer` header
   * (even one the mock ignores); keyed by origin, raw target and language, valid for the current version.
   */
  function cacheSlot(
    route: Route<State>,
    method: string,
    request: IncomingMessage,
    url: URL,
    language: string,
  ): { key: string; version: number; current: () => number } | undefined {
    const { cacheVersion } = route;
    if (cacheVersion === undefined || (method !== 'GET' && method !== 'HEAD')) return undefined;
    if (request.headers.prefer !== undefined) return undefined;
    const origin = `${url.protocol}//${url.host}`;
    const key = responseCacheKey({ origin, target: request.url ?? '/', language });
    return { key, version: cacheVersion(state), current: () => cacheVersion(state) };
  }

  /** The one error for a request's violations: 409 when any is a conflict the route names, else 400. */
  function violationsError(violations: readonly Violation[], target: Target<State>): HttpError {
    const conflicts = target.kind === 'route' ? target.route.conflicts : undefined;
    const conflicting = violations.filter((v) => v.in === 'body' && conflicts?.includes(v.at) === true);
    if (conflicting.length > 0)
      return new HttpError(
        409,
        conflicting.map((v) => errorObject(409, v.detail, { pointer: v.at })),
      );
    return new HttpError(400, violations.map(violationToError));
  }

  /** negotiateLanguage, remembered per header text: clients send the same few Accept-Language values. */
  function languageOf(header: string | undefined): string {
    if (header === undefined) return DEFAULT_NEGOTIATED;
    let language = languages.get(header);
    if (language === undefined) {
      language = negotiateLanguage(header);
      if (languages.size >= LANGUAGES_MAX) languages.clear();
      if (header.length <= LANGUAGE_HEADER_LENGTH) languages.set(header, language);
    }
    return language;
  }

  function notFound(pathname: string): HttpError {
    const paths = served.slice(0, 10).map(mount).join(', ');
    return HttpError.of(404, `Nothing is served at ${pathname}; paths served: ${paths}`);
  }

  /**
   * Routes read a JSON body on POST/PUT/PATCH (required: 400 when empty); spec-only operations read one when
   * the spec declares it (JSON) or pass any other body through to Prism as text.
   */
  function readRequestBody(
    request: IncomingMessage,
    method: string,
    kind: 'route' | 'spec',
    operation: OperationValidators | undefined,
  ): RequestBody | Promise<RequestBody> {
    if (kind === 'route') return BODY_METHODS.has(method) ? readJson(request) : NO_BODY;
    if (operation?.body !== undefined && (operation.bodyRequired || hasBody(request)))
      return readJson(request);
    if (!hasBody(request)) return NO_BODY;
    return readText(request);
  }

  async function readJson(request: IncomingMessage): Promise<RequestBody> {
    return { body: await readJsonBody(request, options.bodyLimit), json: true };
  }

  async function readText(request: IncomingMessage): Promise<RequestBody> {
    return { body: (await readBody(request, options.bodyLimit)).toString('utf8'), json: false };
  }

  /** `Prefer: code=...` / `example=...`: the spec's example; else an error body, or Prism's sample of the schema. */
  async function preferred(
    op: SpecOperation,
    preference: Preference,
    request: IncomingMessage,
    path: string,
    url: URL,
  ): Promise<HandlerResult> {
    const chosen = preferredResponse(document, op, preference);
    if (chosen.example !== undefined) return { status: chosen.status, body: chosen.example.value };
    if (chosen.status >= 400) {
      const detail = `Status ${chosen.status} forced by the Prefer header (the spec has no example for it)`;
      return { status: chosen.status, body: { errors: [errorObject(chosen.status, detail)] } };
    }
    const input = {
      method: op.method,
      path,
      query: url.searchParams,
      headers: request.headers,
      body: undefined,
    };
    return prism.answer(op, input, { code: chosen.status });
  }

  /** Logs the access line of the request this response answers (the listener of its 'close' event). */
  function logAccess(this: ServerResponse): void {
    const { req: request } = this;
    const access = (this as AccessLogged)[ACCESS];
    if (access === undefined) return;
    const ms = Number(process.hrtime.bigint() - access.started) / 1e6;
    const target = request.url ?? '';
    const query = target.indexOf('?');
    const path = query === -1 ? target : target.slice(0, query);
    const status = this.writableFinished ? this.statusCode : 0; // 0: the client went away first
    logger.info(
      { requestId: access.id, method: request.method, path, status, ms: Math.round(ms * 100) / 100 },
      'request',
    );
  }

  return function listener(request: IncomingMessage, response: ServerResponse): void {
    const id = requestId(request.headers['x-request-id']);
    // One access line per request at info; nothing at all is measured or kept when info is off.
    if (logger.isLevelEnabled('info')) {
      (response as AccessLogged)[ACCESS] = { id, started: process.hrtime.bigint() };
      response.once('close', logAccess);
    }
    const fail = (error: unknown) => {
      try {
        sendError(response, toHttpError(error, logger, id));
      } catch (failure) {
        logger.error({ err: failure, requestId: id }, 'could not send the error response');
        response.destroy();
      }
    };
    // Outside the promise below, so anything thrown here must be caught here: a throw would end the process.
    try {
      const method = request.method === undefined ? 'GET' : request.method.toUpperCase();
      const raw = rawKeyOf(request, method);
      const hit = cachedAnswer(request, raw);
      const origin = request.headers.origin;
      if (hit !== undefined && origin === undefined) {
        // The hot path: one writeHead with every header, no headers set on the response before it.
        response.writeHead(hit.status, { 'x-request-id': id, ...hit.headers }).end(hit.body);
        return;
      }
      response.setHeader('x-request-id', id);
      if (origin !== undefined) setCorsHeaders(response, origin);
      if (hit !== undefined) return sendRendered(response, hit.status, hit.headers, hit.body);
      handle(request, response, method, raw).catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

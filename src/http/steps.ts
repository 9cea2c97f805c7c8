import { validateHeaderName, validateHeaderValue, type IncomingMessage } from 'node:http';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Logger } from 'pino';
import type { Violation } from '../contract/validators.js';
import { DEFAULT_LANGUAGE, negotiateLanguage } from '../i18n/language.js';
import { checkBearer } from './auth.js';
import type { Step } from './compose.js';
import { corsHeaders, preflightHeaders, type CorsOrigins } from './cors.js';
import { HttpError, bugAnswer, errorAnswer, errorBody, errorObject } from './http-error.js';
import { parsePrefer, preferredResponse } from './prefer.js';
import type { PrismFallback } from './prism-fallback.js';
import { publicUrl, stripBasePath } from './public-url.js';
import { hasBody, readBody, readJsonBody } from './read-body.js';
import type { ResponseCache } from './response-cache.js';
import { allowHeader, type Router } from './router.js';
import { HTTP_METHODS, jsonAnswer, resultAnswer, type Answer, type Exchange, type Target } from './route.js';

// The steps of the pipeline (pipeline.ts), outermost first: each an async function around the ones after it.

/** The mock's own paths (control plane, live stream) answer CORS only for these origins (issue 28). */
export interface OwnOrigins {
  /** Whether a path below the base path is one of the mock's own. */
  paths: (local: string) => boolean;
  origins: (request: IncomingMessage) => readonly string[];
}

/**
 * CORS around everything, errors included: OPTIONS is answered for any path (so the browser goes on to show
 * the real status of the real request), and an allowed Origin is echoed on every answer.
 */
export function corsStep(
  router: Router<unknown>,
  basePath: string,
  origins: CorsOrigins,
  own?: OwnOrigins,
): Step {
  return async (exchange, next) => {
    const { request } = exchange;
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const local = request.url === '*' ? undefined : stripBasePath(path, basePath);
    const origin = request.headers.origin;
    const allowed =
      own === undefined || local === undefined || !own.paths(local) ? origins : own.origins(request);
    const cors = origin === undefined ? undefined : corsHeaders(origin, allowed);
    if (exchange.method === 'OPTIONS') {
      const allow = (local === undefined ? undefined : router.allowed(local)) ?? allowHeader(HTTP_METHODS);
      return { status: 204, headers: { ...cors, ...preflightHeaders(request, allow) }, body: undefined };
    }
    const answer = await next();
    return cors === undefined ? answer : { ...answer, headers: { ...answer.headers, ...cors } };
  };
}

/**
 * The one error exit: an HttpError thrown by any later step becomes its answer; anything else is a bug,
 * logged with the request id, and the last-resort 500.
 */
export function errorsStep(logger: Logger): Step {
  return async (exchange, next) => {
    try {
      return await next();
    } catch (error) {
      if (error instanceof HttpError) return errorAnswer(error);
      logger.error(
        { err: error, requestId: exchange.id },
        'unhandled error in the request pipeline (a bug: the mock never means to answer 5xx)',
      );
      return bugAnswer(exchange.id);
    }
  };
}

export interface RouteConfig {
  basePath: string;
  trustProxy: boolean;
  /** `host:port` for links when the request's Host header is missing or odd. */
  fallbackHost: () => string;
  /** The paths served, for the 404 detail. */
  served: readonly string[];
}

/** Parses the public URL once and finds the route; 404 and 405 (with Allow) are answered here. */
export function routeStep<State>(router: Router<Target<State>>, config: RouteConfig): Step<Exchange<State>> {
  const mount = (path: string) => (config.basePath === '/' ? path : config.basePath + path);
  return async (exchange, next) => {
    const url = publicUrl(exchange.request, config.fallbackHost(), config.trustProxy);
    const local = stripBasePath(url.pathname, config.basePath);
    const match = local === undefined ? { kind: 'not-found' as const } : router.match(exchange.method, local);
    if (match.kind === 'not-found') {
      const paths = config.served.slice(0, 10).map(mount).join(', ');
      throw HttpError.of(404, `Nothing is served at ${url.pathname}; paths served: ${paths}`);
    }
    if (match.kind === 'method-not-allowed') {
      const allow = match.allow.join(', ');
      const detail = `${exchange.method} is not allowed on ${url.pathname}; allowed: ${allow}`;
      throw HttpError.of(405, detail, undefined, { Allow: allow });
    }
    exchange.url = url;
    exchange.local = local ?? '/';
    exchange.base = url.origin + (config.basePath === '/' ? '' : config.basePath);
    exchange.routed = { target: match.target, template: match.template, params: match.params };
    return next();
  };
}

/** With auth on, the operations need `Authorization: Bearer <any token>` (decisions.md, Authentication). */
export function authStep(auth: boolean): Step {
  return async (exchange, next) => {
    if (auth && exchange.routed?.target.guard === undefined) checkBearer(exchange.request);
    return next();
  };
}

/**
 * `Prefer: code=...` / `example=...` (as Prism reads them) on an operation of the contract: the spec's
 * example for that response, else an error body for an error status, else Prism's sample of the schema. The
 * handler is never called.
 */
export function preferStep<State>(
  document: OpenAPIV3_1.Document,
  prism: PrismFallback,
): Step<Exchange<State>> {
  return async (exchange, next) => {
    const { op, guard } = exchange.routed?.target ?? {};
    const header = exchange.request.headers.prefer;
    const preference = header === undefined ? undefined : parsePrefer(header);
    if (preference === undefined || op === undefined || guard !== undefined) return next();
    const chosen = preferredResponse(document, op, preference);
    if (chosen.example !== undefined) return jsonAnswer(chosen.status, chosen.example.value);
    if (chosen.status >= 400) {
      const detail = `Status ${chosen.status} forced by the Prefer header (the spec has no example for it)`;
      return jsonAnswer(chosen.status, errorBody([errorObject(chosen.status, detail)]));
    }
    const { request, url, local } = exchange;
    const input = {
      method: op.method,
      path: local,
      query: url.searchParams,
      headers: request.headers,
      body: undefined,
    };
    const result = await prism.answer(op, input, { code: chosen.status });
    return jsonAnswer(result.status, result.body, result.headers);
  };
}

/**
 * The one response cache, around validation and the handler of a route with `cacheVersion`: a GET or HEAD
 * without Prefer, keyed on what its answer can depend on (the session, the public URL, Accept-Language and
 * the header parameters the spec declares) and valid for the session's store version. Only a 200 is kept,
 * so a hit implies the same request was valid: it skips validation too.
 */
export function cacheStep<State>(cache: ResponseCache): Step<Exchange<State>> {
  return async (exchange, next) => {
    const { route, op, validators } = exchange.routed?.target ?? {};
    const { method, request, session } = exchange;
    const state = session?.state;
    if (route?.cacheVersion === undefined || state === undefined || session === undefined) return next();
    if ((method !== 'GET' && method !== 'HEAD') || request.headers.prefer !== undefined) return next();
    const version = route.cacheVersion(state);
    const headerNames = op === undefined ? [] : (validators?.operation(op.operationId)?.headerNames ?? []);
    const key = JSON.stringify([
      session.key,
      exchange.url.href,
      ...['accept-language', ...headerNames].map((name) => request.headers[name] ?? null),
    ]);
    const hit = cache.get(key, version);
    if (hit !== undefined) return { ...hit, headers: { ...hit.headers } };
    const answer = await next();
    if (answer.status !== 200 || answer.body === undefined || answer.write !== undefined || !sendable(answer))
      return answer;
    const body = Buffer.from(answer.body); // the final bytes, sent now and kept
    cache.set(key, version, { status: 200, headers: answer.headers, body });
    return { ...answer, body };
  };
}

/** Whether node will write these headers: an answer it refuses (a route's bug) must never be kept and replayed. */
function sendable(answer: Answer): boolean {
  try {
    for (const [name, value] of Object.entries(answer.headers)) {
      validateHeaderName(name);
      validateHeaderValue(name, String(value));
    }
    return true;
  } catch {
    return false;
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** The body limit of the mock's own routes (spec/admin.openapi.yaml, TooLarge), whatever --body-limit says. */
export const OWN_BODY_LIMIT = 64 * 1024;

/**
 * Parameters and body against the operation's schemas, in the contract or the admin API (one 400 listing
 * every violation), plus the route's conflicts (409 when every violation is one). The body is read here,
 * once: a route with an operation that takes JSON reads it on POST/PUT/PATCH; an operation only the spec
 * describes reads JSON when it declares some, else text for Prism.
 */
export function validateStep<State>(bodyLimit: number): Step<Exchange<State>> {
  return async (exchange, next) => {
    const { target, params } = exchange.routed ?? { target: {}, params: {} };
    const { route, op, validators } = target;
    const operation = op === undefined ? undefined : validators?.operation(op.operationId);
    if (operation === undefined) return next();
    const { request } = exchange;
    const violations = operation.parameters({
      path: params,
      query: exchange.url.searchParams,
      headers: request.headers,
    });
    let omitted = 0;
    const readsJson =
      route !== undefined
        ? operation.body !== undefined &&
          (target.guard === undefined ? BODY_METHODS.has(exchange.method) : true)
        : operation.body !== undefined && (operation.bodyRequired || hasBody(request));
    if (readsJson && validators !== undefined) {
      const limit = target.guard === undefined ? bodyLimit : OWN_BODY_LIMIT;
      exchange.body = await readJsonBody(request, limit, validators.bounds, (text) => {
        exchange.bodyText = text;
      });
      const found = operation.body?.(exchange.body);
      violations.push(...(found?.violations ?? []));
      omitted = found?.omitted ?? 0;
    } else if (route === undefined && hasBody(request))
      exchange.body = exchange.bodyText = (await readBody(request, bodyLimit)).toString('utf8');
    const conflicts = route?.conflicts?.({ params, body: exchange.body }) ?? [];
    if (violations.length > 0 || conflicts.length > 0) throw refusal(violations, conflicts, omitted);
    return next();
  };
}

/** The violations a conflict at the same place does not cover, and the status: 409 when only conflicts are left. */
function refusal(violations: Violation[], conflicts: Violation[], omitted: number): HttpError {
  const conflicted = new Set(conflicts.map((conflict) => conflict.at));
  const others = violations.filter((violation) => !(violation.in === 'body' && conflicted.has(violation.at)));
  // A mix is a 400, the more general status (JSON:API); every error object then says 400.
  const status = others.length === 0 && omitted === 0 ? 409 : 400;
  return HttpError.ofViolations(status, [...others, ...conflicts], omitted);
}

/** The last step: the route's handler (or Prism, for an operation only the spec describes), as an answer. */
export function executeStep<State>(prism: PrismFallback): Step<Exchange<State>> {
  return async (exchange) => {
    const { target, params } = exchange.routed ?? { target: {}, params: {} };
    const { request, url, body, session } = exchange;
    if (target.route === undefined) {
      if (target.op === undefined) throw new Error('no route to execute');
      const input = {
        method: exchange.method,
        path: exchange.local,
        query: url.searchParams,
        headers: request.headers,
        body,
      };
      return resultAnswer(await prism.answer(target.op, input));
    }
    const state = session?.state;
    if (state === undefined && target.guard === undefined) throw new Error('no session state for the route');
    const accept = request.headers['accept-language'];
    const result = await target.route.handler({
      request,
      params: { ...params },
      query: url.searchParams,
      body,
      url,
      base: exchange.base,
      language: accept === undefined ? DEFAULT_LANGUAGE : negotiateLanguage(accept),
      state: state as State,
      session: session?.name ?? '',
    });
    return resultAnswer(result);
  };
}

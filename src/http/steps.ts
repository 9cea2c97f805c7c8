import type { IncomingMessage } from 'node:http';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Logger } from './logger.js';
import { isJsonObject } from '../contract/json-pointer.js';
import type { Violation } from '../contract/validators.js';
import { DEFAULT_LANGUAGE, negotiateLanguage } from '../i18n/language.js';
import { checkBearer } from './auth.js';
import type { Next, Step } from './route.js';
import { corsHeaders, preflightHeaders, type CorsOrigins } from './cors.js';
import { HttpError, bugAnswer, errorAnswer, errorBody, errorObject } from './http-error.js';
import { parsePrefer, preferredResponse } from './prefer.js';
import type { PrismFallback } from './prism-fallback.js';
import { publicUrl, stripBasePath, vendorPath } from './public-url.js';
import { readBody, readJsonBody } from './read-body.js';
import type { ResponseCache } from './response-cache.js';
import { allowHeader, type Router } from './router.js';
import { IGNORED_HEADER, ignoredInputHeader, lenientSearch } from '../vendor/ignored-input.js';
import { languageHeader, MOLTIN_LANGUAGE } from '../vendor/language-header.js';
import {
  HTTP_METHODS,
  hasBody,
  isOwnPath,
  jsonAnswer,
  resultAnswer,
  type Answer,
  type Exchange,
  type OwnPaths,
  type Target,
} from './route.js';

// The steps of the pipeline (pipeline.ts), outermost first: each an async function around the ones after it.

/** The mock's own paths (control plane, live stream) answer CORS only for these origins (issue 28). */
export interface OwnOrigins {
  /** The mock's own paths, below the base path. */
  paths: OwnPaths;
  origins: (request: IncomingMessage) => readonly string[];
}

/** CORS around everything, errors included: OPTIONS answered for any path, an allowed Origin echoed on every answer. */
export function corsStep(
  router: Router<unknown>,
  basePath: string,
  origins: CorsOrigins,
  own?: OwnOrigins,
): Step {
  const withCors = async (exchange: Exchange, next: Next, origin: string | undefined): Promise<Answer> => {
    const { request } = exchange;
    const local = request.url === '*' ? undefined : stripBasePath(exchange.sentPath, basePath);
    const allowed =
      own === undefined || local === undefined || !isOwnPath(own.paths, local)
        ? origins
        : own.origins(request);
    const cors = origin === undefined ? undefined : corsHeaders(origin, allowed);
    if (exchange.method === 'OPTIONS') {
      const allow = (local === undefined ? undefined : router.allowed(local)) ?? allowHeader(HTTP_METHODS);
      return { status: 204, headers: { ...cors, ...preflightHeaders(request, allow) }, body: undefined };
    }
    const answer = await next();
    return cors === undefined ? answer : { ...answer, headers: { ...answer.headers, ...cors } };
  };
  return (exchange, next) => {
    const origin = exchange.request.headers.origin;
    // Not a browser's request: no CORS work.
    return origin === undefined && exchange.method !== 'OPTIONS' ? next() : withCors(exchange, next, origin);
  };
}

/** The one exit: a thrown HttpError becomes its answer, anything else the bug's 500; every answer names the ignored input. */
export function errorsStep(logger: Logger): Step {
  return async (exchange, next) => {
    let answer: Answer;
    try {
      answer = await next();
    } catch (error) {
      if (error instanceof HttpError) answer = errorAnswer(error);
      else {
        logger.error(
          { err: error, requestId: exchange.id },
          'unhandled error in the request pipeline (a bug: the mock never means to answer 5xx)',
        );
        answer = bugAnswer(exchange.id);
      }
    }
    const header = exchange.ignored.length === 0 ? undefined : ignoredInputHeader(exchange.ignored);
    return header === undefined
      ? answer
      : { ...answer, headers: { ...answer.headers, [IGNORED_HEADER]: header } };
  };
}

interface RouteConfig {
  basePath: string;
  trustProxy: boolean;
  fallbackHost: () => string;
  /** The paths served, for the 404 detail. */
  served: readonly string[];
  rootPaths?: readonly string[];
}

/** Parses the public URL once and finds the route; 404 and 405 (with Allow) are answered here. */
export function routeStep<State>(router: Router<Target<State>>, config: RouteConfig): Step<Exchange<State>> {
  const mount = (path: string) => (config.basePath === '/' ? path : config.basePath + path);
  return (exchange, next) => {
    const url = publicUrl(exchange.request, config.fallbackHost(), config.trustProxy);
    const below = stripBasePath(url.pathname, config.basePath);
    const local = below ?? (config.rootPaths?.includes(url.pathname) === true ? url.pathname : undefined);
    // The vendor's SDKs put /v2 or /pcm before the spec's paths: the prefix is read here, and only here.
    const { path, prefix } = local === undefined ? { path: undefined, prefix: '' } : vendorPath(local);
    const match = path === undefined ? { kind: 'not-found' as const } : router.match(exchange.method, path);
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
    exchange.local = path ?? '/';
    exchange.prefix = prefix;
    exchange.base = url.origin + (config.basePath === '/' ? '' : config.basePath);
    exchange.routed = { target: match.target, template: match.template, params: match.params };
    return next();
  };
}

/** A step run for the mock's own routes only (those with a guard): the operations pass by. */
export function ownRoutesOnly<State>(step: Step<Exchange<State>>): Step<Exchange<State>> {
  return (exchange, next) => (exchange.routed?.target.guard === undefined ? next() : step(exchange, next));
}

/** With auth on, the operations need a bearer token `check` accepts (decisions.md, Authentication), else its 401. */
export function authStep(check: (request: IncomingMessage) => void = checkBearer): Step {
  return async (exchange, next) => {
    if (exchange.routed?.target.guard === undefined) check(exchange.request);
    return await next();
  };
}

/**
 * As the vendor (decisions.md, Ignored input): an undeclared query parameter or unserved `include` member is
 * dropped from the URL the later steps read and named in `X-Subcat-Ignored`; strict, the later steps answer 400.
 */
export function lenientStep<State>(strict: boolean): Step<Exchange<State>> {
  return (exchange, next) => {
    const { route, operation, guard } = exchange.routed?.target ?? {};
    if (
      !strict &&
      guard === undefined &&
      operation !== undefined &&
      oddQuery(exchange.url, operation.knowsQuery, route?.includes)
    ) {
      const found = lenientSearch(exchange.url.search.slice(1), operation.knowsQuery, route?.includes);
      if (found.ignored.length > 0) {
        const url = new URL(exchange.url.href);
        url.search = found.search;
        exchange.url = url;
        exchange.ignored.push(...found.ignored);
      }
    }
    return next();
  };
}

/** Whether a query may hold what the vendor ignores: a parameter the operation does not know, or an `include` member it does not serve. */
function oddQuery(
  url: URL,
  knows: (name: string) => boolean,
  includes: readonly string[] | undefined,
): boolean {
  if (url.search === '') return false;
  for (const [name, value] of url.searchParams) {
    if (!knows(name)) return true;
    if (
      name === 'include' &&
      includes !== undefined &&
      value.split(',').some((member) => !includes.includes(member.trim()))
    )
      return true;
  }
  return false;
}

/**
 * `Prefer: code=...` / `example=...` (as Prism reads them) on an operation of the contract: the spec's example,
 * else an error body for an error status, else Prism's sample of the schema; the handler is never called.
 */
export function preferStep<State>(
  document: OpenAPIV3_1.Document,
  prism: PrismFallback,
): Step<Exchange<State>> {
  return (exchange, next) => {
    const { op, guard } = exchange.routed?.target ?? {};
    const header = exchange.request.headers.prefer;
    const preference = header === undefined ? undefined : parsePrefer(header);
    if (preference === undefined || op === undefined || guard !== undefined) return next();
    const chosen = preferredResponse(document, op, preference);
    if (chosen.example !== undefined) return Promise.resolve(jsonAnswer(chosen.status, chosen.example.value));
    if (chosen.status >= 400) {
      const detail = `Status ${chosen.status} forced by the Prefer header (the spec has no example for it)`;
      return Promise.resolve(jsonAnswer(chosen.status, errorBody([errorObject(chosen.status, detail)])));
    }
    const { request, url, local } = exchange;
    const input = {
      method: op.method,
      path: local,
      query: url.searchParams,
      headers: request.headers,
      body: undefined,
    };
    return prism
      .answer(op, input, { code: chosen.status })
      .then((result) => jsonAnswer(result.status, result.body, result.headers));
  };
}

/**
 * The one response cache, for a GET or HEAD without Prefer of a route with `cacheVersion`: keyed on the session,
 * the public URL, the language and declared header parameters; only a 200 is kept, so a hit skips validation too.
 */
export function cacheStep<State>(cache: ResponseCache): Step<Exchange<State>> {
  return async (exchange, next) => {
    const { route, operation } = exchange.routed?.target ?? {};
    const { method, request, session } = exchange;
    const state = session?.state;
    if (route?.cacheVersion === undefined || state === undefined || session === undefined)
      return await next();
    if ((method !== 'GET' && method !== 'HEAD') || request.headers.prefer !== undefined) return await next();
    const version = route.cacheVersion(state);
    // Lines, as neither a URL nor a header value can hold a line break.
    let key = `${session.key}\n${exchange.url.href}`;
    for (const names of [LANGUAGE_HEADERS, operation?.headerNames ?? []])
      for (const name of names) {
        const value = request.headers[name];
        if (value !== undefined) key += `\n${name}: ${String(value)}`;
      }
    const hit = cache.get(key, version);
    if (hit !== undefined) return hit;
    const answer = await next();
    if (answer.status !== 200 || answer.body === undefined || answer.write !== undefined) return answer;
    const body = Buffer.from(answer.body); // the final bytes, sent now and kept
    cache.set(key, version, { status: 200, headers: answer.headers, body });
    return { ...answer, body };
  };
}

const LANGUAGE_HEADERS = ['accept-language', MOLTIN_LANGUAGE];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** The body limit of the mock's own routes (spec/admin.openapi.yaml, TooLarge), whatever --body-limit says. */
export const OWN_BODY_LIMIT = 64 * 1024;

/**
 * Parameters and body against the operation's schemas (one 400 listing every violation) and the route's
 * conflicts (409 when every violation is one); the body is read here, once (text for an operation Prism answers).
 */
export function validateStep<State>(bodyLimit: number, strict = true): Step<Exchange<State>> {
  return async (exchange, next) => {
    const { target, params } = exchange.routed ?? { target: {}, params: {} };
    const { route, validators, operation } = target;
    if (operation === undefined) return await next();
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
      const open = strict || target.guard !== undefined ? undefined : route?.openMembers;
      const kept = open === undefined ? found?.violations : ignoreMembers(exchange, open, found?.violations);
      violations.push(...(kept ?? []));
      omitted = found?.omitted ?? 0;
    } else if (route === undefined && hasBody(request))
      exchange.body = exchange.bodyText = (await readBody(request, bodyLimit)).toString('utf8');
    const conflicts = route?.conflicts?.({ params, body: exchange.body }) ?? [];
    if (violations.length > 0 || conflicts.length > 0) throw refusal(violations, conflicts, omitted);
    return await next();
  };
}

/** The violations left once unknown members directly in the object at `open` are deleted from the body and named. */
function ignoreMembers(exchange: Exchange, open: string, violations: readonly Violation[] = []): Violation[] {
  const holder = pointerObject(exchange.body, open);
  return violations.filter((violation) => {
    const member = violation.at.startsWith(`${open}/`) ? violation.at.slice(open.length + 1) : undefined;
    if (
      holder === undefined ||
      violation.keyword !== 'unknownField' ||
      member === undefined ||
      member.includes('/')
    )
      return true;
    delete holder[member.replace(/~1/g, '/').replace(/~0/g, '~')];
    exchange.ignored.push({ kind: 'member', name: violation.at });
    return false;
  });
}

/** The JSON object at a pointer of plain names (`/data`), or undefined. */
function pointerObject(value: unknown, pointer: string): Record<string, unknown> | undefined {
  let at: unknown = value;
  for (const name of pointer.split('/').slice(1)) at = isJsonObject(at) ? at[name] : undefined;
  return isJsonObject(at) ? at : undefined;
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
    const accept = languageHeader(request.headers);
    const result = await target.route.handler({
      request,
      params: { ...params },
      query: url.searchParams,
      body,
      url,
      base: exchange.base,
      prefix: exchange.prefix,
      language: accept === undefined ? DEFAULT_LANGUAGE : negotiateLanguage(accept),
      state: state as State,
      session: session?.name ?? '',
    });
    return resultAnswer(result);
  };
}

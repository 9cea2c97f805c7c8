import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockOptions } from '../mock-options.js';
import type { OperationValidators, SpecOperation, SpecValidators, Violation } from '../spec/validators.js';
import { checkBearer } from './auth.js';
import { corsHeaders, preflightHeaders } from './cors.js';
import { HttpError, errorObject, type ErrorObject } from './http-error.js';
import { negotiateLanguage } from '../i18n/language.js';
import type { Logger } from './logger.js';
import { parsePrefer, preferredResponse, type Preference } from './prefer.js';
import { PrismFallback } from './prism-fallback.js';
import { publicUrl, stripBasePath } from './public-url.js';
import { hasBody, readBody, readJsonBody } from './read-body.js';
import { requestId } from './request-id.js';
import { sendError, sendResult, toHttpError } from './respond.js';
import { HTTP_METHODS, type HandlerResult, type Route } from './route.js';
import { Router, allowHeader } from './router.js';

export interface PipelineConfig<State> {
  routes: readonly Route<State>[];
  state: State;
  options: Pick<MockOptions, 'basePath' | 'bodyLimit' | 'auth'>;
  validators: SpecValidators;
  logger: Logger;
  /** `host:port` for links when the request's Host header is missing or odd. */
  fallbackHost: () => string;
}

/** The mock's own liveness path (not in the spec), under the base path: `GET {basePath}/__health`. */
export const HEALTH_PATH = '/__health';

type Target<State> =
  | { kind: 'route'; route: Route<State>; op?: SpecOperation }
  | { kind: 'spec'; op: SpecOperation }
  | { kind: 'health' };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

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

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = (request.method ?? 'GET').toUpperCase();
    const asterisk = method === 'OPTIONS' && request.url === '*'; // OPTIONS * asks about the server itself
    const url = publicUrl(request, config.fallbackHost(), asterisk ? '/' : undefined);
    const local = asterisk ? undefined : stripBasePath(url.pathname, options.basePath);

    if (method === 'OPTIONS') {
      // Preflight: answered for any path so the browser goes on to show the real status of the real request.
      const allow = (local === undefined ? undefined : router.allowed(local)) ?? allowHeader(HTTP_METHODS);
      sendResult(response, { status: 204, headers: preflightHeaders(request, allow) });
      return;
    }
    const match = local === undefined ? { kind: 'not-found' as const } : router.match(method, local);
    if (match.kind === 'not-found') throw notFound(url.pathname);
    if (match.kind === 'method-not-allowed') throw methodNotAllowed(method, url.pathname, match.allow);
    const { target, params } = match;
    if (target.kind === 'health') return sendResult(response, { status: 200, body: { status: 'ok' } });
    if (options.auth) checkBearer(request);

    const op = target.op;
    const preference = parsePrefer(request.headers.prefer);
    if (preference !== undefined && op !== undefined) {
      return sendResult(response, await preferred(op, preference, request, local ?? '/', url));
    }

    const operation = op === undefined ? undefined : validators.operation(op.operationId);
    const violations =
      operation?.parameters({ path: params, query: url.searchParams, headers: request.headers }) ?? [];
    const { body, json } = await readRequestBody(request, target.kind, operation);
    if (json) violations.push(...(operation?.body?.(body) ?? []));
    const conflicts = target.kind === 'route' ? target.route.conflicts : undefined;
    const conflicting = violations.filter((v) => v.in === 'body' && conflicts?.includes(v.at) === true);
    if (conflicting.length > 0)
      throw new HttpError(
        409,
        conflicting.map((v) => errorObject(409, v.detail, { pointer: v.at })),
      );
    if (violations.length > 0) throw new HttpError(400, violations.map(violationToError));

    const language = negotiateLanguage(request.headers['accept-language']);
    const result =
      target.kind === 'route'
        ? await target.route.handler({ request, params, query: url.searchParams, body, url, language, state })
        : await prism.answer(target.op, {
            method,
            path: local ?? '/',
            query: url.searchParams,
            headers: request.headers,
            body,
          });
    sendResult(response, result);
  }

  function notFound(pathname: string): HttpError {
    const paths = served.slice(0, 10).map(mount).join(', ');
    return HttpError.of(404, `Nothing is served at ${pathname}; paths served: ${paths}`);
  }

  /**
   * Routes read a JSON body on POST/PUT/PATCH (required: 400 when empty); spec-only operations read one when
   * the spec declares it (JSON) or pass any other body through to Prism as text.
   */
  async function readRequestBody(
    request: IncomingMessage,
    kind: 'route' | 'spec',
    operation: OperationValidators | undefined,
  ): Promise<{ body: unknown; json: boolean }> {
    const method = (request.method ?? 'GET').toUpperCase();
    const jsonBody = async () => ({ body: await readJsonBody(request, options.bodyLimit), json: true });
    if (kind === 'route') return BODY_METHODS.has(method) ? jsonBody() : { body: undefined, json: false };
    if (operation?.body !== undefined && (operation.bodyRequired || hasBody(request))) return jsonBody();
    if (!hasBody(request)) return { body: undefined, json: false };
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

  return function listener(request: IncomingMessage, response: ServerResponse): void {
    const started = process.hrtime.bigint();
    const id = requestId(request.headers['x-request-id']);
    response.setHeader('x-request-id', id);
    for (const [name, value] of Object.entries(corsHeaders(request))) response.setHeader(name, value);
    response.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const path = (request.url ?? '').split('?')[0];
      const status = response.writableFinished ? response.statusCode : 0; // 0: the client went away first
      logger.info(
        { requestId: id, method: request.method, path, status, ms: Math.round(ms * 100) / 100 },
        'request',
      );
    });
    handle(request, response).catch((error: unknown) => {
      try {
        sendError(response, toHttpError(error, logger, id));
      } catch (failure) {
        logger.error({ err: failure, requestId: id }, 'could not send the error response');
        response.destroy();
      }
    });
  };
}

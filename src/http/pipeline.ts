import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { SpecValidators } from '../contract/validators.js';
import { bugAnswer, jsonAnswer } from './answers.js';
import { compose, type Step } from './compose.js';
import type { CorsOrigins } from './cors.js';
import { Exchange, type Answer } from './exchange.js';
import { PrismFallback } from './prism-fallback.js';
import { requestId } from './request-id.js';
import { DEFAULT_RESPONSE_CACHE_LIMITS, ResponseCache, type ResponseCacheLimits } from './response-cache.js';
import type { Route } from './route.js';
import { Router } from './router.js';
import { sendAnswer, type DrainLimit } from './send-answer.js';
import { authStep } from './steps/auth-step.js';
import { cacheStep } from './steps/cache-step.js';
import { corsStep } from './steps/cors-step.js';
import { errorsStep } from './steps/errors-step.js';
import { executeStep } from './steps/execute-step.js';
import { preferStep } from './steps/prefer-step.js';
import { routeStep, type Target } from './steps/route-step.js';
import { validateStep } from './steps/validate-step.js';

/** The mock's liveness path (not in the spec), under the base path: `GET {basePath}/__health`. */
export const HEALTH_PATH = '/__health';

export interface HttpOptions {
  basePath: string;
  bodyLimit: number;
  auth: boolean;
  /** Read X-Forwarded-Host/-Proto (only behind a proxy that sets them). */
  trustProxy: boolean;
  corsOrigins: CorsOrigins;
}

/** A path the mock answers itself (health, admin API, inspector): routed like the operations, nothing else. */
export interface OwnRoute {
  method: string;
  path: string;
  answer: Step;
}

export interface PipelineConfig<State> {
  routes: readonly Route<State>[];
  /**
   * Steps between routing and validation of the operations: they must choose the state the request reads and
   * writes (`exchange.session`); the mock's control plane adds faults and delays here.
   */
  sessionSteps: readonly Step<Exchange<Target<State>, State>>[];
  /** Steps around everything, errors included (the request journal). */
  outerSteps?: readonly Step[];
  ownRoutes?: readonly OwnRoute[];
  options: HttpOptions;
  validators: SpecValidators;
  logger: Logger;
  /** `host:port` for links when the request's Host header is missing or odd. */
  fallbackHost: () => string;
  /** Bounds of the whole-response cache (default 64 MiB, 5,000 entries). */
  responseCache?: ResponseCacheLimits;
  /** Whether the server is shutting down: answers then say `Connection: close`. */
  closing?: () => boolean;
  /** Told once an answer was handed to node (ended, or left open: a stream, a hang, a reset). */
  answered?: (response: ServerResponse) => void;
}

/** A state the whole server shares (no sessions): the http core's tests and simple embeddings. */
export function sharedState<State>(state: State): Step<Exchange<Target<State>, State>> {
  return (exchange, next) => {
    exchange.session = state;
    return next();
  };
}

/**
 * The request listener: CORS, the error exit, routing, then for the operations auth, session, Prefer, the
 * response cache, validation and the handler; each a step of its own (src/http/steps).
 */
export function createPipeline<State>(config: PipelineConfig<State>) {
  const { routes, options, validators, logger } = config;
  const document = validators.document;
  const operationsById = new Map(validators.operations.map((op) => [op.operationId, op]));
  const routed = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const health: Step = () => jsonAnswer(200, { status: 'ok' });
  const router = new Router<Target<State>>([
    { method: 'GET', path: HEALTH_PATH, target: { kind: 'own', answer: health } },
    ...(config.ownRoutes ?? []).map(({ method, path, answer }) => ({
      method,
      path,
      target: { kind: 'own' as const, answer },
    })),
    ...routes.map((route) => ({
      method: route.method,
      path: route.path,
      target: { kind: 'operation' as const, route, op: operationsById.get(route.operationId) },
    })),
    ...validators.operations
      .filter((op) => !routed.has(`${op.method} ${op.path}`))
      .map((op) => ({ method: op.method, path: op.path, target: { kind: 'spec' as const, op } })),
  ]);
  const prism = new PrismFallback(document, logger);
  const served = [...new Set([...routes.map((r) => r.path), ...validators.operations.map((o) => o.path)])];
  const cache = new ResponseCache(config.responseCache ?? DEFAULT_RESPONSE_CACHE_LIMITS);
  type E = Exchange<Target<State>, State>;
  const steps: Step<E>[] = [
    ...((config.outerSteps ?? []) as Step<E>[]),
    corsStep(router, options.basePath, options.corsOrigins),
    errorsStep(logger),
    routeStep<State>(router, {
      basePath: options.basePath,
      trustProxy: options.trustProxy,
      fallbackHost: config.fallbackHost,
      served,
    }),
    authStep(options.auth),
    ...config.sessionSteps,
    preferStep<State>(document, prism),
    cacheStep<State>(cache, (operationId) => validators.operation(operationId)?.headerNames ?? []),
    validateStep<State>(validators, options.bodyLimit),
    executeStep<State>(prism),
  ];
  const pipeline = compose(steps);
  const drain: DrainLimit = { bytes: options.bodyLimit, ms: 5_000 };
  const closing = config.closing ?? (() => false);
  const answered = config.answered ?? (() => undefined);
  const logging = logger.isLevelEnabled('info');

  const send = (exchange: E, answer: Answer, last = false): void => {
    try {
      sendAnswer(exchange, answer, drain, closing());
    } catch (error) {
      // Node refused the answer (a route's bad header): the bug's 500 instead, if nothing went out yet.
      logger.error({ err: error, requestId: exchange.id }, 'could not send the answer (a bug)');
      if (last || exchange.response.headersSent) exchange.response.destroy();
      else send(exchange, bugAnswer(exchange.id), true);
    }
    answered(exchange.response);
  };
  const fail = (exchange: E, error: unknown) => {
    logger.error({ err: error, requestId: exchange.id }, 'unhandled error outside the error step (a bug)');
    if (!exchange.response.headersSent) return send(exchange, bugAnswer(exchange.id));
    exchange.response.destroy();
    answered(exchange.response);
  };

  return function listener(request: IncomingMessage, response: ServerResponse): void {
    const exchange: E = new Exchange(
      request,
      response,
      requestId(request.headers['x-request-id']),
      process.hrtime.bigint(),
    );
    if (logging) response.once('close', () => logAccess(logger, exchange));
    try {
      const answer = pipeline(exchange);
      if (answer instanceof Promise)
        answer.then(
          (done) => send(exchange, done),
          (error: unknown) => fail(exchange, error),
        );
      else send(exchange, answer);
    } catch (error) {
      fail(exchange, error);
    }
  };
}

/** One access line per request at info: method, path, status (0 when the client went away first), ms. */
function logAccess(logger: Logger, exchange: Exchange): void {
  const { request, response } = exchange;
  const ms = Number(process.hrtime.bigint() - exchange.started) / 1e6;
  const target = request.url ?? '';
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  const status = response.writableFinished ? response.statusCode : 0;
  logger.info(
    { requestId: exchange.id, method: request.method, path, status, ms: Math.round(ms * 100) / 100 },
    'request',
  );
}

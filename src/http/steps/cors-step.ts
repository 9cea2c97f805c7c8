import { andThen, type Step } from '../compose.js';
import { corsHeaders, preflightHeaders, type CorsOrigins } from '../cors.js';
import type { Answer } from '../exchange.js';
import { stripBasePath } from '../public-url.js';
import { allowHeader, type Router } from '../router.js';
import { HTTP_METHODS } from '../route.js';

/**
 * CORS around everything, errors included: OPTIONS is answered for any path (so the browser goes on to show
 * the real status of the real request), and an allowed Origin is echoed on every answer.
 */
export function corsStep(router: Router<unknown>, basePath: string, origins: CorsOrigins): Step {
  return (exchange, next) => {
    const { request } = exchange;
    const origin = request.headers.origin;
    const cors = origin === undefined ? undefined : corsHeaders(origin, origins);
    if (exchange.method === 'OPTIONS') {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const local = request.url === '*' ? undefined : stripBasePath(path, basePath);
      const allow = (local === undefined ? undefined : router.allowed(local)) ?? allowHeader(HTTP_METHODS);
      return { status: 204, headers: { ...cors, ...preflightHeaders(request, allow) }, body: undefined };
    }
    if (cors === undefined) return next();
    return andThen(next(), (answer): Answer => ({ ...answer, headers: { ...answer.headers, ...cors } }));
  };
}

import type { IncomingMessage } from 'node:http';

/** Headers a browser app on another origin may read from our responses. */
const EXPOSED =
  'x-request-id, x-subcat-session, x-subcat-session-dropped, Content-Language, Location, Allow, WWW-Authenticate, Retry-After, x-subcat-ignored';
const DEFAULT_ALLOWED_HEADERS =
  'Content-Type, Authorization, Accept, Accept-Language, Prefer, X-Request-Id, X-Subcat-Session';

/** Which origins get CORS headers: any (the mock serves local front-ends on any port), or a fixed list. */
export type CorsOrigins = 'any' | readonly string[];

/**
 * CORS headers for a request from `origin`, none when it is not allowed; a `null` origin (sandboxed frames,
 * files) is echoed without credentials.
 * @example corsHeaders('http://localhost:5173', 'any')['Access-Control-Allow-Origin'] // 'http://localhost:5173'
 */
export function corsHeaders(origin: string, allowed: CorsOrigins): Record<string, string> {
  if (allowed !== 'any' && !allowed.includes(origin)) return {};
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': EXPOSED,
    Vary: 'Origin',
  };
  if (origin !== 'null') headers['Access-Control-Allow-Credentials'] = 'true';
  return headers;
}

/**
 * CORS headers when the Origin could not be read (headers never finished): `*` for any, the one configured
 * origin, or none; no credentials.
 * @example corsHeadersForUnknownOrigin('any')['Access-Control-Allow-Origin'] // '*'
 */
export function corsHeadersForUnknownOrigin(allowed: CorsOrigins): Record<string, string> {
  const origin = allowed === 'any' ? '*' : allowed.length === 1 ? allowed[0] : undefined;
  if (origin === undefined) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED };
}

/** The extra headers of a preflight answer: the path's methods, and the request headers the browser asked for. */
export function preflightHeaders(request: IncomingMessage, allow: readonly string[]): Record<string, string> {
  const asked = request.headers['access-control-request-headers'];
  return {
    Allow: allow.join(', '),
    'Access-Control-Allow-Methods': allow.join(', '),
    'Access-Control-Allow-Headers':
      asked !== undefined && asked.trim() !== '' ? asked : DEFAULT_ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
    Vary: 'Origin, Access-Control-Request-Headers',
  };
}

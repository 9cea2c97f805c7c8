import type { IncomingMessage } from 'node:http';

/** Headers a browser app on another origin may read from our responses. */
const EXPOSED = 'x-request-id, Content-Language, Location, Allow, WWW-Authenticate';
const DEFAULT_ALLOWED_HEADERS = 'Content-Type, Authorization, Accept, Accept-Language, Prefer, X-Request-Id';

/** CORS headers for every response: the mock is for local front-ends on any port, so any origin is echoed. */
export function corsHeaders(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  if (origin === undefined) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': EXPOSED,
    Vary: 'Origin',
  };
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

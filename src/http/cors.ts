import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers a browser app on another origin may read from our responses. */
const EXPOSED = 'x-request-id, Content-Language, Location, Allow, WWW-Authenticate';
const DEFAULT_ALLOWED_HEADERS = 'Content-Type, Authorization, Accept, Accept-Language, Prefer, X-Request-Id';

/**
 * CORS headers for every response to a request with an `Origin` (none without one): the mock is for local
 * front-ends on any port, so any origin is echoed.
 */
export function setCorsHeaders(response: ServerResponse, origin: string): void {
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Allow-Credentials', 'true');
  response.setHeader('Access-Control-Expose-Headers', EXPOSED);
  response.setHeader('Vary', 'Origin');
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

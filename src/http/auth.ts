import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

const BEARER = /^Bearer\s+\S+/i;

/** With auth on, any bearer token passes (decisions.md): the mock checks the header is sent, not who sent it. */
export function hasBearer(request: IncomingMessage): boolean {
  const header = request.headers.authorization;
  return header !== undefined && BEARER.test(header);
}

/** hasBearer, or the 401 that says what to send. */
export function checkBearer(request: IncomingMessage): void {
  if (hasBearer(request)) return;
  const header = request.headers.authorization;
  const detail =
    header === undefined
      ? 'Authorization header is missing; send Authorization: Bearer <any token>'
      : 'Authorization must be a bearer token: Authorization: Bearer <any token>';
  throw HttpError.of(401, detail, { header: 'Authorization' }, { 'WWW-Authenticate': 'Bearer' });
}

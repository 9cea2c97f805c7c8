import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

/** With auth on, any bearer token passes (decisions.md): the mock checks the header is sent, not who sent it. */
export function checkBearer(request: IncomingMessage): void {
  const header = request.headers.authorization;
  if (header !== undefined && /^Bearer\s+\S+/i.test(header)) return;
  const detail =
    header === undefined
      ? 'Authorization header is missing; send Authorization: Bearer <any token>'
      : 'Authorization must be a bearer token: Authorization: Bearer <any token>';
  throw HttpError.of(401, detail, { header: 'Authorization' }, { 'WWW-Authenticate': 'Bearer' });
}

import type { IncomingMessage } from 'node:http';
import { TOKEN_PATH, tokenRequest, type TokenRegistry } from '../vendor/access-token.js';
import { HttpError } from './http-error.js';
import { readBody } from './read-body.js';
import type { Route } from './route.js';

/** The default bearer check (decisions.md): any bearer token passes, a missing or other one gets the 401. */
export function checkBearer(request: IncomingMessage): void {
  const header = request.headers.authorization;
  if (header !== undefined && /^Bearer\s+\S+/i.test(header)) return;
  const detail =
    header === undefined
      ? 'Authorization header is missing; send Authorization: Bearer <any token>'
      : 'Authorization must be a bearer token: Authorization: Bearer <any token>';
  throw HttpError.of(401, detail, { header: 'Authorization' }, { 'WWW-Authenticate': 'Bearer' });
}

/** The token endpoint's body limit: a token request is a few fields (spec/vendor.openapi.yaml). */
const TOKEN_BODY_LIMIT = 16 * 1024;

/** `POST /oauth/access_token` (spec/vendor.openapi.yaml): the vendor SDKs' token, or the vendor's 400; an open route. */
export function tokenRoute<State>(registry: TokenRegistry, now: () => number = Date.now): Route<State> {
  return {
    method: 'POST',
    path: TOKEN_PATH,
    guard: 'open',
    handler: async ({ request }) => {
      const text = (await readBody(request, TOKEN_BODY_LIMIT)).toString('utf8');
      const read = tokenRequest(request.headers['content-type'], text);
      if (!read.ok) return { status: 400, body: { errors: read.errors } };
      return { status: 200, body: registry.issue(read.grant, now()) };
    },
  };
}

/** With auth on, the bearer check of the four operations: a token this mock issued and that has not expired. */
export function issuedBearer(registry: TokenRegistry, now: () => number = Date.now) {
  return (request: IncomingMessage): void => {
    const check = registry.check(request.headers.authorization, now());
    if (!check.ok)
      throw HttpError.of(401, check.detail, { header: 'Authorization' }, { 'WWW-Authenticate': 'Bearer' });
  };
}

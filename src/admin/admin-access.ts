import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Step } from '../http/compose.js';
import { HttpError } from '../http/http-error.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;

/** Whether the mock listens on a loopback address only, where the admin API needs no token. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.test(host.replace(/^\[|\]$/g, ''));
}

/**
 * Who may use the admin API: with a token, only requests sending it (`x-subcat-admin-token: TOKEN` or
 * `Authorization: Bearer TOKEN`), wherever the mock listens; without one, anyone on loopback and nobody
 * beyond it. Else a 403 saying what to do.
 * @example adminAccess('0.0.0.0', 's3cret')(request) // throws a 403 without the token
 */
export function adminAccess(
  host: string,
  token: string | undefined,
): (request: IncomingMessage, queryToken?: string | null) => void {
  if (token === undefined && isLoopback(host)) return () => undefined;
  return (request, queryToken) => {
    if (token === undefined)
      throw HttpError.of(
        403,
        `the admin API is off: the mock listens on ${host}, beyond loopback; start it with --admin-token TOKEN to use it`,
      );
    // A query token only where the route allows one (an event stream: browsers send no headers there).
    const given =
      request.headers['x-subcat-admin-token'] ??
      bearer(request.headers.authorization) ??
      queryToken ??
      undefined;
    if (typeof given === 'string' && same(given, token)) return;
    throw HttpError.of(
      403,
      'the admin API needs the admin token: send x-subcat-admin-token: TOKEN (the mock was started with --admin-token)',
      {
        header: 'x-subcat-admin-token',
      },
    );
  };
}

function bearer(header: string | undefined): string | undefined {
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The access step in front of the mock's own routes: the admin token where their guard asks for it. */
export function accessStep(check: ReturnType<typeof adminAccess>): Step {
  return async (exchange, next) => {
    const guard = exchange.routed?.target.guard;
    if (guard === 'token') check(exchange.request);
    if (guard === 'query') check(exchange.request, exchange.url.searchParams.get('token'));
    return next();
  };
}

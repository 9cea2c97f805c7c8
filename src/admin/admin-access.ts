import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Step } from '../http/route.js';
import type { OwnOrigins } from '../http/steps.js';
import { HttpError } from '../http/http-error.js';
import { urlHost } from '../http/public-url.js';
import { isJsonMediaType } from '../contract/json-pointer.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;

/** Whether the mock listens on a loopback address only, where the admin API needs no token. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.test(host.replace(/^\[|\]$/g, ''));
}

/** Who may use the admin API: with a token, whoever sends it; without, anyone on loopback, nobody beyond (a 403 saying why). */
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
    const given =
      request.headers['x-subcat-admin-token'] ??
      bearer(request.headers.authorization) ??
      queryToken ??
      undefined;
    if (typeof given === 'string' && same(given, token)) return;
    throw HttpError.of(
      403,
      'the admin API needs the admin token: send x-subcat-admin-token: TOKEN (the mock was started with --admin-token)',
      { header: 'x-subcat-admin-token' },
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

/** The host names the admin API answers for besides `--allowed-host` ones: the loopback names. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The name of a Host header or of an absolute-form target's authority, lower case, without the port. */
function hostName(authority: string): string {
  const name = authority.startsWith('[')
    ? authority.slice(0, authority.indexOf(']') + 1)
    : authority.split(':')[0];
  return (name ?? '').toLowerCase();
}

/** The access step of the mock's own routes: the token their guard asks for, and a Host the mock answers for (DNS rebinding). */
export function accessStep(
  check: ReturnType<typeof adminAccess>,
  listenHost: string,
  allowedHosts: readonly string[],
  origins?: OwnOrigins,
): Step {
  const names = new Set([...LOOPBACK_NAMES, hostName(urlHost(listenHost)), ...allowedHosts.map(hostName)]);
  return async (exchange, next) => {
    const { request } = exchange;
    const guard = exchange.routed?.target.guard;
    if (guard === 'token' || guard === 'query') {
      const target = request.url ?? '/';
      const absolute = target.startsWith('/')
        ? undefined
        : /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(target)?.[1];
      for (const authority of [request.headers.host ?? '', ...(absolute === undefined ? [] : [absolute])])
        if (!names.has(hostName(authority)))
          throw HttpError.of(
            403,
            `the admin API answers only for the hosts ${[...names].join(', ')} (start the mock with --allowed-host NAME for another); got ${authority.slice(0, 100) || 'no Host'}`,
            { header: 'Host' },
          );
    }
    if (guard === 'token') {
      check(request);
      if (!READS.has(exchange.method)) notFromAForm(request, origins);
    }
    if (guard === 'query') check(request, exchange.url.searchParams.get('token'));
    return await next();
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing admin call must be one no web page sends without a preflight: JSON, an x-subcat-* header, or a trusted origin. */
function notFromAForm(request: IncomingMessage, origins: OwnOrigins | undefined): void {
  if (Object.keys(request.headers).some((name) => name.startsWith('x-subcat-'))) return;
  const type = request.headers['content-type'];
  if (type !== undefined) {
    if (isJsonMediaType(type)) return;
    throw HttpError.of(
      415,
      `a state-changing admin call needs Content-Type: application/json (or a +json type) or an x-subcat-* header, so that a web form cannot send it; got Content-Type ${type.slice(0, 100)}`,
      { header: 'Content-Type' },
    );
  }
  const origin = request.headers.origin;
  if (origin === undefined || origins === undefined || origins.origins(request).includes(origin)) return;
  // The inspector's own page behind a TLS proxy: its origin says https, the Host is the same.
  if (URL.canParse(origin) && new URL(origin).host === request.headers.host) return;
  throw HttpError.of(
    403,
    `a state-changing admin call from the page ${origin.slice(0, 100)} needs Content-Type: application/json or an x-subcat-* header (start the mock with --admin-origin ${origin.slice(0, 100)} to trust that page)`,
    { header: 'Origin' },
  );
}

/** The origins the mock's own routes give CORS headers to: its own (the inspector's) and `--admin-origin` ones. */
export function adminOrigins(listed: readonly string[]): OwnOrigins {
  return {
    paths: { exact: ['/', '/__subcat'], below: '/__subcat/' },
    origins: (request) => [...listed, `http://${request.headers.host ?? ''}`],
  };
}

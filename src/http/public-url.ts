import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

const SANE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;
const first = (value: string | string[] | undefined) => [value].flat()[0]?.split(',')[0]?.trim();

/**
 * The absolute URL the client used, so links point back through the same host (and proxy, when
 * X-Forwarded-Host/Proto are sane). `fallbackHost` is used when the Host header is missing or odd.
 */
export function publicUrl(request: IncomingMessage, fallbackHost: string, target = request.url ?? '/'): URL {
  const forwardedProto = first(request.headers['x-forwarded-proto']);
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : 'http';
  // A header that looks like a host may still not be one (`a:99999`, `.0`): such a header is ignored,
  // never blamed on the request, so the next candidate is tried.
  const host =
    [first(request.headers['x-forwarded-host']), request.headers.host].find((candidate) =>
      usableHost(proto, candidate),
    ) ?? fallbackHost;
  try {
    if (target.startsWith('/')) return new URL(`${proto}://${host}${target}`);
    const absolute = new URL(target); // absolute-form request target (proxies)
    return new URL(`${proto}://${host}${absolute.pathname}${absolute.search}`);
  } catch {
    throw HttpError.of(400, `The request target ${target.slice(0, 200)} is not a valid URL path`);
  }
}

function usableHost(proto: string, candidate: string | undefined): candidate is string {
  if (candidate === undefined || !SANE_HOST.test(candidate)) return false;
  try {
    return new URL(`${proto}://${candidate}/`).host !== '';
  } catch {
    return false;
  }
}

/** The path below the base path (`/v2/a` -> `/a`), or undefined when the request is outside it. */
export function stripBasePath(pathname: string, basePath: string): string | undefined {
  if (basePath === '/' || basePath === '') return pathname;
  if (pathname === basePath) return '/';
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
}

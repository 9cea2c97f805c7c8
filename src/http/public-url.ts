import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

const SANE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The first value of a header that may be repeated or a list (`a, b`), trimmed. */
function first(value: string | string[] | undefined): string | undefined {
  const text = typeof value === 'string' ? value : value?.[0];
  if (text === undefined) return undefined;
  const comma = text.indexOf(',');
  return (comma === -1 ? text : text.slice(0, comma)).trim();
}

// Hosts already judged, by `proto host`: clients send the same few Host headers again and again, so the
// second URL parse per request is skipped. Bounded: emptied when full; longer than a DNS name, not kept.
const judgedHosts = new Map<string, boolean>();
const JUDGED_HOSTS_MAX = 256;
const JUDGED_HOST_LENGTH = 270;

/**
 * The absolute URL the client used, so links point back through the same host (and proxy, when
 * X-Forwarded-Host/Proto are sane). `fallbackHost` is used when the Host header is missing or odd.
 */
export function publicUrl(request: IncomingMessage, fallbackHost: string, target = request.url ?? '/'): URL {
  const forwardedProto = first(request.headers['x-forwarded-proto']);
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : 'http';
  // A header that looks like a host may still not be one (`a:99999`, `.0`): such a header is ignored,
  // never blamed on the request, so the next candidate is tried.
  const forwardedHost = first(request.headers['x-forwarded-host']);
  const host = usableHost(proto, forwardedHost)
    ? forwardedHost
    : usableHost(proto, request.headers.host)
      ? request.headers.host
      : fallbackHost;
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
  if (candidate.length > JUDGED_HOST_LENGTH) return parsesAsHost(proto, candidate);
  const key = `${proto} ${candidate}`;
  let usable = judgedHosts.get(key);
  if (usable === undefined) {
    usable = parsesAsHost(proto, candidate);
    if (judgedHosts.size >= JUDGED_HOSTS_MAX) judgedHosts.clear();
    judgedHosts.set(key, usable);
  }
  return usable;
}

function parsesAsHost(proto: string, candidate: string): boolean {
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

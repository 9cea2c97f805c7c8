import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

/** Brackets an IPv6 literal for a URL. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

const SANE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The first value of a header that may be repeated or a list (`a, b`), trimmed. */
function first(value: string | string[] | undefined): string | undefined {
  const text = typeof value === 'string' ? value : value?.[0];
  if (text === undefined) return undefined;
  const comma = text.indexOf(',');
  return (comma === -1 ? text : text.slice(0, comma)).trim();
}

/**
 * The absolute URL the client used, so links point back the same way. X-Forwarded-Host and -Proto are read
 * only when `trustProxy` says a proxy in front sets them: otherwise any client could make links point at
 * another host. `fallbackHost` is used when the Host header is missing or odd.
 * @example publicUrl(request, '127.0.0.1:4010', false).href // 'http://localhost:4010/subscriptions/subscriptions'
 */
export function publicUrl(request: IncomingMessage, fallbackHost: string, trustProxy: boolean): URL {
  const target = request.url ?? '/';
  const forwardedProto = trustProxy ? first(request.headers['x-forwarded-proto']) : undefined;
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : 'http';
  const forwardedHost = trustProxy ? first(request.headers['x-forwarded-host']) : undefined;
  // A header that looks like a host may still not be one (`a:99999`, `.0`): such a header is ignored,
  // never blamed on the request, and the next candidate is tried.
  for (const host of [forwardedHost, request.headers.host, fallbackHost]) {
    if (host === undefined || !SANE_HOST.test(host)) continue;
    const url = parse(proto, host, target);
    if (url !== undefined && url.host !== '') return url;
  }
  throw HttpError.of(400, `The request target ${target.slice(0, 200)} is not a valid URL path`);
}

function parse(proto: string, host: string, target: string): URL | undefined {
  try {
    if (target.startsWith('/')) return new URL(`${proto}://${host}${target}`);
    const absolute = new URL(target); // absolute-form request target (proxies)
    return new URL(`${proto}://${host}${absolute.pathname}${absolute.search}`);
  } catch {
    return undefined;
  }
}

/** The path below the base path (`/v2/a` -> `/a`), or undefined when the request is outside it. */
export function stripBasePath(pathname: string, basePath: string): string | undefined {
  if (basePath === '/' || basePath === '') return pathname;
  if (pathname === basePath) return '/';
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
}

/**
 * The path prefixes the vendor's SDKs put before the spec's paths (decisions.md, Vendor aliases): the js-sdk sends
 * subscriptions under /v2 and catalogs under /pcm, the shopper SDK subscriptions under /v2 and catalogs bare.
 * Each prefix serves one family of the spec's paths only, so /pcm/subscriptions/... stays unknown.
 */
export const VENDOR_PREFIXES: readonly { prefix: string; family: string }[] = [
  { prefix: '/v2', family: '/subscriptions' },
  { prefix: '/v2', family: '/catalogs' },
  { prefix: '/pcm', family: '/catalogs' },
];

/** A request path read as the spec's path plus the vendor prefix it came in on ('' for none). */
export interface VendorPath {
  path: string;
  prefix: string;
}

function inFamily(path: string, family: string): boolean {
  return path === family || path.startsWith(`${family}/`);
}

/**
 * The spec's path for a request path (already without `--base-path`), and the vendor prefix it carried so links
 * can keep it. A path without a known prefix is returned as it is, with prefix ''.
 * @example vendorPath('/pcm/catalogs/c/releases/latest/nodes/n/relationships/products') // { path: '/catalogs/c/releases/latest/nodes/n/relationships/products', prefix: '/pcm' }
 */
export function vendorPath(requestPath: string): VendorPath {
  for (const { prefix, family } of VENDOR_PREFIXES) {
    if (!requestPath.startsWith(`${prefix}/`)) continue;
    const path = requestPath.slice(prefix.length);
    if (inFamily(path, family)) return { path, prefix };
  }
  return { path: requestPath, prefix: '' };
}

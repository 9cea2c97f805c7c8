import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

/** Brackets an IPv6 literal for a URL. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

const SANE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The first value of a header that may be repeated or a list (`a, b`), trimmed. */
const first = (value: string | string[] | undefined) => [value].flat()[0]?.split(',')[0]?.trim();

/**
 * The absolute URL the client used, so links point back the same way; X-Forwarded-Host and -Proto only with
 * `trustProxy` (else any client could point links elsewhere); `fallbackHost` when Host is missing or odd.
 * @example publicUrl(request, '127.0.0.1:4010', false).href // 'http://localhost:4010/subscriptions/subscriptions'
 */
export function publicUrl(request: IncomingMessage, fallbackHost: string, trustProxy: boolean): URL {
  const target = request.url ?? '/';
  const forwardedProto = trustProxy ? first(request.headers['x-forwarded-proto']) : undefined;
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : 'http';
  const forwardedHost = trustProxy ? first(request.headers['x-forwarded-host']) : undefined;
  // A header that looks like a host may not be one (`a:99999`, `.0`): ignored, the next candidate tried.
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
 * The spec's path for a request path (already without `--base-path`) and the vendor prefix it came in on, so
 * links keep it (decisions.md, Vendor aliases): /v2 before subscriptions and catalogs, /pcm before catalogs only.
 * @example vendorPath('/pcm/catalogs/c/releases/latest/nodes/n/relationships/products').prefix // '/pcm'
 */
export function vendorPath(requestPath: string): { path: string; prefix: string } {
  const found = /^(\/v2(?=\/subscriptions(?:\/|$))|\/(?:v2|pcm)(?=\/catalogs(?:\/|$)))/.exec(requestPath);
  return found === null
    ? { path: requestPath, prefix: '' }
    : { path: requestPath.slice(found[0].length), prefix: found[0] };
}

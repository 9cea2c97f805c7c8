import type { IncomingHttpHeaders } from 'node:http';

/** The headers publicUrl builds a response's links from: part of every raw key. */
export const ORIGIN_HEADERS = ['x-forwarded-proto', 'x-forwarded-host', 'host'] as const;

/**
 * Everything a cacheable GET's answer and its validation can depend on, as received: the values of the
 * headers `names` (the origin headers, and the operations' header parameters such as Accept-Language) and
 * the raw request target. Requests with the same raw key get the same response cache key, route and
 * validation outcome, so a raw key seen once on a valid request can go straight to the cache. Undefined
 * when one of these headers came as a list (node gives them as strings; anything else takes the full path).
 * No part holds a newline (node refuses one in a header or a target), and each stands behind a marker of
 * present (`+`) or absent (`-`), so joining them with newlines keeps different requests apart.
 */
export function rawRequestKey(
  headers: IncomingHttpHeaders,
  target: string,
  names: readonly string[],
): string | undefined {
  let key = '';
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'object') return undefined;
    key += `${part(value)}\n`;
  }
  return key + target;
}

function part(value: string | undefined): string {
  return value === undefined ? '-' : `+${value}`;
}

/**
 * Raw request keys already answered through the full path, each with what it resolved to (the response
 * cache key and the route). Bounded: emptied when full, as clients send the same few requests again and
 * again; a forgotten alias only costs one trip through the full path.
 * @example
 * const aliases = new CacheAliases<string>(2);
 * aliases.set('raw', 'en-US http://h /s');
 * aliases.get('raw'); // 'en-US http://h /s'
 */
export class CacheAliases<Resolved> {
  private readonly resolved = new Map<string, Resolved>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.resolved.size;
  }

  get(raw: string): Resolved | undefined {
    return this.resolved.get(raw);
  }

  set(raw: string, resolved: Resolved): void {
    if (this.maxEntries < 1) return;
    if (this.resolved.size >= this.maxEntries && !this.resolved.has(raw)) this.resolved.clear();
    this.resolved.set(raw, resolved);
  }
}

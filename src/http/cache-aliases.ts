import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers every cached answer depends on whatever the spec declares: those publicUrl builds links from, and
 * Accept-Language, which the pipeline negotiates for every route. Part of every raw key.
 */
export const ANSWER_HEADERS = ['x-forwarded-proto', 'x-forwarded-host', 'host', 'accept-language'] as const;

/**
 * Everything a cacheable GET's answer and its validation can depend on, as received: the method (a spec may
 * give HEAD an operation of its own), the values of the headers `names` (ANSWER_HEADERS and the operations'
 * header parameters) and the raw request target. Requests with the same raw key get the same response cache key, route and
 * validation outcome, so a raw key seen once on a valid request can go straight to the cache. Undefined
 * when one of these headers came as a list (node gives them as strings; anything else takes the full path).
 * No part holds a newline (node refuses one in a header or a target), and each stands behind a marker of
 * present (`+`) or absent (`-`), so joining them with newlines keeps different requests apart.
 */
export function rawRequestKey(
  method: string,
  headers: IncomingHttpHeaders,
  target: string,
  names: readonly string[],
): string | undefined {
  let key = `${method}\n`;
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
  /** Characters of the raw keys held: a raw key can be as long as node's header limit (16 KiB). */
  private heldChars = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxChars = 4 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.resolved.size;
  }

  get chars(): number {
    return this.heldChars;
  }

  get(raw: string): Resolved | undefined {
    return this.resolved.get(raw);
  }

  set(raw: string, resolved: Resolved): void {
    if (this.maxEntries < 1 || raw.length > this.maxChars) return;
    if (!this.resolved.has(raw)) {
      if (this.resolved.size >= this.maxEntries || this.heldChars + raw.length > this.maxChars) this.clear();
      this.heldChars += raw.length;
    }
    this.resolved.set(raw, resolved);
  }

  private clear(): void {
    this.resolved.clear();
    this.heldChars = 0;
  }
}

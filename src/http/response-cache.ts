/** A 200 as it went out, minus the per-request headers (request id, CORS) added on every send. */
export interface CachedResponse {
  status: number;
  headers: Readonly<Record<string, string | number>>;
  body: Buffer;
}

export interface ResponseCacheLimits {
  /** Total bytes of bodies, keys and headers held; the least recently used entries go first past it. */
  maxBytes: number;
  maxEntries: number;
}

export const DEFAULT_RESPONSE_CACHE_LIMITS: ResponseCacheLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxEntries: 5_000,
};

interface Entry {
  version: number;
  response: CachedResponse;
  bytes: number;
  /** When it was last made the most recent (a count of such moves). */
  touched: number;
}

// Header names and values are counted as their text length; close enough for a budget, always positive.
function sizeOf(key: string, response: CachedResponse): number {
  let bytes = response.body.length + key.length * 2;
  for (const name in response.headers) bytes += name.length + String(response.headers[name]).length;
  return bytes;
}

/**
 * Whole GET responses by key, each served only for the store version it was made at; least recently used out first.
 * @example
 * const cache = new ResponseCache();
 * cache.set('en-US http://h /s', 3, { status: 200, headers: {}, body: Buffer.from('{}') });
 * cache.get('en-US http://h /s', 4); // undefined: the store has moved on
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private heldBytes = 0;
  private moves = 0;

  constructor(readonly limits: ResponseCacheLimits = DEFAULT_RESPONSE_CACHE_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held, as counted against `limits.maxBytes`. */
  get bytes(): number {
    return this.heldBytes;
  }

  get(key: string, version: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.version !== version) return void this.delete(key);
    // Re-inserted (the Map's order is the recency order) unless already the most recent.
    if (entry.touched !== this.moves) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      entry.touched = ++this.moves;
    }
    return entry.response;
  }

  set(key: string, version: number, response: CachedResponse): void {
    const bytes = sizeOf(key, response);
    this.delete(key);
    if (bytes > this.limits.maxBytes || this.limits.maxEntries < 1) return; // would evict everything else
    this.entries.set(key, { version, response, bytes, touched: ++this.moves });
    this.heldBytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.heldBytes <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) break;
      this.entries.delete(oldest);
      this.heldBytes -= entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
  }
}

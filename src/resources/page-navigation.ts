import { MAX_PAGE_OFFSET, type Page } from '../query/paging.js';

/** JSON:API paging links, absolute; `last`, `prev` and `next` are null when there is nothing to point at. */
export interface PageLinks {
  self: string;
  first: string;
  last: string | null;
  prev: string | null;
  next: string | null;
}

const OFFSET = 'page[offset]';
const LIMIT = 'page[limit]';
const ENCODED_OFFSET = 'page%5Boffset%5D';
const ENCODED_LIMIT = 'page%5Blimit%5D';

export interface PageMeta {
  results: { total: number };
  page: { limit: number; offset: number; current: number; total: number };
}

/** Paged `meta`: current = floor(offset / limit) + 1, total = ceil(results / limit): an empty list is page 1 of 0. */
export function pageMeta(total: number, page: Page): PageMeta {
  return {
    results: { total },
    page: {
      limit: page.limit,
      offset: page.offset,
      current: Math.floor(page.offset / page.limit) + 1,
      total: Math.ceil(total / page.limit),
    },
  };
}

/** Paging links from the request URL, its other parameters kept; none past the 10,000 offset cap, which is refused. */
export function pageLinks(requestUrl: URL, total: number, page: Page): PageLinks {
  const { offset, limit } = page;
  let prefix = `${requestUrl.protocol}//${requestUrl.host}${encodePath(requestUrl.pathname)}?`;
  for (const [name, value] of requestUrl.searchParams)
    if (name !== OFFSET && name !== LIMIT) prefix += `${encodeQueryPart(name)}=${encodeQueryPart(value)}&`;
  prefix += `${ENCODED_OFFSET}=`;
  const suffix = `&${ENCODED_LIMIT}=${limit}`;

  const self = prefix + offset + suffix;
  const first = prefix + '0' + suffix;
  if (total <= limit) return { self, first, last: null, prev: null, next: null };
  const reachable = (at: number) => at <= MAX_PAGE_OFFSET;
  const lastOffset = Math.floor((total - 1) / limit) * limit;
  const last = reachable(lastOffset) ? lastOffset : Math.floor(MAX_PAGE_OFFSET / limit) * limit;
  const next = offset + limit;
  return {
    self,
    first,
    last: prefix + last + suffix,
    prev: offset === 0 ? null : prefix + Math.max(0, offset - limit) + suffix,
    next: next >= total || !reachable(next) ? null : prefix + next + suffix,
  };
}

// Lone surrogates would make encodeURIComponent throw; they become U+FFFD, as URL parsing does elsewhere.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Left readable: allowed unencoded in an RFC 3986 query, and common in filters (emails, timestamps, lists).
const READABLE = /%(3A|40|2C|2F)/g;
const READABLE_CHARS: Record<string, string> = { '3A': ':', '40': '@', '2C': ',', '2F': '/' };
// Text made only of characters both encodeURIComponent and READABLE leave as they are: nothing to encode.
const NOTHING_TO_ENCODE = /^[A-Za-z0-9\-_.!~*'():@,/]*$/;

/** Percent-encodes a query part into a valid RFC 3986 URI (the spec's `format: uri`). */
export function encodeQueryPart(text: string): string {
  if (NOTHING_TO_ENCODE.test(text)) return text; // the usual filter, include and limit values: one scan
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(
    READABLE,
    (_match, hex: string) => READABLE_CHARS[hex] ?? `%${hex}`,
  );
}

// WHATWG URL leaves these literal in a path (and a `%` not followed by two hex digits), RFC 3986 does not.
const PATH_TO_ENCODE = /[[\]^|]|%(?![0-9A-Fa-f]{2})/g;

function encodePath(pathname: string): string {
  return pathname.replace(PATH_TO_ENCODE, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** decisions.md: `current = floor(offset / limit) + 1`. */
export function expectedCurrentPage(offset: number, limit: number): number {
  return Math.floor(offset / limit) + 1;
}

/** decisions.md: `meta.page.total = ceil(results.total / limit)` (pages). */
export function expectedPageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

/** The page offsets the links of a page name; null where the link must be null. */
export interface LinkOffsets {
  first: number;
  last: number | null;
  prev: number | null;
  next: number | null;
}

/**
 * Link offsets of the page at `offset`: first is 0; with only one page (interface.md) last, prev and next
 * are null; else (decisions.md) last is the offset of the last page, prev null on the first page and
 * `offset - limit` (not below 0) after it, next null on the last page and `offset + limit` before it.
 */
export function expectedLinkOffsets(total: number, offset: number, limit: number): LinkOffsets {
  if (total <= limit) return { first: 0, last: null, prev: null, next: null };
  return {
    first: 0,
    last: (expectedPageCount(total, limit) - 1) * limit,
    prev: offset === 0 ? null : Math.max(0, offset - limit),
    next: offset + limit < total ? offset + limit : null,
  };
}

/** The paging a link asks for (its `page[offset]`/`page[limit]`), or undefined when it is not a URL. */
export function linkPaging(
  link: string,
): { offset: number | undefined; limit: number | undefined } | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  const read = (name: string) => {
    const raw = url.searchParams.get(name);
    return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
  };
  return { offset: read('page[offset]'), limit: read('page[limit]') };
}

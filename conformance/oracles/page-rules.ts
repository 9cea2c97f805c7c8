import type { Source } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import { jsonAt } from './json-at.js';
import {
  expectedCurrentPage,
  expectedLinkOffsets,
  expectedPageCount,
  linkPaging,
} from './page-arithmetic.js';
import type { RecordBreak } from './record-rules.js';

/** decisions.md, Paging: `page[limit]` defaults to the store's page length, 25 (the spec's PageLimit says so too). */
export const DEFAULT_PAGE_LIMIT = 25;

/** One list page as the page rules see it: the request's paging and filter, and the answer's parts. */
export interface PageView {
  operation: 'listSubscriptions' | 'getNodeProducts';
  query: URLSearchParams;
  body: unknown;
  data: readonly unknown[];
  /** page[limit] and page[offset] as asked, when they are in the documented range. */
  limit?: number;
  offset?: number;
}

const PAGING = decision('Paging');

/** The page view of a list answer: its query read, page[limit] and page[offset] kept when in range. */
export function pageView(
  operation: PageView['operation'],
  url: string,
  body: unknown,
  data: readonly unknown[],
): PageView {
  const query = new URL(url).searchParams;
  const read = (name: string, min: number, max: number) => {
    const raw = query.get(name);
    if (raw === null || !/^\d+$/.test(raw)) return undefined;
    const value = Number(raw);
    return value >= min && value <= max ? value : undefined;
  };
  const view: PageView = { operation, query, body, data };
  const limit = read('page[limit]', 1, 100);
  const offset = read('page[offset]', 0, 10_000);
  if (limit !== undefined) view.limit = limit;
  if (offset !== undefined) view.offset = offset;
  return view;
}

/**
 * Every paging rule one page shows: its size, its documented default limit when page[limit] is absent, its
 * meta arithmetic (against `knownTotal`, the collection's count, when the caller walked it) and its links.
 */
export function pageBreaks(view: PageView, knownTotal?: number): RecordBreak[] {
  return [
    ...sizeBreaks(view),
    ...defaultBreaks(view),
    ...pageMetaBreaks(view, knownTotal),
    ...linkBreaks(view),
  ];
}

/** A page holds at most page[limit] records, at most 100 whatever was asked (clamping is legal). */
function sizeBreaks({ query, data, limit }: PageView): RecordBreak[] {
  const asked = query.get('page[limit]');
  const most = limit ?? 100;
  if (data.length <= most) return [];
  return [
    {
      id: 'page-size',
      rule:
        asked === null
          ? 'a page without page[limit] holds at most 100 records'
          : 'a page holds at most page[limit] records (at most 100)',
      source: 'contract',
      cites: CONTRACT.listLimit,
      where: 'page[limit]',
      message: `${data.length} records on a page of at most ${most}`,
      expected: `at most ${most}`,
      actual: data.length,
    },
  ];
}

/**
 * Without page[limit], the page length is decisions.md's default (interface.md leaves it to a store setting,
 * so a convention): meta.page.limit shows it and the page holds at most that many records.
 */
function defaultBreaks({ query, body, data }: PageView): RecordBreak[] {
  if (query.get('page[limit]') !== null) return [];
  const shown = numberAt(jsonAt(body, 'meta', 'page'), 'limit');
  const wrong =
    shown !== undefined && shown !== DEFAULT_PAGE_LIMIT
      ? { where: '/meta/page/limit', actual: shown }
      : data.length > DEFAULT_PAGE_LIMIT
        ? { where: '/data', actual: data.length }
        : undefined;
  if (wrong === undefined) return [];
  return [
    {
      id: 'page-default',
      rule: `without page[limit] the page length is the documented default, ${DEFAULT_PAGE_LIMIT}`,
      source: 'convention',
      cites: decision('Paging', `page[limit] = the store's page length, ${DEFAULT_PAGE_LIMIT}`),
      where: wrong.where,
      message: `without page[limit], ${wrong.where === '/data' ? 'the page holds' : 'meta.page.limit is'} ${wrong.actual}, expected ${wrong.where === '/data' ? 'at most ' : ''}${DEFAULT_PAGE_LIMIT}`,
      expected: DEFAULT_PAGE_LIMIT,
      actual: wrong.actual,
    },
  ];
}

/**
 * meta.page and meta.results agree with the request and the page, whatever the filter; with `knownTotal`,
 * results.total is the collection's count. Node products' limit, offset and total are interface.md's.
 */
export function pageMetaBreaks(
  { operation, query, body, data, limit, offset }: PageView,
  knownTotal?: number,
): RecordBreak[] {
  const shownTotal = jsonAt(body, 'meta', 'results', 'total');
  const page = jsonAt(body, 'meta', 'page');
  const breaks: RecordBreak[] = [];
  const contract = operation === 'getNodeProducts';
  // The contract shows totals for node products; the subscriptions' meta is decisions.md's.
  const source: Source = contract ? 'contract' : 'convention';
  const cites = contract ? CONTRACT.nodeTotal : PAGING;
  const inEffect = limit ?? numberAt(page, 'limit');
  const at = offset ?? (query.get('page[offset]') === null ? 0 : undefined);
  const filtered = query.get('filter') === null ? '' : ' (under the filter)';
  const add = (
    id: string,
    rule: string,
    where: string,
    expected: unknown,
    actual: unknown,
    from = source,
    cite = cites,
  ) =>
    breaks.push({
      id,
      rule,
      source: from,
      cites: cite,
      where,
      message: `${where} is ${JSON.stringify(actual) ?? 'absent'}, expected ${JSON.stringify(expected)}${filtered}`,
      expected,
      actual,
    });
  if (knownTotal !== undefined && shownTotal !== knownTotal)
    add(
      'total-arithmetic',
      'meta.results.total counts the whole collection',
      '/meta/results/total',
      knownTotal,
      shownTotal,
    );
  const total = knownTotal ?? (typeof shownTotal === 'number' ? shownTotal : undefined);
  if (total !== undefined && inEffect !== undefined && at !== undefined) {
    const last = data.length < inEffect;
    if (last && at < total && at + data.length !== total)
      add(
        'total-arithmetic',
        'a short page ends the collection: offset + records = meta.results.total',
        '/meta/results/total',
        at + data.length,
        total,
      );
    if (!last && total < at + data.length)
      add(
        'total-arithmetic',
        'meta.results.total counts at least the records up to this page',
        '/meta/results/total',
        `at least ${at + data.length}`,
        total,
      );
    if (at >= total && data.length > 0)
      add('total-arithmetic', 'a page past meta.results.total is empty', '/data', 0, data.length);
    const pages = numberAt(page, 'total');
    if (pages !== undefined && pages !== expectedPageCount(total, inEffect))
      add(
        'page-arithmetic',
        'meta.page.total = ceil(meta.results.total / limit)',
        '/meta/page/total',
        expectedPageCount(total, inEffect),
        pages,
        'convention',
        PAGING,
      );
  }
  if (page === undefined || inEffect === undefined || at === undefined) return breaks;
  const current = numberAt(page, 'current');
  if (current !== undefined && current !== expectedCurrentPage(at, inEffect))
    add(
      'page-arithmetic',
      'meta.page.current = floor(offset / limit) + 1',
      '/meta/page/current',
      expectedCurrentPage(at, inEffect),
      current,
      'convention',
      PAGING,
    );
  const shownOffset = numberAt(page, 'offset');
  const pageCites = contract ? CONTRACT.nodePageMeta : PAGING;
  if (shownOffset !== undefined && shownOffset !== at)
    add(
      'page-arithmetic',
      `meta.page.offset is the offset asked${query.get('page[offset]') === null ? ' (0 by default)' : ''}`,
      '/meta/page/offset',
      at,
      shownOffset,
      source,
      pageCites,
    );
  const shownLimit = numberAt(page, 'limit');
  if (limit !== undefined && shownLimit !== undefined && shownLimit !== limit)
    add(
      'page-arithmetic',
      'meta.page.limit is the limit asked',
      '/meta/page/limit',
      limit,
      shownLimit,
      source,
      pageCites,
    );
  return breaks;
}

/** links: first always; last, prev, next null on a single page; prev and next where the arithmetic says. */
function linkBreaks({ operation, body, limit, offset, query }: PageView): RecordBreak[] {
  const links = jsonAt(body, 'links');
  const total = jsonAt(body, 'meta', 'results', 'total');
  const inEffect = limit ?? numberAt(jsonAt(body, 'meta', 'page'), 'limit');
  const at = offset ?? (query.get('page[offset]') === null ? 0 : undefined);
  // Links are capped at offset 10000 (decisions.md): the arithmetic below holds only well under it.
  if (links === undefined || typeof total !== 'number' || inEffect === undefined || at === undefined)
    return [];
  if (total + inEffect > 10_000) return [];
  const expected = expectedLinkOffsets(total, at, inEffect);
  const breaks: RecordBreak[] = [];
  for (const name of ['prev', 'next', 'last'] as const) {
    const link = jsonAt(links, name);
    const want = expected[name];
    const shown = typeof link === 'string' ? (linkPaging(link)?.offset ?? 0) : null;
    if (link === undefined || ((want === null) === (shown === null) && (want === null || want === shown)))
      continue;
    breaks.push({
      id: 'links-arithmetic',
      rule: `links.${name} points where the paging arithmetic says (null when there is none)`,
      source: operation === 'getNodeProducts' ? 'contract' : 'convention',
      cites: operation === 'getNodeProducts' ? CONTRACT.nodeLinks : PAGING,
      where: `/links/${name}`,
      message: `links.${name} gives offset ${JSON.stringify(shown)}, expected ${JSON.stringify(want)}`,
      expected: want,
      actual: link,
    });
  }
  return breaks;
}

function numberAt(value: unknown, key: string): number | undefined {
  const found = jsonAt(value, key);
  return typeof found === 'number' ? found : undefined;
}

import { CONTRACT, decision } from '../citations.js';
import type { Source } from '../check.js';
import {
  catalogProductBreaks,
  timestampBreaks,
  type RecordBreak,
  type TimestampOptions,
} from './record-rules.js';
import { parseFilter } from './filter-grammar.js';
import { matchRecord, readNodeProductAttribute, readSubscriptionAttribute } from './filter-match.js';
import { keyFindings, NODE_INCLUDES, nodeProductFindings, subscriptionFindings } from './include-rules.js';
import { arrayOf, jsonAt } from './json-at.js';
import {
  expectedCurrentPage,
  expectedLinkOffsets,
  expectedPageCount,
  linkPaging,
} from './page-arithmetic.js';

/**
 * One exchange as seen on the wire, whoever made it: the kit's runner, or (later) a proxy watching real traffic.
 * Nothing here knows the runner: the input is text and headers, the output is data.
 */
export interface ExchangeInput {
  method: string;
  /** Absolute URL as sent. */
  url: string;
  requestHeaders: Readonly<Record<string, string>>;
  requestBody?: string;
  status: number;
  /** Lower-case names. */
  responseHeaders: Readonly<Record<string, string>>;
  responseText: string;
  /** The parsed body when the caller has it already (the text is then not parsed again). */
  responseBody?: unknown;
}

/** One broken rule of one exchange: `id` names the rule in this layer (`page-size`, `timestamp-order`, ...). */
export type RuleBreak = RecordBreak;

export interface ExchangeRuleOptions extends TimestampOptions {
  /** The base URL's path (`/staging`), which comes before the operations' paths. */
  basePath?: string;
  /** Schema errors of a body (the kit has its own schema checks and leaves this out; a proxy passes one). */
  schemaErrors?: (
    operation: Operation,
    status: number,
    body: unknown,
  ) => Array<{ instancePath: string; message: string }>;
}

export const OPERATIONS = [
  'listSubscriptions',
  'createSubscription',
  'updateSubscription',
  'getNodeProducts',
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Which of the four operations a request addresses, from its method and path (after the base path). */
export function operationOf(method: string, url: string, basePath = ''): Operation | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const base = basePath.replace(/\/+$/, '');
  if (!path.startsWith(`${base}/`)) return undefined;
  const rest = path.slice(base.length);
  const verb = method.toUpperCase();
  if (rest === '/subscriptions/subscriptions') {
    return verb === 'GET' ? 'listSubscriptions' : verb === 'POST' ? 'createSubscription' : undefined;
  }
  if (verb === 'PUT' && /^\/subscriptions\/subscriptions\/[^/]+$/.test(rest)) return 'updateSubscription';
  const products = /^\/catalogs\/[^/]+\/releases\/[^/]+\/nodes\/[^/]+\/relationships\/products$/;
  return verb === 'GET' && products.test(rest) ? 'getNodeProducts' : undefined;
}

/** What every rule of a list page sees: the request's paging and filter, and the answer's parts. */
interface PageView {
  operation: 'listSubscriptions' | 'getNodeProducts';
  query: URLSearchParams;
  body: unknown;
  data: unknown[];
  /** page[limit] and page[offset] as asked, when they are in the documented range. */
  limit?: number;
  offset?: number;
}

const PAGING = decision('Paging');

/**
 * Every rule one exchange can show, judged on that exchange alone: the page's size, its filter held by every
 * record, its meta and links arithmetic (under filters too), include completeness, the catalog's product rules,
 * sane timestamps, documented defaults when a parameter is absent, and the schema when `schemaErrors` is given.
 * Only 2xx answers of the four operations are judged; anything else gives no breaks.
 * @example judgeExchange({ method: 'GET', url: 'http://h/subscriptions/subscriptions?page[limit]=2', status: 200,
 *   requestHeaders: {}, responseHeaders: {}, responseText: '{"data":[{},{},{}]}' })
 *   // { operation: 'listSubscriptions', breaks: [{ id: 'page-size', ... }] }
 */
export function judgeExchange(
  input: ExchangeInput,
  options: ExchangeRuleOptions = {},
): { operation: Operation | undefined; breaks: RuleBreak[] } {
  const operation = operationOf(input.method, input.url, options.basePath);
  if (operation === undefined || input.status < 200 || input.status >= 300) return { operation, breaks: [] };
  const body = input.responseBody !== undefined ? input.responseBody : parse(input.responseText);
  const breaks: RuleBreak[] = [];
  for (const error of options.schemaErrors?.(operation, input.status, body) ?? []) {
    breaks.push({
      id: 'schema',
      rule: `the ${operation} body matches the spec's response schema`,
      source: 'contract',
      cites: CONTRACT.bodiesAreJson,
      where: error.instancePath === '' ? '(root)' : error.instancePath,
      message: error.message,
    });
  }
  breaks.push(...timestampBreaks(operation, body, input.responseHeaders, options));
  if (operation === 'getNodeProducts')
    breaks.push(...catalogProductBreaks(arrayOf(jsonAt(body, 'data')), input.requestHeaders));
  if (operation === 'listSubscriptions' || operation === 'getNodeProducts') {
    const data = jsonAt(body, 'data');
    if (Array.isArray(data)) breaks.push(...pageBreaks(pageView(operation, input.url, body, data)));
  }
  return { operation, breaks };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function pageView(operation: PageView['operation'], url: string, body: unknown, data: unknown[]): PageView {
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

function pageBreaks(view: PageView): RuleBreak[] {
  return [
    ...sizeBreaks(view),
    ...filterBreaks(view),
    ...arithmeticBreaks(view),
    ...linkBreaks(view),
    ...includeBreaks(view),
  ];
}

/** A page holds at most page[limit] records, at most 100 whatever was asked (clamping is legal). */
function sizeBreaks({ query, data, limit }: PageView): RuleBreak[] {
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

/** Every record of a filtered page satisfies the filter (case-only matches break a convention). */
function filterBreaks({ operation, query, data }: PageView): RuleBreak[] {
  const raw = query.get('filter');
  const expressions = raw === null ? undefined : parseFilter(raw);
  if (expressions === undefined) return [];
  const read = operation === 'listSubscriptions' ? readSubscriptionAttribute : readNodeProductAttribute;
  const breaks: RuleBreak[] = [];
  const none = data.filter((record) => matchRecord(record, expressions, read) === 'none');
  const caseOnly = data.filter((record) => matchRecord(record, expressions, read) === 'case-only');
  const ids = (records: unknown[]) => records.slice(0, 5).map((record) => jsonAt(record, 'id') ?? '(no id)');
  if (none.length > 0) {
    breaks.push({
      id: 'filter-held',
      rule: 'every record of a filtered page satisfies the filter',
      source: 'contract',
      cites: operation === 'listSubscriptions' ? CONTRACT.listFilters : CONTRACT.nodeFilterIn,
      where: 'filter',
      message: `${none.length} record(s) do not satisfy ${raw}`,
      expected: raw,
      actual: ids(none),
    });
  }
  if (caseOnly.length > 0) {
    breaks.push({
      id: 'filter-case',
      rule: 'filters match case-sensitively (tags in lowercase)',
      source: 'convention',
      cites: decision('Filters'),
      where: 'filter',
      message: `${caseOnly.length} record(s) match ${raw} only when case is ignored`,
      actual: ids(caseOnly),
    });
  }
  return breaks;
}

/** meta.page and meta.results agree with the request and the page, whatever the filter. */
function arithmeticBreaks({ operation, query, body, data, limit, offset }: PageView): RuleBreak[] {
  const total = jsonAt(body, 'meta', 'results', 'total');
  const page = jsonAt(body, 'meta', 'page');
  const breaks: RuleBreak[] = [];
  // The contract shows totals for node products; the subscriptions' meta is decisions.md's.
  const source: Source = operation === 'getNodeProducts' ? 'contract' : 'convention';
  const cites = operation === 'getNodeProducts' ? CONTRACT.nodeTotal : PAGING;
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
      message: `${where} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}${filtered}`,
      expected,
      actual,
    });
  if (typeof total === 'number' && inEffect !== undefined && at !== undefined) {
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
  if (page !== undefined && inEffect !== undefined && at !== undefined) {
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
    if (shownOffset !== undefined && shownOffset !== at)
      add(
        'page-arithmetic',
        `meta.page.offset is the offset asked${query.get('page[offset]') === null ? ' (0 by default)' : ''}`,
        '/meta/page/offset',
        at,
        shownOffset,
        'convention',
        PAGING,
      );
    const shownLimit = numberAt(page, 'limit');
    if (limit !== undefined && shownLimit !== undefined && shownLimit !== limit)
      add(
        'page-arithmetic',
        'meta.page.limit is the limit asked',
        '/meta/page/limit',
        limit,
        shownLimit,
        'convention',
        PAGING,
      );
  }
  return breaks;
}

/** links: first always; last, prev, next null on a single page; prev and next where the arithmetic says. */
function linkBreaks({ operation, body, limit, offset, query }: PageView): RuleBreak[] {
  const links = jsonAt(body, 'links');
  const total = jsonAt(body, 'meta', 'results', 'total');
  const inEffect = limit ?? numberAt(jsonAt(body, 'meta', 'page'), 'limit');
  const at = offset ?? (query.get('page[offset]') === null ? 0 : undefined);
  // Links are capped at offset 10000 (decisions.md): the arithmetic below holds only well under it.
  if (links === undefined || typeof total !== 'number' || inEffect === undefined || at === undefined)
    return [];
  if (total + inEffect > 10_000) return [];
  const expected = expectedLinkOffsets(total, at, inEffect);
  const breaks: RuleBreak[] = [];
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

/** include: the asked keys, holding what the page references; nothing when not asked. */
function includeBreaks({ operation, query, body, data }: PageView): RuleBreak[] {
  const include = query.get('include');
  const included = jsonAt(body, 'included');
  const asked = include === null || include === '' ? [] : include.split(',');
  const cites = operation === 'listSubscriptions' ? CONTRACT.include : decision('Include');
  if (asked.length === 0) {
    return included === undefined
      ? []
      : [
          {
            id: 'include',
            rule: 'included appears only when include asks for it',
            source: 'convention',
            cites: decision('Include'),
            where: '/included',
            message: `${operation} without include answered an included member`,
            actual: Object.keys(included ?? {}),
          },
        ];
  }
  const keys =
    operation === 'listSubscriptions'
      ? asked
      : asked.map((value) => NODE_INCLUDES[value as keyof typeof NODE_INCLUDES] ?? value);
  const source: Source = operation === 'listSubscriptions' ? 'contract' : 'convention';
  const findings = [
    ...keyFindings(included, keys, source),
    ...(operation === 'listSubscriptions'
      ? subscriptionFindings(data, included, keys)
      : nodeProductFindings(data, included, keys)),
  ];
  return findings.map((finding) => ({
    id: 'include',
    rule: finding.rule,
    source: finding.source,
    cites: finding.source === 'contract' ? cites : decision('Include'),
    where: 'include',
    message: finding.message,
    ...(finding.expected === undefined ? {} : { expected: finding.expected }),
    ...(finding.actual === undefined ? {} : { actual: finding.actual }),
  }));
}

function numberAt(value: unknown, key: string): number | undefined {
  const found = jsonAt(value, key);
  return typeof found === 'number' ? found : undefined;
}

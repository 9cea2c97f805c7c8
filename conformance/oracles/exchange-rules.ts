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
import { pageBreaks, pageView, type PageView } from './page-rules.js';

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
    if (Array.isArray(data)) breaks.push(...listPageBreaks(pageView(operation, input.url, body, data)));
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

/** The rules of one list page: paging (page-rules.ts), the filter held, include completeness. */
function listPageBreaks(view: PageView): RuleBreak[] {
  return [...pageBreaks(view), ...filterBreaks(view), ...includeBreaks(view)];
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

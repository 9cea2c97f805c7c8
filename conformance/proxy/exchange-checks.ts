import type { Check, CheckContext, Failure, Source } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import type { Exchange } from '../client.js';
import { PRODUCT_RULES } from '../checks/catalog.js';
import { pageRecords } from '../checks/page-requests.js';
import {
  readNodeProductAttribute,
  readSubscriptionAttribute,
  type FilterExpression,
} from '../oracles/filter-match.js';
import { parseFilter } from '../oracles/filter-parse.js';
import { FILTER_CASE, FILTER_SATISFIED, offersFilter, unsatisfiedIds } from '../oracles/filter-rules.js';
import { listIds } from '../oracles/id-sets.js';
import {
  NODE_INCLUDES,
  nodeProductIncludeFindings,
  subscriptionIncludeFindings,
  type Finding,
  type NodeInclude,
} from '../oracles/include-rules.js';
import { idOf, jsonAt } from '../oracles/json-at.js';
import { expectedLinkOffsets, linkPaging } from '../oracles/page-arithmetic.js';
import { pageMetaFindings, type PageAsked } from '../oracles/page-rules.js';
import type { SpecValidator } from '../schema.js';

/**
 * Rules one exchange can show, for traffic the kit did not send (the proxy, a HAR file): each reads the
 * request as the client sent it and applies the kit's oracles to the answer. The kit's own watching checks
 * are judged beside these (judge.ts).
 */
type List = 'listSubscriptions' | 'getNodeProducts';

function listOf(exchange: Exchange): List | undefined {
  const operation = exchange.operation;
  return operation === 'listSubscriptions' || operation === 'getNodeProducts' ? operation : undefined;
}

function queryOf(exchange: Exchange): URLSearchParams {
  try {
    return new URL(exchange.request.url).searchParams;
  } catch {
    return new URLSearchParams();
  }
}

/** A query integer as the client sent it, or undefined when absent or not a whole number. */
function integerParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** The paging in effect: the asked offset (0 by default) and limit, else the limit the server says it used. */
function pagingOf(exchange: Exchange): PageAsked | undefined {
  const query = queryOf(exchange);
  const offset = integerParam(query, 'page[offset]') ?? (query.has('page[offset]') ? undefined : 0);
  const asked = integerParam(query, 'page[limit]');
  const shown = jsonAt(exchange.response.body, 'meta', 'page', 'limit');
  // Outside the bounds a server may clamp (decisions.md): the page is judged by the limit it reports.
  const limit = asked !== undefined && asked >= 1 && asked <= 100 ? asked : shown;
  if (offset === undefined || offset > 10000 || typeof limit !== 'number' || limit < 1) return undefined;
  if (asked === undefined && query.has('page[limit]')) return undefined;
  return { offset, limit };
}

function failAll(ctx: CheckContext, exchange: Exchange, findings: readonly Finding[]): Failure[] {
  return findings.map(({ rule, source, message, expected, actual }) =>
    ctx.fail(exchange, {
      rule,
      source,
      message,
      ...(expected === undefined ? {} : { expected }),
      ...(actual === undefined ? {} : { actual }),
    }),
  );
}

const filterSatisfied: Check = {
  id: 'exchange.filter-satisfied',
  title: 'Every record a filtered list returns satisfies its filter',
  family: 'filters',
  source: 'contract',
  cites: CONTRACT.listFilters,
  operation: 'listSubscriptions',
  watch(ctx, exchange) {
    const list = listOf(exchange);
    const records = pageRecords(exchange);
    const text = queryOf(exchange).get('filter');
    if (list === undefined || records === undefined || text === null) return undefined;
    const parsed = parseFilter(text);
    // Only expressions the operation offers: anything else is the server's to refuse, not to filter by.
    if (parsed === undefined || !parsed.every((e) => offersFilter(list, e.op, e.attribute))) return undefined;
    const read = list === 'listSubscriptions' ? readSubscriptionAttribute : readNodeProductAttribute;
    const { none, caseOnly } = unsatisfiedIds(records, parsed, read);
    const failures: Failure[] = [];
    if (none.length > 0) {
      failures.push(
        ctx.fail(exchange, {
          rule: FILTER_SATISFIED,
          cites: filterCitation(list, parsed),
          message: `filter=${text} returned ${none.length} record(s) that do not satisfy it: ${listIds(none)}`,
          expected: text,
          actual: none,
        }),
      );
    }
    if (caseOnly.length > 0) {
      failures.push(
        ctx.fail(exchange, {
          ...FILTER_CASE,
          source: 'convention',
          message: `filter=${text} returned ${caseOnly.length} record(s) that match only ignoring case: ${listIds(caseOnly)}`,
          expected: text,
          actual: caseOnly,
        }),
      );
    }
    return failures;
  },
};

function filterCitation(list: List, expressions: readonly FilterExpression[]): string {
  if (list === 'listSubscriptions') return CONTRACT.listFilters;
  return expressions.some((e) => e.op === 'in') ? CONTRACT.nodeFilterIn : CONTRACT.nodeFilterEq;
}

const pageSize: Check = {
  id: 'exchange.page-size',
  title: 'A page holds at most the page[limit] asked for, or the limit in effect',
  family: 'paging',
  source: 'contract',
  cites: CONTRACT.listLimit,
  operation: 'listSubscriptions',
  watch(ctx, exchange) {
    const records = pageRecords(exchange);
    const paging = listOf(exchange) === undefined ? undefined : pagingOf(exchange);
    if (records === undefined || paging === undefined) return undefined;
    if (records.length <= paging.limit) return [];
    return [
      ctx.fail(exchange, {
        rule: 'a page holds at most page[limit] records',
        message: `a page of ${exchange.operation ?? ''} holds ${records.length} records, its limit is ${paging.limit}`,
        expected: `<= ${paging.limit}`,
        actual: records.length,
      }),
    ];
  },
};

/** meta.results.total as the page reports it, when it is a count. */
function reportedTotal(exchange: Exchange): number | undefined {
  const total = jsonAt(exchange.response.body, 'meta', 'results', 'total');
  return typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : undefined;
}

const pageMeta: Check = {
  id: 'exchange.page-meta',
  title: 'meta.page and meta.results of a list page add up, and the page holds what remains',
  family: 'paging',
  source: 'contract',
  cites: CONTRACT.nodePageMeta,
  operation: 'getNodeProducts',
  watch(ctx, exchange) {
    const list = listOf(exchange);
    const records = pageRecords(exchange);
    const paging = list === undefined ? undefined : pagingOf(exchange);
    if (records === undefined || paging === undefined) return undefined;
    // decisions.md gives the subscriptions list a meta; without one there is nothing to add up.
    if (jsonAt(exchange.response.body, 'meta') === undefined) return undefined;
    const contract = list === 'getNodeProducts';
    const total = reportedTotal(exchange);
    const findings = pageMetaFindings(exchange.response.body, records, paging, total, contract);
    const remaining =
      total === undefined ? undefined : Math.max(0, Math.min(paging.limit, total - paging.offset));
    if (remaining !== undefined && records.length !== remaining) {
      findings.push({
        rule: 'a page holds page[limit] records, or as many as remain after page[offset] (of meta.results.total)',
        source: contract ? 'contract' : 'convention',
        message: `page[offset]=${paging.offset}&page[limit]=${paging.limit} of ${total ?? 0} records holds ${records.length}`,
        expected: remaining,
        actual: records.length,
      });
    }
    return failAll(ctx, exchange, findings);
  },
};

const LINK_NAMES = ['first', 'last', 'prev', 'next'] as const;

const pageLinks: Check = {
  id: 'exchange.page-links',
  title: 'The links of a list page name the pages meta.results.total makes',
  family: 'paging',
  source: 'contract',
  cites: CONTRACT.nodeLinks,
  operation: 'getNodeProducts',
  watch(ctx, exchange) {
    const list = listOf(exchange);
    const paging = list === undefined ? undefined : pagingOf(exchange);
    const links = jsonAt(exchange.response.body, 'links');
    const total = reportedTotal(exchange);
    if (pageRecords(exchange) === undefined || paging === undefined || total === undefined) return undefined;
    if (links === null || typeof links !== 'object') return undefined;
    // Past the offset cap decisions.md stops the links early: the plain arithmetic does not apply.
    if (total > 10000) return undefined;
    const contract: Source = list === 'getNodeProducts' ? 'contract' : 'convention';
    const expected = expectedLinkOffsets(total, paging.offset, paging.limit);
    const findings: Finding[] = [];
    for (const name of LINK_NAMES) {
      const link = (links as Record<string, unknown>)[name];
      const want = expected[name];
      const got = typeof link === 'string' ? (linkPaging(link)?.offset ?? 0) : link === null ? null : link;
      if (got === want) continue;
      const single = total <= paging.limit && name !== 'first';
      findings.push({
        rule: single
          ? 'last, prev and next are null when there is only one page'
          : name === 'first'
            ? 'links.first is always the first page'
            : `links.${name} names the right page (decisions.md)`,
        source: single || name === 'first' ? contract : 'convention',
        message: `links.${name} names offset ${JSON.stringify(got) ?? 'nothing'}, expected ${JSON.stringify(want)} (total ${total}, page[offset]=${paging.offset}, page[limit]=${paging.limit})`,
        expected: want,
        actual: link ?? 'missing',
      });
    }
    return failAll(ctx, exchange, findings);
  },
};

/** The asked include values when every one is documented for the operation, else undefined. */
function askedIncludes(exchange: Exchange, documented: readonly string[]): string[] | undefined {
  const raw = queryOf(exchange).get('include');
  if (raw === null) return [];
  const asked = [...new Set(raw.split(',').map((value) => value.trim()))];
  return asked.every((value) => documented.includes(value)) ? asked : undefined;
}

const includeRules: Check = {
  id: 'exchange.include',
  title: 'included holds what the include parameter asked for and the page references',
  family: 'include',
  source: 'contract',
  cites: CONTRACT.include,
  operation: 'listSubscriptions',
  watch(ctx, exchange) {
    const list = listOf(exchange);
    const data = pageRecords(exchange);
    if (list === undefined || data === undefined) return undefined;
    const included = jsonAt(exchange.response.body, 'included');
    const documented = list === 'listSubscriptions' ? ['plans', 'products'] : Object.keys(NODE_INCLUDES);
    const asked = askedIncludes(exchange, documented);
    if (asked === undefined) return undefined;
    if (asked.length === 0) {
      if (included === undefined) return [];
      return [
        ctx.fail(exchange, {
          rule: 'included appears only when include asks for it (decisions.md)',
          source: 'convention',
          cites: decision('Include', 'included appears only when asked for'),
          message: `${list} without include answered an included member`,
          expected: 'no included',
          actual: included,
        }),
      ];
    }
    const findings =
      list === 'listSubscriptions'
        ? subscriptionIncludeFindings(data, included, asked)
        : nodeProductIncludeFindings(data, included, asked as NodeInclude[]);
    return failAll(ctx, exchange, findings).map((failure) =>
      failure.source === 'convention' && list === 'getNodeProducts'
        ? {
            ...failure,
            cites: decision(
              'Include',
              'node products: included holds component_products, main_images and files',
            ),
          }
        : failure,
    );
  },
};

/** The product rules of interface.md on every product a node products page shows. */
const productRules: Check[] = PRODUCT_RULES.map(
  ({ id, title, rule, problem, cites, source = 'contract' }) => ({
    id: `exchange.${id}`,
    title,
    family: 'catalog',
    source,
    cites,
    operation: 'getNodeProducts',
    watch(ctx, exchange) {
      if (exchange.operation !== 'getNodeProducts') return undefined;
      const records = pageRecords(exchange);
      if (records === undefined) return undefined;
      const broken = records.flatMap((product) => {
        const found = problem(product);
        return found === undefined ? [] : [`${idOf(product) ?? '(no id)'}: ${found}`];
      });
      if (broken.length === 0) return [];
      return [
        ctx.fail(exchange, {
          rule,
          message: `${broken.length} product(s) break it: ${broken.slice(0, 5).join('; ')}`,
          actual: broken.slice(0, 5),
        }),
      ];
    },
  }),
);

function requestAccepted(validator: SpecValidator): Check {
  return {
    id: 'exchange.invalid-body-accepted',
    title: 'A write whose body breaks the spec is not accepted',
    family: 'rejection',
    source: 'contract',
    cites: CONTRACT.createBody,
    operation: 'createSubscription',
    watch(ctx, exchange) {
      const operation = exchange.operation;
      if (operation !== 'createSubscription' && operation !== 'updateSubscription') return undefined;
      const status = exchange.response.status;
      if (status < 200 || status >= 300 || exchange.request.body === undefined) return undefined;
      let body: unknown;
      try {
        body = JSON.parse(exchange.request.body) as unknown;
      } catch {
        body = undefined;
      }
      // Unknown members are ignored by design (design.md), so only the spec's other rules count here.
      const errors = validator
        .validateRequest(operation, body)
        .filter((error) => error.keyword !== 'additionalProperties');
      if (errors.length === 0) return [];
      return [
        ctx.fail(exchange, {
          rule: 'a request body the spec refuses gets a 4xx, never a 2xx',
          cites: operation === 'createSubscription' ? CONTRACT.createBody : CONTRACT.updateSuccess,
          message: `${operation} answered ${status} to a body that breaks the spec: ${errors
            .slice(0, 3)
            .map((error) => `${error.instancePath || '/'} ${error.message}`)
            .join('; ')}`,
          expected: '4xx',
          actual: status,
          schemaErrors: errors,
        }),
      ];
    },
  };
}

/** The rules one exchange can show beyond the kit's watching checks; request bodies are read with `validator`. */
export function exchangeChecks(validator: SpecValidator): Check[] {
  return [
    filterSatisfied,
    pageSize,
    pageMeta,
    pageLinks,
    includeRules,
    requestAccepted(validator),
    ...productRules,
  ];
}

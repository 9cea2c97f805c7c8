import {
  child,
  dataRecords,
  isObject,
  isSuccess,
  onRequest,
  onResponse,
  operationOf,
  paging,
  parseExpression,
  rewriteFilter,
  splitExpressions,
  withQuery,
  type Fault,
  type JsonObject,
} from './fault.js';
import type { Handler } from './fault-proxy.js';

const LISTS = ['listSubscriptions', 'getNodeProducts'] as const;
const DEFAULT_LIMIT = 25;

/** `:` read as OR: each expression is sent on its own and the answers are merged. */
const colonAsOr: Handler = async (req, forward) => {
  const filter = req.url.searchParams.get('filter');
  const expressions = filter === null ? [] : splitExpressions(filter);
  if (operationOf(req) === undefined || expressions.length < 2) return forward(req);
  const answers = [];
  for (const expression of expressions) {
    answers.push(
      await forward(withQuery(req, { filter: expression, 'page[offset]': '0', 'page[limit]': '100' })),
    );
  }
  const failed = answers.find((answer) => !isSuccess(answer.status));
  if (failed !== undefined) return failed;
  const union = new Map<unknown, JsonObject>();
  for (const record of answers.flatMap((answer) => dataRecords(answer.body))) union.set(record.id, record);
  const { offset = 0, limit = DEFAULT_LIMIT } = paging(req);
  const first = answers[0];
  if (first === undefined || !isObject(first.body)) return forward(req);
  const results = child(first.body, 'meta', 'results');
  if (results !== undefined) results.total = union.size;
  first.body.data = [...union.values()].slice(offset, offset + limit);
  return first;
};

/** The record before the page is served again at its top (an off-by-one in the offset), the page's last is lost. */
const repeatAcrossPages: Handler = async (req, forward) => {
  const res = await forward(req);
  const { offset } = paging(req);
  if (operationOf(req) === undefined || !isSuccess(res.status) || offset === undefined || offset < 1)
    return res;
  const before = await forward(withQuery(req, { 'page[offset]': String(offset - 1), 'page[limit]': '1' }));
  const previous = dataRecords(before.body)[0];
  const data = isObject(res.body) ? res.body.data : undefined;
  if (previous !== undefined && Array.isArray(data) && data.length > 0) {
    (res.body as JsonObject).data = [previous, ...data.slice(0, -1)];
  }
  return res;
};

/** Over 100 records asked for: served by gluing pages of 100 together instead of clamping or rejecting. */
const noPageCap: Handler = async (req, forward) => {
  const { offset = 0, limit } = paging(req);
  if (operationOf(req) !== 'listSubscriptions' || limit === undefined || limit <= 100) return forward(req);
  const first = await forward(withQuery(req, { 'page[offset]': String(offset), 'page[limit]': '100' }));
  const second = await forward(
    withQuery(req, { 'page[offset]': String(offset + 100), 'page[limit]': '100' }),
  );
  if (!isObject(first.body) || !isSuccess(second.status)) return first;
  first.body.data = [...dataRecords(first.body), ...dataRecords(second.body)].slice(0, limit);
  return first;
};

/** Plans of the next page's subscriptions join the included plans of this page. */
const foreignIncludedPlans: Handler = async (req, forward) => {
  const res = await forward(req);
  const include = req.url.searchParams.get('include') ?? '';
  if (operationOf(req) !== 'listSubscriptions' || !include.includes('plans') || !isSuccess(res.status)) {
    return res;
  }
  const { offset = 0, limit = DEFAULT_LIMIT } = paging(req);
  const next = await forward(withQuery(req, { 'page[offset]': String(offset + limit), filter: undefined }));
  const plans = child(res.body, 'included')?.plans;
  const foreign = child(next.body, 'included')?.plans;
  if (!Array.isArray(plans) || !Array.isArray(foreign)) return res;
  const present = new Set(plans.map((plan) => child(plan)?.id));
  plans.push(...foreign.filter((plan) => !present.has(child(plan)?.id)));
  return res;
};

/** Filters that do not filter, or filter the wrong way. */
export const filterFaults: Fault[] = [
  {
    name: 'subscriptions-filter-ignored',
    description: 'the subscriptions list drops the filter parameter and answers the whole collection',
    only: 'filters',
    expectFailedCheck: 'filters.subscriptions-eq-account-id',
    handler: onRequest(['listSubscriptions'], (req) => req.url.searchParams.delete('filter')),
  },
  {
    name: 'sku-filter-ignored',
    description: 'node products ignore every expression on sku (the other attributes still filter)',
    only: 'filters',
    expectFailedCheck: 'filters.node-products-eq-sku',
    handler: onRequest(['getNodeProducts'], (req) =>
      rewriteFilter(req, (expression) =>
        parseExpression(expression)?.attribute === 'sku' ? undefined : expression,
      ),
    ),
  },
  {
    name: 'colon-as-or',
    description: '`:` between filter expressions is read as OR instead of AND (decisions.md: --strict)',
    only: 'filters',
    expectFailedCheck: 'filters.node-products-and',
    strict: true,
    handler: () => colonAsOr,
  },
  {
    name: 'in-first-value-only',
    description: '`in` with several values matches only the first value',
    only: 'filters',
    expectFailedCheck: 'filters.node-products-in-sku',
    handler: onRequest(['getNodeProducts'], (req) =>
      rewriteFilter(req, (expression) => {
        const parsed = parseExpression(expression);
        if (parsed?.op !== 'in' || parsed.values.length < 2) return expression;
        return `in(${parsed.attribute},${parsed.values[0]})`;
      }),
    ),
  },
  {
    name: 'unknown-filter-attribute-ignored',
    description: 'a filter the server cannot parse is silently dropped and the whole list answered',
    only: 'rejection.list-subscriptions-filter',
    expectFailedCheck: 'rejection.list-subscriptions-filter',
    handler: () => async (req, forward) => {
      const res = await forward(req);
      if (res.status !== 400 || !req.url.searchParams.has('filter')) return res;
      return forward(withQuery(req, { filter: undefined }));
    },
  },
];

/** Paging that loses, repeats or miscounts records. */
export const pagingFaults: Fault[] = [
  {
    name: 'offset-ignored',
    description: 'page[offset] is ignored: every page is the first page',
    only: 'paging',
    expectFailedCheck: 'paging.subscriptions-walk',
    handler: onRequest(LISTS, (req) => req.url.searchParams.delete('page[offset]')),
  },
  {
    name: 'limit-ignored',
    description: 'page[limit] is ignored: every page holds the store default of 25',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-walk',
    handler: onRequest(LISTS, (req) => req.url.searchParams.delete('page[limit]')),
  },
  {
    name: 'record-repeated-across-pages',
    description:
      'an off-by-one offset: each page repeats the last record of the page before and loses its own last',
    only: 'paging',
    expectFailedCheck: 'paging.subscriptions-walk',
    handler: () => repeatAcrossPages,
  },
  {
    name: 'last-record-missing',
    description: 'the last page loses its last record while meta.results.total still counts it',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-walk',
    handler: onResponse(LISTS, (body, req) => {
      const data = body.data;
      const { offset = 0 } = paging(req);
      const total = child(body, 'meta', 'results')?.total;
      const lastPage = child(body, 'links')?.next === null;
      if (Array.isArray(data) && data.length > 0 && (lastPage || offset + data.length === total)) data.pop();
    }),
  },
  {
    name: 'page-current-off-by-one',
    description: 'meta.page.current counts from 2 (offset / limit + 2; decisions.md: --strict)',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-meta',
    strict: true,
    handler: onResponse(['getNodeProducts'], (body) => {
      const page = child(body, 'meta', 'page');
      if (page !== undefined && typeof page.current === 'number') page.current += 1;
    }),
  },
  {
    name: 'results-total-is-page-size',
    description: 'meta.results.total counts the records of the page, not of the collection',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-meta',
    handler: onResponse(['getNodeProducts'], (body) => {
      const results = child(body, 'meta', 'results');
      if (results !== undefined && Array.isArray(body.data)) results.total = body.data.length;
    }),
  },
  {
    name: 'next-link-same-page',
    description: 'links.next repeats the current page, so a client following it never ends',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-links',
    handler: onResponse(LISTS, (body) => {
      const links = child(body, 'links');
      if (links !== undefined && typeof links.next === 'string') links.next = links.self;
    }),
  },
  {
    name: 'single-page-links-not-null',
    description: 'on a collection of one page, last and next are set instead of null',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-links',
    handler: onResponse(LISTS, (body) => {
      const links = child(body, 'links');
      if (links !== undefined && links.last === null && links.next === null && links.prev === null) {
        links.last = links.first;
        links.next = links.first;
      }
    }),
  },
  {
    name: 'page-over-100-records',
    description: 'page[limit] above 100 is neither rejected nor clamped: 150 asked, 150 served',
    only: 'rejection.list-subscriptions-paging',
    expectFailedCheck: 'rejection.list-subscriptions-paging',
    handler: () => noPageCap,
  },
];

/** `include` answered wrongly. */
export const includeFaults: Fault[] = [
  {
    name: 'include-ignored',
    description: 'include=plans,products is accepted but included is never sent',
    only: 'include',
    expectFailedCheck: 'include.subscriptions-plans-products',
    handler: onResponse(['listSubscriptions'], (body) => delete body.included),
  },
  {
    name: 'included-plan-missing',
    description: "included.plans lacks the plan of the page's last subscription (its plan_id)",
    only: 'include',
    expectFailedCheck: 'include.subscriptions-plans',
    handler: onResponse(['listSubscriptions'], (body) => {
      const planId = child(dataRecords(body).at(-1), 'attributes')?.plan_id;
      const included = child(body, 'included');
      if (included !== undefined && Array.isArray(included.plans)) {
        included.plans = included.plans.filter((plan) => !isObject(plan) || plan.id !== planId);
      }
    }),
  },
  {
    name: 'included-plans-of-other-subscriptions',
    description:
      "included.plans also holds the plans of the next page's subscriptions (decisions.md: --strict)",
    only: 'include',
    expectFailedCheck: 'include.subscriptions-plans',
    strict: true,
    handler: () => foreignIncludedPlans,
  },
];

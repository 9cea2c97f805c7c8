import {
  LISTS,
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

/** Node products drop every expression on one attribute (the others still filter), as if it were unknown. */
function ignoredAttribute(attribute: string): () => Handler {
  return onRequest(['getNodeProducts'], (req) =>
    rewriteFilter(req, (expression) =>
      parseExpression(expression)?.attribute === attribute ? undefined : expression,
    ),
  );
}

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
    handler: ignoredAttribute('sku'),
  },
  {
    name: 'tags-filter-ignored',
    description: 'node products ignore every expression on tags (the other attributes still filter)',
    only: 'filters.node-products-eq-tags',
    expectFailedCheck: 'filters.node-products-eq-tags',
    handler: ignoredAttribute('tags'),
  },
  {
    name: 'tags-matched-case-sensitively',
    description: 'eq(tags, V) with V upper-cased finds nothing (decisions.md: tags compare in lowercase)',
    only: 'filters.node-products-eq-tags',
    expectWarnedCheck: 'filters.node-products-eq-tags',
    handler: onRequest(['getNodeProducts'], (req) => {
      const filter = req.url.searchParams.get('filter') ?? '';
      if (filter.startsWith('eq(tags,') && filter !== filter.toLowerCase()) {
        req.url.searchParams.set('filter', 'eq(tags,none)');
      }
    }),
  },
  {
    name: 'filtered-page-loses-last-record',
    description: 'a filtered page of more than one record loses its last record',
    only: 'filters.node-products-in-product-types',
    expectFailedCheck: 'filters.node-products-in-product-types',
    handler: onResponse(LISTS, (body, req) => {
      if (req.url.searchParams.has('filter') && Array.isArray(body.data) && body.data.length > 1) {
        body.data.pop();
      }
    }),
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
    name: 'second-filter-expression-dropped',
    description: 'of expressions joined by `:` only the first filters, the others are dropped (decisions.md)',
    only: 'filters.node-products-and',
    expectWarnedCheck: 'filters.node-products-and',
    handler: onRequest(LISTS, (req) =>
      rewriteFilter(req, (expression, index) => (index === 0 ? expression : undefined)),
    ),
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
    // The filter grammar and its errors are decisions.md's: ignoring a bad filter warns (fails with --strict).
    expectWarnedCheck: 'rejection.list-subscriptions-filter',
    handler: () => async (req, forward) => {
      const res = await forward(req);
      if (res.status !== 400 || !req.url.searchParams.has('filter')) return res;
      return forward(withQuery(req, { filter: undefined }));
    },
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
  {
    name: 'unasked-products-included',
    description: 'include=plans also sends included.products (decisions.md: only what was asked for)',
    only: 'include.subscriptions-plans',
    expectWarnedCheck: 'include.subscriptions-plans',
    handler: onResponse(['listSubscriptions'], (body, req) => {
      const included = child(body, 'included');
      if (req.url.searchParams.get('include') === 'plans' && included !== undefined) included.products = [];
    }),
  },
];

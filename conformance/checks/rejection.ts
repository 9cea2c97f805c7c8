import type { Check } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import { rejectionCheck, type RejectionCase } from '../rejection-case.js';
import { catalogParams, createdSubscriptionId, standardCreateBody } from '../shared-requests.js';
import { createRejectionChecks } from './rejection-create.js';

/** Paging outside 1..100 / 0..10000: rejected, or clamped to at most 100 records (either passes). */
function pagingCases(limit: string, offset: string): RejectionCase[] {
  const paging = (parameter: string, value: string, rule: string): RejectionCase => ({
    label: `${parameter}=${value}`,
    rule,
    source: 'contract',
    cites: parameter === 'page[limit]' ? limit : offset,
    clampAllowed: true,
    request: () => ({ query: [[parameter, value]] }),
  });
  return [
    paging('page[limit]', '0', 'page[limit] is 1 to 100'),
    paging('page[limit]', '101', 'page[limit] is 1 to 100'),
    paging('page[limit]', '-1', 'page[limit] is 1 to 100'),
    paging('page[limit]', 'ten', 'page[limit] is an integer'),
    paging('page[offset]', '10001', 'page[offset] is at most 10000'),
    paging('page[offset]', '-1', 'page[offset] is zero-based'),
    paging('page[offset]', 'first', 'page[offset] is an integer'),
  ];
}

/**
 * The interface lists operators and attributes but neither a grammar nor what happens to anything else: every
 * filter rejection is decisions.md's (a server that ignores them warns); a 5xx is still a contract break.
 */
function filterCase(label: string, filter: string, rule: string): RejectionCase {
  return {
    label: `filter=${filter} (${label})`,
    rule,
    source: 'convention',
    cites: FILTERS,
    request: () => ({ query: { filter } }),
  };
}

const FILTERS = decision(
  'Filters',
  'an unknown operator, an attribute not listed, a second value to eq or a parse failure is a 400',
);
const MALFORMED = 'a malformed filter is rejected, never ignored (decisions.md)';
const UNSUPPORTED =
  'only the documented operator x attribute pairs filter; others are rejected, never ignored (decisions.md)';

const subscriptionFilterCases: RejectionCase[] = [
  filterCase('unclosed', 'eq(email,kit@example.com', MALFORMED),
  filterCase('no value', 'eq(email)', 'a filter expression has a value (decisions.md grammar)'),
  filterCase('no operator', '(email,kit@example.com)', MALFORMED),
  filterCase('garbage', '((', MALFORMED),
  filterCase('unknown attribute', 'eq(status,active)', UNSUPPORTED),
  filterCase('unknown attribute', 'eq(plan_id,397fcee6-ed4c-4630-b34d-0c89dd04fd22)', UNSUPPORTED),
  filterCase('operator in is not offered', 'in(email,kit@example.com)', UNSUPPORTED),
  filterCase('unknown operator', 'like(name,Kit)', UNSUPPORTED),
  filterCase(
    'two values for eq',
    'eq(email,a@example.com,b@example.com)',
    'eq takes one value (decisions.md)',
  ),
];

const nodeProductFilterCases: RejectionCase[] = [
  filterCase('unclosed', 'in(sku,A', MALFORMED),
  filterCase('no value', 'eq(name)', 'a filter expression has a value (decisions.md grammar)'),
  filterCase('garbage', '((', MALFORMED),
  filterCase('unknown attribute', 'eq(status,live)', UNSUPPORTED),
  filterCase('id takes in, not eq', 'eq(id,5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b)', UNSUPPORTED),
  filterCase('unknown attribute', 'in(commodity_type,physical)', UNSUPPORTED),
  filterCase('unknown operator', 'lt(name,b)', UNSUPPORTED),
  filterCase('two values for eq on tags', 'eq(tags,a,b)', 'eq on tags takes one value'),
  filterCase(
    'two values for eq on product_types',
    'eq(product_types,standard,bundle)',
    'eq on product_types takes one value',
  ),
];

/** Node products requests carry the catalog path params; the case's query is kept. */
function atNode(cases: readonly RejectionCase[]): RejectionCase[] {
  return cases.map((c) => ({
    ...c,
    request: async (ctx) => ({ ...(await c.request(ctx)), params: catalogParams(ctx) }),
  }));
}

const listChecks: Check[] = [
  rejectionCheck({
    id: 'rejection.list-subscriptions-paging',
    title: 'Out-of-range paging on subscriptions is rejected or clamped',
    operation: 'listSubscriptions',
    source: 'contract',
    cites: CONTRACT.listLimit,
    cases: pagingCases(CONTRACT.listLimit, CONTRACT.listOffset),
  }),
  rejectionCheck({
    id: 'rejection.node-products-paging',
    title: 'Out-of-range paging on node products is rejected or clamped',
    operation: 'getNodeProducts',
    source: 'contract',
    cites: CONTRACT.pageLimits,
    cases: atNode(pagingCases(CONTRACT.pageLimits, CONTRACT.nodeOffset)),
  }),
  rejectionCheck({
    id: 'rejection.list-subscriptions-filter',
    title: 'Malformed or unsupported subscription filters are rejected',
    operation: 'listSubscriptions',
    source: 'convention',
    cites: FILTERS,
    cases: subscriptionFilterCases,
  }),
  rejectionCheck({
    id: 'rejection.node-products-filter',
    title: 'Malformed or unsupported node product filters are rejected',
    operation: 'getNodeProducts',
    source: 'convention',
    cites: FILTERS,
    cases: atNode(nodeProductFilterCases),
  }),
];

/** A query parameter no operation knows; a server ignores it (as the vendor does) or names it in a 400. */
export const UNKNOWN_PARAMETER = 'subcat_kit_unknown';

const UNKNOWN = decision(
  'Ignored input',
  'an unknown query parameter is ignored and named, or (--strict) a 400 naming it; the kit warns only',
);

/** One case: the operation's valid request with an unknown query parameter added. */
function unknownParameterCheck(
  id: string,
  operation: string,
  request: Parameters<typeof rejectionCheck>[0]['cases'][number]['request'],
  writes: boolean,
): Check {
  const check = rejectionCheck({
    id,
    title: `An unknown query parameter on ${operation} is ignored, or rejected with a 400 naming it`,
    operation,
    source: 'convention',
    cites: UNKNOWN,
    ...(writes ? { needsAcceptedCreate: true } : {}),
    cases: [
      {
        label: `a valid ${operation} request with ${UNKNOWN_PARAMETER}=1`,
        rule: 'unknown query parameters are ignored or rejected with a 400 naming them (decisions.md)',
        source: 'convention',
        names: UNKNOWN_PARAMETER,
        ignoreAllowed: true,
        request,
      },
    ],
  });
  return writes ? check : { ...check, readOnly: true };
}

const unknown: ReadonlyArray<readonly [string, string]> = [[UNKNOWN_PARAMETER, '1']];

const unknownParameterChecks: Check[] = [
  unknownParameterCheck(
    'rejection.list-subscriptions-unknown-parameter',
    'listSubscriptions',
    () => ({ query: unknown }),
    false,
  ),
  unknownParameterCheck(
    'rejection.node-products-unknown-parameter',
    'getNodeProducts',
    (ctx) => ({ params: catalogParams(ctx), query: unknown }),
    false,
  ),
  // A server that ignores the parameter creates a subscription (external_ref subcat-kit-...): this one writes.
  unknownParameterCheck(
    'rejection.create-unknown-parameter',
    'createSubscription',
    (ctx) => ({ query: unknown, json: standardCreateBody(ctx) }),
    true,
  ),
  unknownParameterCheck(
    'rejection.update-unknown-parameter',
    'updateSubscription',
    async (ctx) => {
      const { id, planId } = await createdSubscriptionId(ctx);
      const attributes = planId === undefined ? {} : { plan_id: planId };
      return {
        params: { subscription_uuid: id },
        query: unknown,
        json: { data: { id, type: 'subscription', attributes } },
      };
    },
    true,
  ),
];

/** Read-only list rejections first, then the create rejections (which may write on a faulty server). */
export const rejectionChecks: Check[] = [...listChecks, ...unknownParameterChecks, ...createRejectionChecks];

import type { Check, Source } from '../check.js';
import { rejectionCheck, type RejectionCase } from '../rejection-case.js';
import { catalogParams } from '../shared-requests.js';
import { createRejectionChecks } from './rejection-create.js';

/** Paging outside 1..100 / 0..10000: rejected, or clamped to at most 100 records (either passes). */
function pagingCases(): RejectionCase[] {
  const paging = (parameter: string, value: string, rule: string): RejectionCase => ({
    label: `${parameter}=${value}`,
    rule,
    source: 'contract',
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

function filterCase(label: string, filter: string, rule: string, source: Source): RejectionCase {
  return { label: `filter=${filter} (${label})`, rule, source, request: () => ({ query: { filter } }) };
}

const MALFORMED = 'a malformed filter is rejected, never ignored';
const UNSUPPORTED =
  'only the documented operator x attribute pairs filter; others are rejected, never ignored';

const subscriptionFilterCases: RejectionCase[] = [
  filterCase('unclosed', 'eq(email,kit@example.com', MALFORMED, 'contract'),
  filterCase('no value', 'eq(email)', 'a filter expression has a value (decisions.md grammar)', 'convention'),
  filterCase('no operator', '(email,kit@example.com)', MALFORMED, 'contract'),
  filterCase('garbage', '((', MALFORMED, 'contract'),
  filterCase('unknown attribute', 'eq(status,active)', UNSUPPORTED, 'contract'),
  filterCase(
    'unknown attribute',
    'eq(plan_id,397fcee6-ed4c-4630-b34d-0c89dd04fd22)',
    UNSUPPORTED,
    'contract',
  ),
  filterCase('operator in is not offered', 'in(email,kit@example.com)', UNSUPPORTED, 'contract'),
  filterCase('unknown operator', 'like(name,Kit)', UNSUPPORTED, 'contract'),
  filterCase(
    'two values for eq',
    'eq(email,a@example.com,b@example.com)',
    'eq takes one value (decisions.md)',
    'convention',
  ),
];

const nodeProductFilterCases: RejectionCase[] = [
  filterCase('unclosed', 'in(sku,A', MALFORMED, 'contract'),
  filterCase('no value', 'eq(name)', 'a filter expression has a value (decisions.md grammar)', 'convention'),
  filterCase('garbage', '((', MALFORMED, 'contract'),
  filterCase('unknown attribute', 'eq(status,live)', UNSUPPORTED, 'contract'),
  filterCase('id takes in, not eq', 'eq(id,5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b)', UNSUPPORTED, 'contract'),
  filterCase('unknown attribute', 'in(commodity_type,physical)', UNSUPPORTED, 'contract'),
  filterCase('unknown operator', 'lt(name,b)', UNSUPPORTED, 'contract'),
  filterCase('two values for eq on tags', 'eq(tags,a,b)', 'eq on tags takes one value', 'contract'),
  filterCase(
    'two values for eq on product_types',
    'eq(product_types,standard,bundle)',
    'eq on product_types takes one value',
    'contract',
  ),
];

/** Node products requests carry the catalog path params; the case's query is kept. */
function atNode(cases: readonly RejectionCase[]): RejectionCase[] {
  return cases.map((c) => ({ ...c, request: (ctx) => ({ ...c.request(ctx), params: catalogParams(ctx) }) }));
}

const listChecks: Check[] = [
  rejectionCheck({
    id: 'rejection.list-subscriptions-paging',
    title: 'Out-of-range paging on subscriptions is rejected or clamped',
    operation: 'listSubscriptions',
    source: 'contract',
    cases: pagingCases(),
  }),
  rejectionCheck({
    id: 'rejection.node-products-paging',
    title: 'Out-of-range paging on node products is rejected or clamped',
    operation: 'getNodeProducts',
    source: 'contract',
    cases: atNode(pagingCases()),
  }),
  rejectionCheck({
    id: 'rejection.list-subscriptions-filter',
    title: 'Malformed or unsupported subscription filters are rejected',
    operation: 'listSubscriptions',
    source: 'contract',
    cases: subscriptionFilterCases,
  }),
  rejectionCheck({
    id: 'rejection.node-products-filter',
    title: 'Malformed or unsupported node product filters are rejected',
    operation: 'getNodeProducts',
    source: 'contract',
    cases: atNode(nodeProductFilterCases),
  }),
];

/** Read-only list rejections first, then the create rejections (which may write on a faulty server). */
export const rejectionChecks: Check[] = [...listChecks, ...createRejectionChecks];

import { describe, expect, it } from 'vitest';
import { benchCases, caseIds, filterValue, selectCases, type CaseIds } from './bench-cases.js';

const ids: CaseIds = {
  accountId: 'acc-1',
  skus: ['sku-a', 'sku,b'],
  deepOffset: 975,
  catalogId: 'cat',
  releaseId: 'rel',
  nodeId: 'node',
  subscriptionId: 'sub-1',
  offeringId: 'off-1',
  planIds: ['plan-a', 'plan-b'],
};

const quoting = [
  { name: 'a plain value is sent as is', value: 'sku-123', sent: 'sku-123' },
  { name: 'a comma forces quotes', value: 'a,b', sent: '"a,b"' },
  { name: 'a parenthesis forces quotes', value: 'a)b', sent: '"a)b"' },
  { name: 'a quote inside is escaped', value: 'say "hi"', sent: '"say \\"hi\\""' },
  { name: 'a backslash inside is escaped', value: 'a\\b', sent: '"a\\\\b"' },
];

describe('filterValue', () => {
  it.each(quoting)('$name', ({ value, sent }) => {
    expect(filterValue(value)).toBe(sent);
  });
});

describe('benchCases', () => {
  const cases = benchCases(ids);
  const byId = (id: string) => cases.find((c) => c.id === id);

  it('lists every case of issue 6 once, reads before writes', () => {
    expect(cases.map((c) => c.id)).toEqual([
      'list-subscriptions',
      'list-subscriptions-one',
      'list-subscriptions-eq-account',
      'list-subscriptions-include',
      'list-subscriptions-deep-page',
      'node-products',
      'node-products-in-sku',
      'node-products-include',
      'node-products-de',
      'update-subscription',
      'create-subscription',
    ]);
  });

  it('caseIds gives the same ids without a running mock', () => {
    expect(caseIds()).toEqual(cases.map((c) => c.id));
  });

  it("only the one-record page, the size of Prism's example, is measured against Prism", () => {
    expect(cases.filter((c) => c.prism).map((c) => c.id)).toEqual(['list-subscriptions-one']);
  });

  const paths = [
    { id: 'list-subscriptions-one', query: { 'page[limit]': '1' } },
    { id: 'list-subscriptions-eq-account', query: { filter: 'eq(account_id,acc-1)' } },
    { id: 'list-subscriptions-include', query: { include: 'plans,products' } },
    { id: 'list-subscriptions-deep-page', query: { 'page[offset]': '975' } },
    { id: 'node-products-in-sku', query: { filter: 'in(sku,sku-a,"sku,b")' } },
    { id: 'node-products-include', query: { include: 'component_products' } },
  ];
  it.each(paths)('$id sends its query, decoded once to what the mock parses', ({ id, query }) => {
    const path = byId(id)?.requests[0]?.path ?? '';
    expect(Object.fromEntries(new URL(path, 'http://x').searchParams)).toEqual(query);
  });

  it('the de-DE case asks for German in accept-language', () => {
    expect(byId('node-products-de')?.requests[0]?.headers).toEqual({ 'accept-language': 'de-DE' });
  });

  it('the update case switches between both plans of the fixed subscription', () => {
    const requests = byId('update-subscription')?.requests ?? [];
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['PUT', '/subscriptions/subscriptions/sub-1'],
      ['PUT', '/subscriptions/subscriptions/sub-1'],
    ]);
    expect(requests.map((r) => JSON.parse(r.body ?? '{}').data.attributes.plan_id)).toEqual([
      'plan-b',
      'plan-a',
    ]);
  });

  it('the create case posts a flat body with an existing offering and plan', () => {
    const body = JSON.parse(byId('create-subscription')?.requests[0]?.body ?? '{}');
    expect(body.data).toMatchObject({
      account_id: 'acc-1',
      offering_id: 'off-1',
      plan_id: 'plan-a',
      manual_payments: true,
    });
  });

  it('only the filtered lists are marked filtered', () => {
    expect(cases.filter((c) => c.filtered).map((c) => c.id)).toEqual([
      'list-subscriptions-eq-account',
      'node-products-in-sku',
    ]);
  });
});

describe('selectCases', () => {
  const cases = benchCases(ids);
  const selections = [
    { name: 'no ids select every case', only: [], count: 11 },
    { name: 'an exact id selects that case and those it prefixes', only: ['node-products'], count: 4 },
    { name: 'an exact id with no longer ids selects one', only: ['create-subscription'], count: 1 },
    { name: 'an unknown id selects nothing', only: ['nope'], count: 0 },
  ];
  it.each(selections)('$name', ({ only, count }) => {
    expect(selectCases(cases, only)).toHaveLength(count);
  });
});

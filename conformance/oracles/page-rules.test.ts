import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { atPointer, loadSpec, packageRoot } from '../spec.js';
import { DEFAULT_PAGE_LIMIT, pageMetaBreaks, pageView } from './page-rules.js';

const PRODUCTS = 'http://h/catalogs/c/releases/r/nodes/n/relationships/products';
const records = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}` }));
const body = (n: number, total: number, limit: number, offset: number) => ({
  data: records(n),
  meta: {
    results: { total },
    page: { limit, offset, current: Math.floor(offset / limit) + 1, total: Math.ceil(total / limit) },
  },
});

describe('pageMetaBreaks', () => {
  const cases = [
    {
      what: 'a page that adds up',
      query: '?page[offset]=3&page[limit]=3',
      answer: body(3, 8, 3, 3),
      known: 8,
      broken: [],
    },
    {
      what: 'a total other than the collection counted by the walk',
      query: '?page[offset]=3&page[limit]=3',
      answer: body(3, 9, 3, 3),
      known: 8,
      broken: ['meta.results.total counts the whole collection'],
    },
    {
      what: 'a page past the collection that holds records',
      query: '?page[offset]=9&page[limit]=3',
      answer: body(1, 8, 3, 9),
      known: 8,
      broken: ['a page past meta.results.total is empty'],
    },
    {
      what: 'an offset other than the one asked',
      query: '?page[offset]=3&page[limit]=3',
      answer: {
        ...body(3, 8, 3, 3),
        meta: { results: { total: 8 }, page: { limit: 3, offset: 0, current: 2, total: 3 } },
      },
      known: undefined,
      broken: ['meta.page.offset is the offset asked'],
    },
  ];
  it.each(cases)('judges $what', ({ query, answer, known, broken }) => {
    const view = pageView('getNodeProducts', `${PRODUCTS}${query}`, answer, answer.data);
    expect(pageMetaBreaks(view, known).map((b) => b.rule)).toEqual(broken);
  });

  it('holds node products to the contract and the subscriptions meta to the conventions', () => {
    const answer = body(3, 9, 3, 3);
    const products = pageView(
      'getNodeProducts',
      `${PRODUCTS}?page[offset]=3&page[limit]=3`,
      answer,
      answer.data,
    );
    const list = pageView(
      'listSubscriptions',
      'http://h/subscriptions/subscriptions?page[offset]=3&page[limit]=3',
      answer,
      answer.data,
    );
    expect(pageMetaBreaks(products, 8).map((b) => b.source)).toEqual(['contract']);
    expect(pageMetaBreaks(list, 8).map((b) => b.source)).toEqual(['convention']);
  });

  it('uses the default page length the spec and decisions.md document', () => {
    for (const name of ['PageLimit', 'NodePageLimit']) {
      const description = atPointer(loadSpec(), `/components/parameters/${name}/description`);
      expect(description).toContain(`(${DEFAULT_PAGE_LIMIT} in the mock)`);
    }
    const decisions = readFileSync(join(packageRoot(), 'contract', 'decisions.md'), 'utf8');
    expect(decisions).toContain(`${DEFAULT_PAGE_LIMIT} unless the mock is started with another`);
  });
});

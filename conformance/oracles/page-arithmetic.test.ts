import { describe, expect, it } from 'vitest';
import {
  expectedCurrentPage,
  expectedLinkOffsets,
  expectedPageCount,
  linkPaging,
} from './page-arithmetic.js';

describe('page arithmetic of decisions.md', () => {
  const pages: Array<{ offset: number; limit: number; total: number; current: number; count: number }> = [
    { offset: 0, limit: 25, total: 66, current: 1, count: 3 },
    { offset: 25, limit: 25, total: 66, current: 2, count: 3 },
    { offset: 26, limit: 25, total: 66, current: 2, count: 3 },
    { offset: 66, limit: 7, total: 66, current: 10, count: 10 },
    { offset: 0, limit: 10, total: 0, current: 1, count: 0 },
  ];
  it.each(pages)('gives page $current of $count at offset $offset, limit $limit, total $total', (page) => {
    expect(expectedCurrentPage(page.offset, page.limit)).toBe(page.current);
    expect(expectedPageCount(page.total, page.limit)).toBe(page.count);
  });

  const links = [
    {
      name: 'the only page has null last, prev and next',
      total: 5,
      offset: 0,
      limit: 10,
      expected: { first: 0, last: null, prev: null, next: null },
    },
    {
      name: 'an empty collection is one page',
      total: 0,
      offset: 0,
      limit: 10,
      expected: { first: 0, last: null, prev: null, next: null },
    },
    {
      name: 'the first of several pages has no prev',
      total: 66,
      offset: 0,
      limit: 10,
      expected: { first: 0, last: 60, prev: null, next: 10 },
    },
    {
      name: 'a middle page has both neighbours',
      total: 66,
      offset: 30,
      limit: 10,
      expected: { first: 0, last: 60, prev: 20, next: 40 },
    },
    {
      name: 'the last page has no next',
      total: 66,
      offset: 60,
      limit: 10,
      expected: { first: 0, last: 60, prev: 50, next: null },
    },
    {
      name: 'an exact multiple ends on a full page',
      total: 60,
      offset: 50,
      limit: 10,
      expected: { first: 0, last: 50, prev: 40, next: null },
    },
    {
      name: 'prev never goes below offset 0',
      total: 66,
      offset: 4,
      limit: 10,
      expected: { first: 0, last: 60, prev: 0, next: 14 },
    },
  ];
  it.each(links)('links: $name', ({ total, offset, limit, expected }) => {
    expect(expectedLinkOffsets(total, offset, limit)).toEqual(expected);
  });
});

describe('linkPaging', () => {
  const cases = [
    { link: 'http://h/p?page%5Boffset%5D=20&page%5Blimit%5D=10', expected: { offset: 20, limit: 10 } },
    { link: 'http://h/p?page[offset]=0&page[limit]=5&filter=eq(a,b)', expected: { offset: 0, limit: 5 } },
    { link: 'http://h/p?filter=eq(a,b)', expected: { offset: undefined, limit: undefined } },
    { link: 'http://h/p?page[offset]=-1', expected: { offset: undefined, limit: undefined } },
    { link: '/relative?page[offset]=1', expected: undefined },
  ];
  it.each(cases)('reads the paging of $link', ({ link, expected }) => {
    expect(linkPaging(link)).toEqual(expected);
  });
});

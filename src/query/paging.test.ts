import { describe, expect, it } from 'vitest';
import { parsePage, type Page } from './paging.js';

const accepted: { name: string; query: string; pageLength?: number; page: Page }[] = [
  {
    name: 'no paging parameters give offset 0 and the page length',
    query: '',
    page: { offset: 0, limit: 25 },
  },
  {
    name: 'the store page length is the default limit',
    query: 'filter=eq(name,a)',
    pageLength: 10,
    page: { offset: 0, limit: 10 },
  },
  {
    name: 'both parameters are read',
    query: 'page[offset]=50&page[limit]=10',
    page: { offset: 50, limit: 10 },
  },
  {
    name: 'percent-encoded brackets are the same parameters',
    query: 'page%5Boffset%5D=5&page%5Blimit%5D=7',
    page: { offset: 5, limit: 7 },
  },
  { name: 'the smallest limit is 1', query: 'page[limit]=1', page: { offset: 0, limit: 1 } },
  { name: 'the largest limit is 100', query: 'page[limit]=100', page: { offset: 0, limit: 100 } },
  { name: 'the largest offset is 10000', query: 'page[offset]=10000', page: { offset: 10000, limit: 25 } },
  { name: 'leading zeros are read as base 10', query: 'page[limit]=010', page: { offset: 0, limit: 10 } },
  {
    name: 'a page length above 100 is clamped to 100',
    query: '',
    pageLength: 500,
    page: { offset: 0, limit: 100 },
  },
  { name: 'a page length below 1 is clamped to 1', query: '', pageLength: 0, page: { offset: 0, limit: 1 } },
  {
    name: 'a page length that is not a number falls back to 25',
    query: '',
    pageLength: Number.NaN,
    page: { offset: 0, limit: 25 },
  },
  { name: 'unrelated page parameters are ignored', query: 'page[size]=9', page: { offset: 0, limit: 25 } },
];

describe('parsePage accepts', () => {
  it.each(accepted)('$name', ({ query, pageLength, page }) => {
    expect(parsePage(new URLSearchParams(query), pageLength ?? 25)).toEqual({ ok: true, page });
  });
});

const LIMIT_RULE = 'page[limit] must be an integer between 1 and 100';
const OFFSET_RULE = 'page[offset] must be an integer between 0 and 10000';

const rejected: { name: string; query: string; problems: { parameter: string; detail: string }[] }[] = [
  ...[
    ['a limit of 0', '0'],
    ['a limit of 101', '101'],
    ['a decimal limit', '1.5'],
    ['an exponent limit', '1e2'],
    ['an empty limit', ''],
    ['a limit with a leading space', ' 3'],
    ['a hexadecimal limit', '0x10'],
    ['a negative limit', '-5'],
    ['a limit with a plus sign', '+5'],
    ['a word as limit', 'ten'],
    ['a limit beyond the safe integers', '99999999999999999999999'],
  ].map(([what = '', value = '']) => ({
    name: `${what} is refused`,
    query: `page[limit]=${encodeURIComponent(value)}`,
    problems: [{ parameter: 'page[limit]', detail: `${LIMIT_RULE}; got '${value}'` }],
  })),
  ...[
    ['an offset of 10001', '10001'],
    ['a negative zero offset', '-0'],
    ['a negative offset', '-1'],
    ['a decimal offset', '2.0'],
  ].map(([what = '', value = '']) => ({
    name: `${what} is refused`,
    query: `page[offset]=${encodeURIComponent(value)}`,
    problems: [{ parameter: 'page[offset]', detail: `${OFFSET_RULE}; got '${value}'` }],
  })),
  {
    name: 'a repeated limit is refused',
    query: 'page[limit]=5&page[limit]=50',
    problems: [{ parameter: 'page[limit]', detail: 'page[limit] must be given at most once; got 2 values' }],
  },
  {
    name: 'both broken parameters are reported',
    query: 'page[offset]=x&page[limit]=0',
    problems: [
      { parameter: 'page[offset]', detail: `${OFFSET_RULE}; got 'x'` },
      { parameter: 'page[limit]', detail: `${LIMIT_RULE}; got '0'` },
    ],
  },
  {
    name: 'a very long value is echoed cut short',
    query: `page[limit]=${'9'.repeat(60)}`,
    problems: [{ parameter: 'page[limit]', detail: `${LIMIT_RULE}; got '${'9'.repeat(40)}...'` }],
  },
];

describe('parsePage refuses', () => {
  it.each(rejected)('$name', ({ query, problems }) => {
    expect(parsePage(new URLSearchParams(query), 25)).toEqual({ ok: false, problems });
  });
});

import { validateHeaderValue } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ignoredInputHeader, lenientSearch, MAX_IGNORED_HEADER, type IgnoredInput } from './ignored-input.js';

const cases: { name: string; items: IgnoredInput[]; header: string | undefined }[] = [
  { name: 'nothing ignored gives no header', items: [], header: undefined },
  {
    name: "the js-sdk's sort is named as a parameter",
    items: [{ kind: 'parameter', name: 'sort' }],
    header: 'parameter=sort',
  },
  {
    name: 'each kind is named in request order',
    items: [
      { kind: 'include', name: 'pricing_options' },
      { kind: 'parameter', name: 'sort' },
      { kind: 'member', name: '/data/coupon' },
    ],
    header: 'include=pricing_options, parameter=sort, member=/data/coupon',
  },
  {
    name: 'a repeated item is named once',
    items: [
      { kind: 'parameter', name: 'sort' },
      { kind: 'parameter', name: 'sort' },
    ],
    header: 'parameter=sort',
  },
  {
    name: 'brackets stay readable',
    items: [{ kind: 'parameter', name: 'page[size]' }],
    header: 'parameter=page[size]',
  },
  {
    name: 'separators, spaces and non-ASCII names are percent-encoded',
    items: [{ kind: 'parameter', name: 'a,b; c="é"%' }],
    header: 'parameter=a%2Cb%3B%20c%3D%22%C3%A9%22%25',
  },
  {
    name: 'control characters are percent-encoded',
    items: [{ kind: 'member', name: '/data/a\nb' }],
    header: 'member=/data/a%0Ab',
  },
];

describe('ignoredInputHeader', () => {
  it.each(cases)('$name', ({ items, header }) => {
    const value = ignoredInputHeader(items);
    expect(value).toBe(header);
    if (value !== undefined) expect(() => validateHeaderValue('x-subcat-ignored', value)).not.toThrow();
  });

  it('cuts a huge list at the bound, ending in ... that a Node header can carry', () => {
    const items: IgnoredInput[] = Array.from({ length: 200 }, (_, i) => ({
      kind: 'parameter',
      name: `p${i}`,
    }));
    const header = ignoredInputHeader(items) ?? '';
    expect(header).toHaveLength(MAX_IGNORED_HEADER);
    expect(header.endsWith('...')).toBe(true);
    expect(() => validateHeaderValue('x-subcat-ignored', header)).not.toThrow();
    expect(header.startsWith('parameter=p0, parameter=p1, ')).toBe(true);
  });
});

const KNOWN = new Set(['filter', 'include', 'page[limit]', 'page[offset]']);
const INCLUDES = ['plans', 'products'];

const searchCases: { name: string; search: string; kept: string; ignored: IgnoredInput[] }[] = [
  {
    name: 'a query it knows is kept as sent',
    search: 'page[limit]=2&include=plans',
    kept: 'page[limit]=2&include=plans',
    ignored: [],
  },
  {
    name: "the js-sdk's sort is taken out and named",
    search: 'include=plans,products&sort=-created_at&page[limit]=2&filter=eq(account_id,a1)',
    kept: 'include=plans,products&page[limit]=2&filter=eq(account_id,a1)',
    ignored: [{ kind: 'parameter', name: 'sort' }],
  },
  {
    name: 'an include member it does not serve is taken out of the list',
    search: 'include=plans,pricing_options&page[limit]=2',
    kept: 'include=plans&page[limit]=2',
    ignored: [{ kind: 'include', name: 'pricing_options' }],
  },
  {
    name: 'an include of only unknown members goes altogether',
    search: 'include=pricing_options',
    kept: '',
    ignored: [{ kind: 'include', name: 'pricing_options' }],
  },
  {
    name: 'an include with an empty member is left for the 400',
    search: 'include=plans,,pricing_options',
    kept: 'include=plans,,pricing_options',
    ignored: [],
  },
  { name: 'an empty include is left for the 400', search: 'include=', kept: 'include=', ignored: [] },
  {
    name: 'an include given twice is left for the 400',
    search: 'include=plans&include=pricing_options',
    kept: 'include=plans&include=pricing_options',
    ignored: [],
  },
  {
    name: 'percent-encoded names are decoded before they are judged',
    search: 'page%5Blimit%5D=2&page%5Bsize%5D=5',
    kept: 'page%5Blimit%5D=2',
    ignored: [{ kind: 'parameter', name: 'page[size]' }],
  },
];

describe('lenientSearch', () => {
  it.each(searchCases)('$name', ({ search, kept, ignored }) => {
    expect(lenientSearch(search, (name) => KNOWN.has(name), INCLUDES)).toEqual({ search: kept, ignored });
  });

  it('without an include vocabulary every include member is kept', () => {
    expect(lenientSearch('include=x', (name) => KNOWN.has(name), undefined)).toEqual({
      search: 'include=x',
      ignored: [],
    });
  });
});

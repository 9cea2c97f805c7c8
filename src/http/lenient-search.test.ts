import { describe, expect, it } from 'vitest';
import type { IgnoredInput } from '../vendor/ignored-input.js';
import { lenientSearch } from './lenient-search.js';

const KNOWN = new Set(['filter', 'include', 'page[limit]', 'page[offset]']);
const INCLUDES = ['plans', 'products'];

const cases: { name: string; search: string; kept: string; ignored: IgnoredInput[] }[] = [
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
  it.each(cases)('$name', ({ search, kept, ignored }) => {
    expect(lenientSearch(search, (name) => KNOWN.has(name), INCLUDES)).toEqual({ search: kept, ignored });
  });

  it('without an include vocabulary every include member is kept', () => {
    expect(lenientSearch('include=x', (name) => KNOWN.has(name), undefined)).toEqual({
      search: 'include=x',
      ignored: [],
    });
  });
});

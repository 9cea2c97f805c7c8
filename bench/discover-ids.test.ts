import { describe, expect, it } from 'vitest';
import { linkOffset, spread } from './discover-ids.js';

const links = [
  {
    name: 'an absolute link gives its offset',
    link: 'http://h/s?page%5Boffset%5D=975&page%5Blimit%5D=25',
    offset: 975,
  },
  { name: 'unencoded brackets are read too', link: '/s?page[offset]=50', offset: 50 },
  { name: 'a null link has no offset', link: null, offset: undefined },
  { name: 'a link without paging has no offset', link: 'http://h/s', offset: undefined },
  { name: 'a non-numeric offset is ignored', link: 'http://h/s?page[offset]=x', offset: undefined },
];

describe('linkOffset', () => {
  it.each(links)('$name', ({ link, offset }) => {
    expect(linkOffset(link)).toBe(offset);
  });
});

const spreads = [
  { name: 'fewer items than asked are all kept', items: [1, 2, 3], count: 10, picked: [1, 2, 3] },
  {
    name: 'the first and last items are always picked',
    items: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    count: 3,
    picked: [1, 5, 9],
  },
  {
    name: 'picks are spread evenly',
    items: Array.from({ length: 100 }, (_, i) => i),
    count: 4,
    picked: [0, 33, 66, 99],
  },
];

describe('spread', () => {
  it.each(spreads)('$name', ({ items, count, picked }) => {
    expect(spread(items, count)).toEqual(picked);
  });
});

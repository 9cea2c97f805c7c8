import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeQueryPart, pageLinks, pageMeta, type PageLinks } from './page-navigation.js';
import type { Page } from '../query/paging.js';

const BASE = 'http://127.0.0.1:4010/mock/subscriptions/subscriptions';
const at = (offset: number, limit = 25, kept = ''): string =>
  `${BASE}?${kept}page%5Boffset%5D=${offset}&page%5Blimit%5D=${limit}`;

const cases: {
  name: string;
  url?: string;
  total: number;
  offset: number;
  limit?: number;
  links: PageLinks;
}[] = [
  {
    name: 'the first of three pages has next and last but no prev',
    total: 60,
    offset: 0,
    links: { self: at(0), first: at(0), last: at(50), prev: null, next: at(25) },
  },
  {
    name: 'a middle page has prev and next',
    total: 60,
    offset: 25,
    links: { self: at(25), first: at(0), last: at(50), prev: at(0), next: at(50) },
  },
  {
    name: 'the last page has prev but no next',
    total: 60,
    offset: 50,
    links: { self: at(50), first: at(0), last: at(50), prev: at(25), next: null },
  },
  {
    name: 'an unaligned offset steps by the limit from where it is',
    total: 60,
    offset: 30,
    links: { self: at(30), first: at(0), last: at(50), prev: at(5), next: at(55) },
  },
  {
    name: 'an offset smaller than the limit has prev at offset 0',
    total: 60,
    offset: 10,
    links: { self: at(10), first: at(0), last: at(50), prev: at(0), next: at(35) },
  },
  {
    name: 'a page ending exactly at the total has no next',
    total: 50,
    offset: 25,
    links: { self: at(25), first: at(0), last: at(25), prev: at(0), next: null },
  },
  {
    name: 'one record more than the limit makes a second page',
    total: 26,
    offset: 0,
    links: { self: at(0), first: at(0), last: at(25), prev: null, next: at(25) },
  },
  {
    name: 'a collection that fits one page has no last, prev or next',
    total: 25,
    offset: 0,
    links: { self: at(0), first: at(0), last: null, prev: null, next: null },
  },
  {
    name: 'an empty collection has no last, prev or next',
    total: 0,
    offset: 0,
    links: { self: at(0), first: at(0), last: null, prev: null, next: null },
  },
  {
    name: 'an offset past a one-page collection still counts as one page',
    total: 3,
    offset: 50,
    links: { self: at(50), first: at(0), last: null, prev: null, next: null },
  },
  {
    name: 'an offset past a longer collection has prev one limit back and no next',
    total: 60,
    offset: 500,
    links: { self: at(500), first: at(0), last: at(50), prev: at(475), next: null },
  },
  {
    name: 'a limit of one pages record by record',
    total: 3,
    offset: 1,
    limit: 1,
    links: { self: at(1, 1), first: at(0, 1), last: at(2, 1), prev: at(0, 1), next: at(2, 1) },
  },
  {
    name: 'the request page parameters are replaced, the limit in effect is written out',
    url: `${BASE}?page[limit]=10&page[offset]=10&page[offset]=99`,
    total: 30,
    offset: 10,
    limit: 10,
    links: { self: at(10, 10), first: at(0, 10), last: at(20, 10), prev: at(0, 10), next: at(20, 10) },
  },
  {
    name: 'filter, include and other parameters are kept in request order before the paging',
    url: `${BASE}?include=plans,products&filter=eq(email,a@b.co)&x=1`,
    total: 30,
    offset: 0,
    links: {
      self: at(0, 25, 'include=plans,products&filter=eq(email,a@b.co)&x=1&'),
      first: at(0, 25, 'include=plans,products&filter=eq(email,a@b.co)&x=1&'),
      last: at(25, 25, 'include=plans,products&filter=eq(email,a@b.co)&x=1&'),
      prev: null,
      next: at(25, 25, 'include=plans,products&filter=eq(email,a@b.co)&x=1&'),
    },
  },
  {
    name: 'a fragment and credentials of the request are not repeated',
    url: 'http://user:secret@127.0.0.1:4010/mock/subscriptions/subscriptions?x=1#top',
    total: 1,
    offset: 0,
    links: { self: at(0, 25, 'x=1&'), first: at(0, 25, 'x=1&'), last: null, prev: null, next: null },
  },
];

describe('pageLinks', () => {
  it.each(cases)('$name', ({ url, total, offset, limit, links }) => {
    expect(pageLinks(new URL(url ?? BASE), total, { offset, limit: limit ?? 25 })).toEqual(links);
  });
});

const encodings: { name: string; text: string; encoded: string }[] = [
  { name: 'brackets are percent-encoded', text: 'page[limit]', encoded: 'page%5Blimit%5D' },
  { name: 'a space becomes %20, not a plus', text: 'a b', encoded: 'a%20b' },
  { name: 'a plus sign is percent-encoded', text: 'a+b@x.co', encoded: 'a%2Bb@x.co' },
  { name: 'ampersand, equals and hash are percent-encoded', text: 'a&b=c#d', encoded: 'a%26b%3Dc%23d' },
  {
    name: 'filter punctuation stays readable',
    text: `eq(name,'x'):in(id,a/b)`,
    encoded: `eq(name,'x'):in(id,a/b)`,
  },
  { name: 'double quotes and backslashes are percent-encoded', text: '"a\\b"', encoded: '%22a%5Cb%22' },
  { name: 'a percent sign is percent-encoded', text: '100%', encoded: '100%25' },
  { name: 'non-ASCII is percent-encoded as UTF-8', text: 'Zoë', encoded: 'Zo%C3%AB' },
  {
    name: 'a lone surrogate becomes a replacement character instead of throwing',
    text: 'a\uD800',
    encoded: 'a%EF%BF%BD',
  },
];

describe('encodeQueryPart', () => {
  it.each(encodings)('$name', ({ text, encoded }) => {
    expect(encodeQueryPart(text)).toBe(encoded);
  });

  // The plain definition: encodeURIComponent of the well-formed text, then `: @ , /` made readable again.
  const reference = (text: string): string =>
    encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, (c, i: number) => (isPaired(text, i) ? c : '\uFFFD')))
      .replaceAll('%3A', ':')
      .replaceAll('%40', '@')
      .replaceAll('%2C', ',')
      .replaceAll('%2F', '/');
  const isPaired = (text: string, i: number): boolean => {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    const previous = text.charCodeAt(i - 1);
    return code < 0xdc00 ? next >= 0xdc00 && next <= 0xdfff : previous >= 0xd800 && previous <= 0xdbff;
  };

  it('encodes any text as the plain definition does, its shortcut for plain text included', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...`az09-_.!~*'():@,/`.split('')) }),
      fc.string({ unit: 'binary' }),
      fc.string(),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(encodeQueryPart(t)).toBe(reference(t));
      }),
      { numRuns: 300 },
    );
  });
});

const isUri = fullFormats.uri as (text: string) => boolean;

const awkward: { name: string; url: string }[] = [
  {
    name: 'a filter with quotes, spaces, plus and brackets',
    url: `${BASE}?filter=eq(name,%22Smith%2C%20J%5B1%5D%22)&y=a%2Bb`,
  },
  {
    name: 'a path with brackets, caret, pipe and a stray percent',
    url: 'http://127.0.0.1:4010/a[1]/b^c|d/%zz?q=1',
  },
  { name: 'an IPv6 host', url: 'http://[::1]:4010/s?filter=eq(email,a@b.co)' },
  { name: 'a parameter without a value', url: `${BASE}?flag&include=` },
];

describe('pageLinks on awkward requests', () => {
  it.each(awkward)('$name gives RFC 3986 links that read back the same parameters', ({ url }) => {
    const request = new URL(url);
    const links = pageLinks(request, 100, { offset: 25, limit: 25 });
    for (const link of [links.self, links.first, links.last, links.prev, links.next]) {
      expect(link).not.toBeNull();
      if (link === null) continue;
      expect(isUri(link)).toBe(true);
      const back = new URL(link);
      expect(back.pathname).toBe(new URL(links.self).pathname);
      const kept = [...request.searchParams].filter(([name]) => !name.startsWith('page['));
      expect([...back.searchParams].filter(([name]) => !name.startsWith('page['))).toEqual(kept);
    }
  });

  it('the same request gives byte-identical links', () => {
    const make = () =>
      pageLinks(new URL(`${BASE}?filter=eq(name,a b)&include=plans`), 80, { offset: 25, limit: 25 });
    expect(JSON.stringify(make())).toBe(JSON.stringify(make()));
  });
});

const metas: { name: string; total: number; page: Page; current: number; pages: number }[] = [
  { name: 'the first page is page 1', total: 60, page: { offset: 0, limit: 25 }, current: 1, pages: 3 },
  {
    name: 'a page-aligned offset gives its page number',
    total: 60,
    page: { offset: 50, limit: 25 },
    current: 3,
    pages: 3,
  },
  {
    name: 'an unaligned offset rounds the page down',
    total: 60,
    page: { offset: 30, limit: 25 },
    current: 2,
    pages: 3,
  },
  {
    name: 'an exact multiple has no extra page',
    total: 50,
    page: { offset: 0, limit: 25 },
    current: 1,
    pages: 2,
  },
  {
    name: 'an empty collection has 0 pages and current page 1',
    total: 0,
    page: { offset: 0, limit: 25 },
    current: 1,
    pages: 0,
  },
  {
    name: 'an offset past the end still counts its page',
    total: 3,
    page: { offset: 100, limit: 25 },
    current: 5,
    pages: 1,
  },
];

describe('pageMeta', () => {
  it.each(metas)('$name', ({ total, page, current, pages }) => {
    expect(pageMeta(total, page)).toEqual({
      results: { total },
      page: { limit: page.limit, offset: page.offset, current, total: pages },
    });
  });
});

describe('pageMeta', () => {
  it.each(metas)('$name', ({ total, page, current, pages }) => {
    expect(pageMeta(total, page)).toEqual({
      results: { total },
      page: { limit: page.limit, offset: page.offset, current, total: pages },
    });
  });
});

const capped = [
  { name: 'a last page past the cap is replaced by the last page the cap reaches', total: 10_200, page: { offset: 0, limit: 25 }, last: 10_000, next: 25 },
  { name: 'no next link leads past the cap', total: 10_200, page: { offset: 9_990, limit: 25 }, last: 10_000, next: null },
  { name: 'a next link landing exactly on the cap is kept', total: 10_200, page: { offset: 9_900, limit: 100 }, last: 10_000, next: 10_000 },
  { name: 'an unaligned limit keeps the last link under the cap', total: 50_000, page: { offset: 0, limit: 30 }, last: 9_990, next: 30 },
]; // prettier-ignore
describe('pageLinks near the offset cap of 10,000', () => {
  it.each(capped)('$name', ({ total, page, last, next }) => {
    const links = pageLinks(new URL(BASE), total, page);
    const offsetOf = (link: string | null) =>
      link === null ? null : Number(new URL(link).searchParams.get('page[offset]'));
    expect([offsetOf(links.last), offsetOf(links.next)]).toEqual([last, next]);
    for (const link of [links.self, links.first, links.last, links.prev, links.next])
      expect(offsetOf(link) ?? 0).toBeLessThanOrEqual(10_000);
  });
});

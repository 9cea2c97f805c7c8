import fc from 'fast-check';
import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ANSWER_HEADERS, CacheAliases, rawRequestKey } from './cache-aliases.js';

const NAMES = [...ANSWER_HEADERS, 'x-tenant'];
const key = (headers: IncomingHttpHeaders, target = '/s', method = 'GET') =>
  rawRequestKey(method, headers, target, NAMES);

describe('rawRequestKey', () => {
  const apart: {
    name: string;
    a: IncomingHttpHeaders;
    b: IncomingHttpHeaders;
    targets?: [string, string];
  }[] = [
    { name: 'another Host', a: { host: 'a:1' }, b: { host: 'a:2' } },
    { name: 'a forwarded proto', a: { host: 'h' }, b: { host: 'h', 'x-forwarded-proto': 'https' } },
    { name: 'a forwarded host', a: { host: 'h' }, b: { host: 'h', 'x-forwarded-host': 'proxy' } },
    { name: 'another language', a: { 'accept-language': 'fr' }, b: { 'accept-language': 'de' } },
    { name: 'an empty header and none', a: { 'accept-language': '' }, b: {} },
    {
      name: 'a value moved to the next header',
      a: { 'x-forwarded-host': 'h', host: undefined },
      b: { 'x-forwarded-host': undefined, host: 'h' },
    },
    { name: 'another target', a: {}, b: {}, targets: ['/s?a=1', '/s?a=2'] },
    { name: 'a reordered query', a: {}, b: {}, targets: ['/s?a=1&b=2', '/s?b=2&a=1'] },
  ];
  it.each(apart)('tells apart $name', ({ a, b, targets = ['/s', '/s'] }) => {
    expect(key(a, targets[0])).not.toBe(key(b, targets[1]));
  });

  it('tells apart GET and HEAD (a spec may give HEAD an operation of its own)', () => {
    expect(key({ host: 'h' }, '/s', 'GET')).not.toBe(key({ host: 'h' }, '/s', 'HEAD'));
  });

  it('always reads Accept-Language, which every route negotiates, whatever the spec declares', () => {
    const only = (headers: IncomingHttpHeaders) => rawRequestKey('GET', headers, '/s', ANSWER_HEADERS);
    expect(only({ 'accept-language': 'de' })).not.toBe(only({ 'accept-language': 'fr' }));
  });

  it('ignores headers it is not told to read (request ids, CORS origins, user agents)', () => {
    const base = { host: 'h', 'accept-language': 'fr' };
    expect(key({ ...base, 'x-request-id': 'r1', origin: 'http://o', 'user-agent': 'u' })).toBe(key(base));
  });

  it('gives none for a header that came as a list', () => {
    expect(key({ host: 'h', 'x-forwarded-host': ['a', 'b'] })).toBeUndefined();
  });

  it('is one-to-one over any header values without a newline, as node delivers them', () => {
    const value = fc.option(
      fc.string().filter((s) => !s.includes('\n')),
      { nil: undefined },
    );
    const headers = fc.record({ host: value, 'x-forwarded-host': value, 'accept-language': value });
    const target = fc.string().filter((s) => !s.includes('\n'));
    fc.assert(
      fc.property(headers, target, headers, target, (a, ta, b, tb) => {
        const same = JSON.stringify([a, ta]) === JSON.stringify([b, tb]);
        expect(key(a, ta) === key(b, tb)).toBe(same);
      }),
    );
  });
});

describe('CacheAliases', () => {
  const steps: { name: string; max: number; set: string[]; held: string[] }[] = [
    { name: 'keeps what was set', max: 3, set: ['a', 'b'], held: ['a', 'b'] },
    { name: 'empties itself when full, then keeps the newest', max: 2, set: ['a', 'b', 'c'], held: ['c'] },
    {
      name: 'setting a held key again never empties it',
      max: 2,
      set: ['a', 'b', 'b', 'a'],
      held: ['a', 'b'],
    },
    { name: 'holds nothing with no room', max: 0, set: ['a'], held: [] },
  ];
  it.each(steps)('$name', ({ max, set, held }) => {
    const aliases = new CacheAliases<string>(max);
    for (const raw of set) aliases.set(raw, `resolved ${raw}`);
    expect(aliases.size).toBe(held.length);
    for (const raw of held) expect(aliases.get(raw)).toBe(`resolved ${raw}`);
  });

  const budgets: { name: string; set: string[]; held: string[]; chars: number }[] = [
    { name: 'counts the characters of the keys held', set: ['ab', 'cde'], held: ['ab', 'cde'], chars: 5 },
    {
      name: 'empties itself past its character budget',
      set: ['abcd', 'efgh', 'ijk'],
      held: ['ijk'],
      chars: 3,
    },
    { name: 'never holds a key longer than the budget', set: ['a', 'x'.repeat(11)], held: ['a'], chars: 1 },
    { name: 'a key set again is counted once', set: ['abcd', 'abcd', 'abcd'], held: ['abcd'], chars: 4 },
  ];
  it.each(budgets)('$name', ({ set, held, chars }) => {
    const aliases = new CacheAliases<string>(100, 10);
    for (const raw of set) aliases.set(raw, raw);
    expect([aliases.size, aliases.chars]).toEqual([held.length, chars]);
    for (const raw of held) expect(aliases.get(raw)).toBe(raw);
  });
});

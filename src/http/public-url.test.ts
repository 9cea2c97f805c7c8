import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { publicUrl } from './public-url.js';

const request = (target: string, host?: string) =>
  ({ url: target, headers: host === undefined ? {} : { host } }) as unknown as IncomingMessage;

// Each request's public URL must be the one WHATWG URL gives.
const cases: { name: string; host: string; target: string }[] = [
  {
    name: 'a loopback list with a query is split by hand',
    host: '127.0.0.1:4010',
    target: '/subscriptions/subscriptions?page%5Blimit%5D=1',
  },
  { name: 'a named host without a port is split by hand', host: 'mock.test', target: '/a/b' },
  {
    name: 'localhost is split by hand',
    host: 'localhost:4010',
    target: '/x?filter=eq(sku,%22a%22)',
  },
  { name: 'an empty query is left to WHATWG', host: 'localhost:4010', target: '/x?' },
  {
    name: 'brackets in a query are left to WHATWG',
    host: 'localhost:4010',
    target: '/x?page[limit]=1',
  },
  {
    name: 'an upper-case host is lower-cased by WHATWG',
    host: 'LocalHost:4010',
    target: '/x',
  },
  { name: 'the default port is dropped by WHATWG', host: 'mock.test:80', target: '/x' },
  {
    name: 'a port with a leading zero is shortened by WHATWG',
    host: 'mock.test:04010',
    target: '/x',
  },
  { name: 'a short IPv4 form is widened by WHATWG', host: '127.1:4010', target: '/x' },
  { name: 'a hex last label is an IPv4 number', host: '0x7f000001:4010', target: '/x' },
  { name: 'an IDNA label is left to WHATWG', host: 'xn--bcher-kva.example', target: '/x' },
  { name: 'dot segments are resolved by WHATWG', host: 'localhost:4010', target: '/a/../b' },
  {
    name: 'an encoded dot segment is resolved by WHATWG',
    host: 'localhost:4010',
    target: '/a/%2E%2e/b',
  },
  { name: 'a space is escaped by WHATWG', host: 'localhost:4010', target: '/a b?c d' },
  {
    name: 'a quote in a query is escaped by WHATWG',
    host: 'localhost:4010',
    target: "/a?b='c'",
  },
  { name: 'a backslash is a slash to WHATWG', host: 'localhost:4010', target: '/a\\b' },
  { name: 'non-ASCII is escaped by WHATWG', host: 'localhost:4010', target: '/zoë' },
  { name: 'an IPv6 host is left to WHATWG', host: '[::1]:4010', target: '/x' },
];

describe('publicUrl', () => {
  it.each(cases)('$name', ({ host, target }) => {
    const expected = new URL(`http://${host}${target}`);
    const url = publicUrl(request(target, host), 'fallback.test:1', false);
    expect([url.origin, url.pathname, url.search]).toEqual([
      expected.origin,
      expected.pathname,
      expected.search,
    ]);
    expect(url.href).toBe(expected.href);
  });

  it('reads the query', () => {
    const url = publicUrl(request('/x?a=1&b=%20two', 'localhost:4010'), 'fallback.test:1', false);
    expect(url.searchParams.get('b')).toBe(' two');
  });

  it('falls back to the configured host when the Host header is missing', () => {
    expect(publicUrl(request('/x'), '127.0.0.1:4010', false).origin).toBe('http://127.0.0.1:4010');
  });
});

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { publicUrl, vendorPath } from './public-url.js';

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

const NODE_PRODUCTS = '/catalogs/c1/releases/latest/nodes/n1/relationships/products';

const vendorCases: { name: string; request: string; path: string; prefix: string }[] = [
  {
    name: "the spec's own subscriptions path has no prefix",
    request: '/subscriptions/subscriptions',
    path: '/subscriptions/subscriptions',
    prefix: '',
  },
  {
    name: "the spec's own catalog path (the shopper SDK's) has no prefix",
    request: NODE_PRODUCTS,
    path: NODE_PRODUCTS,
    prefix: '',
  },
  {
    name: 'subscriptions under /v2 (both SDKs) map to the spec',
    request: '/v2/subscriptions/subscriptions',
    path: '/subscriptions/subscriptions',
    prefix: '/v2',
  },
  {
    name: 'one subscription under /v2 maps to the spec',
    request: '/v2/subscriptions/subscriptions/abc',
    path: '/subscriptions/subscriptions/abc',
    prefix: '/v2',
  },
  {
    name: "catalogs under /pcm (the js-sdk's) map to the spec",
    request: `/pcm${NODE_PRODUCTS}`,
    path: NODE_PRODUCTS,
    prefix: '/pcm',
  },
  {
    name: 'catalogs under /v2 map to the spec',
    request: `/v2${NODE_PRODUCTS}`,
    path: NODE_PRODUCTS,
    prefix: '/v2',
  },
  {
    name: 'subscriptions under /pcm are not a vendor path',
    request: '/pcm/subscriptions/subscriptions',
    path: '/pcm/subscriptions/subscriptions',
    prefix: '',
  },
  {
    name: 'a family name that only starts alike is not matched',
    request: '/v2/catalogsx/c1',
    path: '/v2/catalogsx/c1',
    prefix: '',
  },
  { name: 'a prefix alone is not matched', request: '/v2', path: '/v2', prefix: '' },
  {
    name: 'a prefix is stripped once only',
    request: '/v2/v2/subscriptions/subscriptions',
    path: '/v2/v2/subscriptions/subscriptions',
    prefix: '',
  },
  {
    name: 'the prefix is case-sensitive, as the paths are',
    request: '/V2/subscriptions/subscriptions',
    path: '/V2/subscriptions/subscriptions',
    prefix: '',
  },
  {
    name: 'the token path is left alone',
    request: '/oauth/access_token',
    path: '/oauth/access_token',
    prefix: '',
  },
];

describe('vendorPath', () => {
  it.each(vendorCases)('$name', ({ request, path, prefix }) => {
    expect(vendorPath(request)).toEqual({ path, prefix });
  });

  it.each(vendorCases)(
    'the prefix and the path make the request path again: $name',
    ({ request, path, prefix }) => {
      expect(prefix + path).toBe(request);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { vendorLink, vendorPath } from './vendor-path.js';

const NODE_PRODUCTS = '/catalogs/c1/releases/latest/nodes/n1/relationships/products';

const cases: { name: string; request: string; path: string; prefix: string }[] = [
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
  it.each(cases)('$name', ({ request, path, prefix }) => {
    expect(vendorPath(request)).toEqual({ path, prefix });
  });

  it.each(cases)('a link rebuilds the request path: $name', ({ request, path, prefix }) => {
    expect(vendorLink(path, prefix)).toBe(request);
  });
});

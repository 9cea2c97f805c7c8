import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';
import { Router, allowHeader } from './router.js';

const router = new Router<string>([
  { method: 'GET', path: '/subscriptions/subscriptions', target: 'list' },
  { method: 'POST', path: '/subscriptions/subscriptions', target: 'create' },
  { method: 'PUT', path: '/subscriptions/subscriptions/{subscription_uuid}', target: 'update' },
  { method: 'GET', path: '/subscriptions/subscriptions/special', target: 'special' },
  {
    method: 'GET',
    path: '/catalogs/{catalog_id}/releases/{release_id}/nodes/{node_id}/relationships/products',
    target: 'nodes',
  },
  { method: 'GET', path: '/files/{name}.json', target: 'file' },
  { method: 'get', path: '/subscriptions/subscriptions', target: 'duplicate (ignored: first wins)' },
]);

describe('Router.match', () => {
  const cases: { name: string; method: string; path: string; expected: unknown }[] = [
    {
      name: 'a literal path matches its method',
      method: 'GET',
      path: '/subscriptions/subscriptions',
      expected: { kind: 'found', target: 'list', template: '/subscriptions/subscriptions', params: {} },
    },
    {
      name: 'the first registration of a method wins',
      method: 'GET',
      path: '/subscriptions/subscriptions',
      expected: expect.objectContaining({ target: 'list' }),
    },
    {
      name: 'a template captures its parameter',
      method: 'PUT',
      path: '/subscriptions/subscriptions/abc',
      expected: expect.objectContaining({ target: 'update', params: { subscription_uuid: 'abc' } }),
    },
    {
      name: 'parameters are URL-decoded',
      method: 'PUT',
      path: '/subscriptions/subscriptions/a%20b%2Fc',
      expected: expect.objectContaining({ params: { subscription_uuid: 'a b/c' } }),
    },
    {
      name: 'several parameters are captured by name',
      method: 'GET',
      path: '/catalogs/c1/releases/latest/nodes/n9/relationships/products',
      expected: expect.objectContaining({
        params: { catalog_id: 'c1', release_id: 'latest', node_id: 'n9' },
      }),
    },
    {
      name: 'a parameter may share a segment with literal text',
      method: 'GET',
      path: '/files/report.json',
      expected: expect.objectContaining({ target: 'file', params: { name: 'report' } }),
    },
    {
      name: 'a literal segment beats a parameter',
      method: 'GET',
      path: '/subscriptions/subscriptions/special',
      expected: expect.objectContaining({ target: 'special' }),
    },
    {
      name: 'a method the literal lacks falls through to the template',
      method: 'PUT',
      path: '/subscriptions/subscriptions/special',
      expected: expect.objectContaining({ target: 'update', params: { subscription_uuid: 'special' } }),
    },
    {
      name: 'HEAD is answered by the GET route',
      method: 'HEAD',
      path: '/subscriptions/subscriptions',
      expected: expect.objectContaining({ target: 'list' }),
    },
    {
      name: 'lowercase methods match',
      method: 'post',
      path: '/subscriptions/subscriptions',
      expected: expect.objectContaining({ target: 'create' }),
    },
    {
      name: 'a known path with another method is 405 with the allowed methods',
      method: 'DELETE',
      path: '/subscriptions/subscriptions',
      expected: { kind: 'method-not-allowed', allow: ['GET', 'POST', 'HEAD', 'OPTIONS'] },
    },
    { name: 'an unknown path is not found', method: 'GET', path: '/nope', expected: { kind: 'not-found' } },
    {
      name: 'an empty parameter segment does not match',
      method: 'PUT',
      path: '/subscriptions/subscriptions/',
      expected: { kind: 'not-found' },
    },
    {
      name: 'a trailing slash is a different path',
      method: 'GET',
      path: '/subscriptions/subscriptions/',
      expected: { kind: 'not-found' },
    },
    {
      name: 'extra segments do not match',
      method: 'PUT',
      path: '/subscriptions/subscriptions/a/b',
      expected: { kind: 'not-found' },
    },
  ];

  it.each(cases)('$name', ({ method, path, expected }) => {
    expect(router.match(method, path)).toEqual(expected);
  });

  it('rejects broken percent-encoding in a parameter with a 400 naming the parameter', () => {
    let thrown: unknown;
    try {
      router.match('PUT', '/subscriptions/subscriptions/%E0%A4%A');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).status).toBe(400);
    expect((thrown as HttpError).errors[0]?.source).toEqual({ parameter: 'subscription_uuid' });
  });
});

describe('Router.allowed and allowHeader', () => {
  it('lists the methods of every template matching a path', () => {
    expect(router.allowed('/subscriptions/subscriptions/special')).toEqual(['GET', 'PUT', 'HEAD', 'OPTIONS']);
  });

  it('is undefined for a path nothing serves', () => {
    expect(router.allowed('/nope')).toBeUndefined();
  });

  it('adds HEAD only when GET is there', () => {
    expect(allowHeader(['POST'])).toEqual(['POST', 'OPTIONS']);
  });
});

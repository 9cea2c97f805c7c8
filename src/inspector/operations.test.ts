import { describe, expect, it } from 'vitest';
import { operationOf } from './operations.js';

describe('operationOf', () => {
  const node =
    '/catalogs/2988d144-87ab-4310-8aac-4af48f25ad61/releases/latest/nodes/c7408fb9-c01f-47e7-a70c-b7764c4d3950/relationships/products';
  const cases: { method: string; path: string; expected: string | undefined }[] = [
    { method: 'GET', path: '/subscriptions/subscriptions', expected: 'listSubscriptions' },
    {
      method: 'get',
      path: '/subscriptions/subscriptions?page[limit]=5&include=plans',
      expected: 'listSubscriptions',
    },
    { method: 'POST', path: '/subscriptions/subscriptions', expected: 'createSubscription' },
    { method: 'PUT', path: '/subscriptions/subscriptions/39016a26', expected: 'updateSubscription' },
    { method: 'GET', path: `${node}?page[limit]=3`, expected: 'getNodeProducts' },
    { method: 'DELETE', path: '/subscriptions/subscriptions/39016a26', expected: undefined },
    { method: 'GET', path: '/subscriptions/subscriptions/39016a26/extra', expected: undefined },
    { method: 'GET', path: '/__subcat/info', expected: undefined },
  ];
  it.for(cases)('finds $expected for $method $path', ({ method, path, expected }) => {
    expect(operationOf(method, path)?.id).toBe(expected);
  });
});

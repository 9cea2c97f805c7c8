import { describe, expect, it } from 'vitest';
import type { Exchange } from './client.js';
import type { Query } from './check.js';
import { buildFailure, createCache, operationUrl, queryString } from './context.js';

describe('operationUrl', () => {
  const cases: Array<{
    title: string;
    base: string;
    path: string;
    params: Record<string, string>;
    query?: Query;
    url: string;
  }> = [
    {
      title: 'appends the path to a bare origin',
      base: 'http://127.0.0.1:8080/',
      path: '/subscriptions/subscriptions',
      params: {},
      query: undefined,
      url: 'http://127.0.0.1:8080/subscriptions/subscriptions',
    },
    {
      title: 'appends the path to a base path, never replacing it',
      base: 'http://127.0.0.1:8080/staging',
      path: '/subscriptions/subscriptions',
      params: {},
      query: { 'page[limit]': 5 },
      url: 'http://127.0.0.1:8080/staging/subscriptions/subscriptions?page[limit]=5',
    },
    {
      title: 'percent-encodes path params',
      base: 'https://api.example.com/v2',
      path: '/catalogs/{catalog_id}/releases/{release_id}',
      params: { catalog_id: 'a/b c', release_id: 'latest' },
      query: undefined,
      url: 'https://api.example.com/v2/catalogs/a%2Fb%20c/releases/latest',
    },
  ];
  it.each(cases)('$title', ({ base, path, params, query, url }) => {
    expect(operationUrl(new URL(base), path, params, query)).toBe(url);
  });

  it('refuses a missing path param', () => {
    expect(() => operationUrl(new URL('http://h'), '/a/{id}', {})).toThrow(/missing path parameter id/);
  });
});

describe('queryString', () => {
  const cases: Array<{ query: Query; text: string }> = [
    { query: { filter: 'eq(name,Kit A)' }, text: 'filter=eq(name,Kit%20A)' },
    { query: { filter: 'eq(email,a@b.co):eq(name,x)' }, text: 'filter=eq(email,a%40b.co):eq(name,x)' },
    {
      query: [
        ['page[limit]', '1'],
        ['page[limit]', '2'],
      ] as Array<[string, string]>,
      text: 'page[limit]=1&page[limit]=2',
    },
    { query: { q: 'a&b=c#d' }, text: 'q=a%26b%3Dc%23d' },
  ];
  it.each(cases)('writes $text', ({ query, text }) => {
    expect(queryString(query)).toBe(text);
    // What a server reads back is what the check meant.
    const read = [...new URLSearchParams(text)];
    expect(read).toEqual(Array.isArray(query) ? query : Object.entries(query));
  });
});

describe('createCache', () => {
  it('loads a key once', async () => {
    const cache = createCache();
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.memo('k', load)).toBe(1);
    expect(await cache.memo('k', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('forgets a failed load so a later check may retry', async () => {
    const cache = createCache();
    await expect(cache.memo('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.memo('k', () => Promise.resolve('up'))).toBe('up');
  });
});

describe('buildFailure', () => {
  const exchange: Exchange = {
    seq: 1,
    request: {
      method: 'GET',
      url: 'http://h/s',
      headers: { authorization: 'Bearer s3cr3t', 'x-api-key': 'k3y', accept: 'application/json' },
    },
    response: {
      status: 200,
      headers: { 'set-cookie': 'sid=abc' },
      body: { echoed: 'the token is s3cr3t' },
      text: `{"echoed":"the token is s3cr3t"}${'y'.repeat(9000)}`,
      bytes: 9032,
      ms: 5,
    },
    operation: 'listSubscriptions',
  };
  const settings = { secretHeaders: ['X-Api-Key'], secretValues: ['Bearer s3cr3t', 's3cr3t', 'k3y-long'] };
  const check = { id: 'c.x', operation: '*', source: 'contract', cites: 'interface.md § X: "y"' } as const;
  const failure = buildFailure(check, settings, exchange, {
    rule: 'r',
    message: 'm echoes s3cr3t',
    expected: 0,
    actual: Array.from({ length: 50 }, (_, i) => i),
    schemaErrors: Array.from({ length: 30 }, (_, i) => ({
      instancePath: `/data/${i}`,
      keyword: 'type',
      message: 'm',
    })),
  });

  it('redacts secrets in the request, the response and the curl line', () => {
    expect(JSON.stringify(failure)).not.toMatch(/s3cr3t|k3y|sid=abc/);
    expect(failure.request?.headers).toEqual({
      authorization: '<redacted>',
      'x-api-key': '<redacted>',
      accept: 'application/json',
    });
  });

  it('takes the operation from the exchange and the source from the check', () => {
    expect(failure).toMatchObject({
      checkId: 'c.x',
      operation: 'listSubscriptions',
      source: 'contract',
      expected: 0,
    });
  });

  it('redacts a secret value wherever it is echoed: message, response text', () => {
    expect(failure.message).toBe('m echoes <redacted>');
    expect(failure.response?.text).toContain('the token is <redacted>');
  });

  it("cites the check's source line", () => {
    expect(failure.cites).toBe('interface.md § X: "y"');
  });

  it('cuts long response text and says how long it was', () => {
    expect(failure.response?.text.length).toBeLessThan(8100);
    expect(failure.response?.text).toMatch(/\(9032 bytes\)$/);
  });

  it('keeps 20 schema errors and counts them all', () => {
    expect(failure.schemaErrors).toHaveLength(20);
    expect(failure.schemaErrorCount).toBe(30);
  });

  it('takes the count from the check when it was given only the first errors of many', () => {
    const counted = buildFailure(check, settings, exchange, {
      rule: 'r',
      message: 'm',
      schemaErrors: failure.schemaErrors ?? [],
      schemaErrorCount: 17_000,
    });
    expect(counted.schemaErrors).toHaveLength(20);
    expect(counted.schemaErrorCount).toBe(17_000);
  });

  it('bounds a long actual value', () => {
    expect((failure.actual as unknown[]).at(-1)).toBe('… and 30 more');
  });
});

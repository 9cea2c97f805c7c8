import { describe, expect, it } from 'vitest';
import type { ExchangeRequest } from './client.js';
import { curlCommand, redactHeaders, shellQuote } from './curl.js';

describe('shellQuote', () => {
  const cases = [
    { value: 'plain', quoted: 'plain' },
    { value: 'http://h:1/a/b', quoted: 'http://h:1/a/b' },
    { value: 'has space', quoted: "'has space'" },
    { value: "it's", quoted: `'it'\\''s'` },
    { value: '$(rm -rf /)', quoted: "'$(rm -rf /)'" },
    { value: 'a&b?c=d', quoted: "'a&b?c=d'" },
    { value: '', quoted: "''" },
    { value: 'line\nbreak', quoted: "'line\nbreak'" },
  ];
  it.each(cases)('quotes $value so a shell reads it back unchanged', ({ value, quoted }) => {
    expect(shellQuote(value)).toBe(quoted);
  });
});

describe('redactHeaders', () => {
  const cases = [
    { name: 'authorization', secret: [], redacted: true },
    { name: 'Authorization', secret: [], redacted: true },
    { name: 'cookie', secret: [], redacted: true },
    { name: 'x-api-key', secret: ['X-Api-Key'], redacted: true },
    { name: 'x-tenant', secret: [], redacted: false },
    { name: 'accept', secret: ['x-api-key'], redacted: false },
  ];
  it.each(cases)('redacts $name when secret names are $secret: $redacted', ({ name, secret, redacted }) => {
    const out = redactHeaders({ [name]: 'value-123' }, secret);
    expect(out[name]).toBe(redacted ? '<redacted>' : 'value-123');
  });

  it('leaves the input untouched', () => {
    const headers = { authorization: 'Bearer t' };
    redactHeaders(headers, []);
    expect(headers.authorization).toBe('Bearer t');
  });
});

describe('curlCommand', () => {
  const cases: Array<{ title: string; request: ExchangeRequest; secret: string[]; curl: string }> = [
    {
      title: 'a GET without method flag',
      request: { method: 'GET', url: 'http://127.0.0.1:8080/subscriptions/subscriptions', headers: {} },
      secret: [],
      curl: 'curl -g http://127.0.0.1:8080/subscriptions/subscriptions',
    },
    {
      title: 'a query string quoted',
      request: { method: 'GET', url: 'http://h/s?page[limit]=0&filter=eq(name,a b)', headers: {} },
      secret: [],
      curl: "curl -g 'http://h/s?page[limit]=0&filter=eq(name,a b)'",
    },
    {
      title: 'a POST with a body holding a quote',
      request: {
        method: 'POST',
        url: 'http://h/s',
        headers: { 'content-type': 'application/json' },
        body: `{"name":"O'Brien"}`,
      },
      secret: [],
      curl: `curl -g -X POST http://h/s -H 'content-type: application/json' --data-raw '{"name":"O'\\''Brien"}'`,
    },
    {
      title: 'credentials, cookies and --header values redacted',
      request: {
        method: 'PUT',
        url: 'http://h/s/1',
        headers: {
          authorization: 'Bearer secret-token',
          cookie: 'sid=abc',
          'x-api-key': 'k-1',
          accept: 'application/json',
        },
        body: '{}',
      },
      secret: ['X-Api-Key'],
      curl:
        "curl -g -X PUT http://h/s/1 -H 'authorization: <redacted>' -H 'cookie: <redacted>' " +
        "-H 'x-api-key: <redacted>' -H 'accept: application/json' --data-raw '{}'",
    },
  ];
  it.each(cases)('writes $title', ({ request, secret, curl }) => {
    expect(curlCommand(request, secret)).toBe(curl);
  });

  it('never prints a secret value', () => {
    const line = curlCommand(
      { method: 'GET', url: 'http://h/', headers: { authorization: 'Bearer s3cr3t', 'x-token': 't0k3n' } },
      ['x-token'],
    );
    expect(line).not.toMatch(/s3cr3t|t0k3n/);
  });
});

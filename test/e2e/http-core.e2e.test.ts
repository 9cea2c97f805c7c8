import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/server.js';
import { call, jsonPost, logLine, logLines, start, UUID, validCreate } from '../support/http-core-server.js';

// The HTTP core over real sockets: routing, request bodies and headers.
// Prefer, odd requests, the safety net and server options are in http-core-options.e2e.test.ts.

let core: RunningServer;
beforeAll(async () => {
  core = await start();
});
afterAll(async () => {
  await core.close();
});

describe('routing', () => {
  it('answers an unknown path with a 404 error body listing the served paths', async () => {
    const res = await call(core.origin, '/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json.errors).toEqual([
      {
        status: '404',
        title: 'Not Found',
        detail: expect.stringContaining(
          'Nothing is served at /nope; paths served: /subscriptions/subscriptions',
        ),
      },
    ]);
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
    expect(res.json.errors[0]).toMatchObject({ status: '405', title: 'Method Not Allowed' });
  });

  it('passes decoded path parameters, the public URL and the state to the handler', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions?page[limit]=5', {
      headers: { 'accept-language': 'fr-CA' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      url: `${core.origin}/subscriptions/subscriptions?page[limit]=5`,
      language: 'fr-FR',
      label: 'test state',
      limit: '5',
    });
  });

  it('answers HEAD with the GET route, headers and no body', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
  });

  it('serves its own health path', async () => {
    expect((await call(core.origin, '/__health')).json).toEqual({ status: 'ok' });
  });

  it('lets a handler HttpError through as its status and body', async () => {
    const res = await call(
      core.origin,
      `/subscriptions/subscriptions/00000000-0000-4000-8000-000000000000`,
      jsonPost({ data: { id: UUID, type: 'subscription', attributes: {} } }, 'PUT'),
    );
    expect(res.status).toBe(404);
    expect(res.json.errors[0]).toMatchObject({ status: '404', source: { parameter: 'subscription_uuid' } });
  });
});

describe('request bodies', () => {
  it('passes a valid body to the handler and sends its headers', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', jsonPost(validCreate));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ received: validCreate });
    expect(res.headers.location).toBe(`${core.origin}/subscriptions/subscriptions/${UUID}`);
  });

  it('accepts a +json content type with a charset', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', {
      method: 'POST',
      body: JSON.stringify(validCreate),
      headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });

  it('rejects a body that is not JSON with 415 naming Content-Type', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', {
      method: 'POST',
      body: 'name=ada',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.json.errors[0]).toMatchObject({
      status: '415',
      title: 'Unsupported Media Type',
      source: { header: 'Content-Type' },
    });
  });

  it('validates a JSON body that is not an object, rather than skipping it', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', jsonPost('hello'));
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({
      detail: 'the body must be an object',
      source: { pointer: '' },
    });
  });

  it('answers 409 for a violation at a pointer the route marks as a conflict', async () => {
    const res = await call(
      core.origin,
      `/subscriptions/subscriptions/${UUID}`,
      jsonPost({ data: { id: UUID, type: 'plan', attributes: {} } }, 'PUT'),
    );
    expect(res.status).toBe(409);
    expect(res.json.errors).toEqual([
      {
        status: '409',
        title: 'Conflict',
        detail: '/data/type must be "subscription"',
        source: { pointer: '/data/type' },
      },
    ]);
  });

  it('rejects malformed JSON with 400 and the parser message', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', {
      method: 'POST',
      body: '{"data": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].detail).toMatch(/^The request body is not valid JSON: /);
  });

  it('rejects an empty POST body with 400', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({
      source: { pointer: '' },
      detail: expect.stringContaining('empty'),
    });
  });

  it('reports every schema violation of a body, one error each with its pointer', async () => {
    const body = { data: { ...validCreate.data, email: undefined, name: 'Al', currency: 'usd' } };
    const res = await call(core.origin, '/subscriptions/subscriptions', jsonPost(body));
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { source: unknown }) => e.source)).toEqual(
      expect.arrayContaining([
        { pointer: '/data/email' },
        { pointer: '/data/name' },
        { pointer: '/data/currency' },
      ]),
    );
    expect(res.json.errors).toHaveLength(3);
    expect(res.json.errors[0]).toMatchObject({ status: '400', title: 'Bad Request' });
  });

  it('rejects a query parameter outside its schema with source.parameter', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions?page[limit]=1000');
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([
      {
        status: '400',
        title: 'Bad Request',
        detail: 'page[limit] must be at most 100',
        source: { parameter: 'page[limit]' },
      },
    ]);
  });

  it('answers 413 to a 2 MiB body announced by Content-Length, and keeps serving', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', {
      method: 'POST',
      body: Buffer.alloc(2 * 1024 * 1024, 32),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.json.errors[0]).toMatchObject({ status: '413', title: 'Content Too Large' });
    expect(res.headers.connection).toBe('close');
    expect((await call(core.origin, '/__health')).status).toBe(200);
  });

  it('answers 413 to a streamed 2 MiB body without Content-Length, and keeps serving', async () => {
    function* chunks() {
      for (let i = 0; i < 64; i++) yield Buffer.alloc(32 * 1024, 32);
    }
    const res = await call(core.origin, '/subscriptions/subscriptions', {
      method: 'POST',
      body: Readable.from(chunks()),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.json.errors[0].detail).toBe(
      'The request body exceeds 1048576 bytes; the limit is 1048576 bytes',
    );
    expect((await call(core.origin, '/__health')).status).toBe(200);
  });
});

describe('headers', () => {
  it('answers a CORS preflight with 204, the path methods and the asked headers', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-custom',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, HEAD, OPTIONS');
    expect(res.headers['access-control-allow-headers']).toBe('content-type, x-custom');
  });

  it('echoes the Origin on normal responses, errors included, and exposes x-request-id', async () => {
    const res = await call(core.origin, '/nope', { headers: { origin: 'http://localhost:3000' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers.vary).toBe('Origin');
    expect(res.headers['access-control-expose-headers']).toContain('x-request-id');
  });

  it('sends no CORS headers without an Origin', async () => {
    expect((await call(core.origin, '/__health')).headers['access-control-allow-origin']).toBeUndefined();
  });

  const ids: { name: string; sent?: string; expected: RegExp }[] = [
    { name: 'echoes a sane incoming x-request-id', sent: 'trace-123.abc', expected: /^trace-123\.abc$/ },
    {
      name: 'replaces an odd x-request-id with a UUID',
      sent: 'has spaces and <tags>',
      expected: /^[0-9a-f-]{36}$/,
    },
    { name: 'generates an x-request-id when none is sent', expected: /^[0-9a-f-]{36}$/ },
  ];
  it.each(ids)('$name', async ({ sent, expected }) => {
    const res = await call(core.origin, '/nope', {
      headers: sent === undefined ? {} : { 'x-request-id': sent },
    });
    expect(String(res.headers['x-request-id'])).toMatch(expected);
  });

  it('writes one access-log line per request with method, path, status, ms and request id', async () => {
    await call(core.origin, '/subscriptions/subscriptions?page[limit]=2', {
      headers: { 'x-request-id': 'log-check-1' },
    });
    await logLine((line) => line.requestId === 'log-check-1');
    const lines = logLines.filter((line) => line.requestId === 'log-check-1');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'GET',
        path: '/subscriptions/subscriptions',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
  });
});

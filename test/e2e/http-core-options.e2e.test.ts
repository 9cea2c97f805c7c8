import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { RunningServer } from '../../src/http/server.js';
import { startMock } from '../../src/index.js';
import { loadSpec } from '../../src/contract/spec-document.js';
import { once } from 'node:events';
import { call, coreEvents, jsonPost, logLines, raw, start, UUID } from '../support/http-core-server.js';

// The HTTP core over real sockets: Prefer, odd requests, the safety net, server options and
// operations beyond the registered routes. Routing, bodies and headers are in http-core.e2e.test.ts.

let core: RunningServer;
beforeAll(async () => {
  core = await start();
});
afterAll(async () => {
  await core.close();
});

describe('Prefer', () => {
  it('answers code=404 with the spec example for that status, without calling the handler', async () => {
    const res = await call(core.origin, `/subscriptions/subscriptions/${UUID}`, {
      method: 'PUT',
      headers: { prefer: 'code=404' },
    });
    expect(res.status).toBe(404);
    expect(res.json.errors[0].detail).toBe('no subscription with id 00000000-0000-4000-8000-000000000000');
  });

  it('answers example=NAME with that named example', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', {
      headers: { prefer: 'code=400, example=badLimit' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].source).toEqual({ parameter: 'page[limit]' });
  });

  it('rejects an undocumented code with 400 naming the Prefer header and the documented codes', async () => {
    const res = await call(core.origin, '/subscriptions/subscriptions', { headers: { prefer: 'code=418' } });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({
      source: { header: 'Prefer' },
      detail: 'Prefer code=418 is not documented for listSubscriptions; documented codes: 200, 400',
    });
  });
});

describe('odd requests', () => {
  it('builds links from the Host header, not from an absolute-form target', async () => {
    const res = await raw(
      core.origin,
      'GET http://evil.example/subscriptions/subscriptions HTTP/1.1\r\nHost: mock.test:8080',
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).url).toBe('http://mock.test:8080/subscriptions/subscriptions');
  });

  it('falls back to the listening address when the Host header is odd', async () => {
    const res = await raw(core.origin, 'GET /subscriptions/subscriptions HTTP/1.1\r\nHost: a/b@c');
    expect(JSON.parse(res.body).url).toBe(`${core.origin}/subscriptions/subscriptions`);
  });

  const targets: { name: string; head: string; status: number }[] = [
    { name: 'OPTIONS * is answered as a preflight', head: 'OPTIONS * HTTP/1.1\r\nHost: x', status: 204 },
    {
      name: 'a double slash path is not found',
      head: 'GET //subscriptions/subscriptions HTTP/1.1\r\nHost: x',
      status: 404,
    },
    {
      name: 'an unknown method on a known path is 405',
      head: 'PROPFIND /subscriptions/subscriptions HTTP/1.1\r\nHost: x',
      status: 405,
    },
    {
      name: 'a broken percent-encoding in a path parameter is 400',
      head: 'PUT /subscriptions/subscriptions/%E0%A4%A HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2',
      status: 400,
    },
    { name: 'a target that is not a path is 400', head: 'GET nonsense HTTP/1.1\r\nHost: x', status: 400 },
  ];
  it.each(targets)('$name', async ({ head, status }) => {
    expect((await raw(core.origin, head)).status).toBe(status);
  });
});

describe('safety net', () => {
  it('turns an unexpected handler error into a logged 500 error body and keeps serving', async () => {
    const res = await call(core.origin, '/__broken', { headers: { 'x-request-id': 'boom-1' } });
    expect(res.status).toBe(500);
    expect(res.json.errors[0]).toMatchObject({ status: '500', detail: expect.stringContaining('boom-1') });
    expect(logLines.some((line) => line.level === 50 && line.requestId === 'boom-1')).toBe(true);
    expect((await call(core.origin, '/__health')).status).toBe(200);
  });
});

describe('options', () => {
  it('mounts everything under the base path, links included', async () => {
    const server = await start({ basePath: '/v2' });
    try {
      const res = await call(server.origin, '/v2/subscriptions/subscriptions');
      expect(res.json.url).toBe(`${server.origin}/v2/subscriptions/subscriptions`);
      expect((await call(server.origin, '/subscriptions/subscriptions')).status).toBe(404);
      expect((await call(server.origin, '/v2/__health')).status).toBe(200);
      const notFound = await call(server.origin, '/v2/nope');
      expect(notFound.json.errors[0].detail).toContain('/v2/subscriptions/subscriptions');
    } finally {
      await server.close();
    }
  });

  it('requires a bearer token when auth is on, answering 401 with WWW-Authenticate', async () => {
    const server = await start({ auth: true });
    try {
      const denied = await call(server.origin, '/subscriptions/subscriptions');
      expect(denied.status).toBe(401);
      expect(denied.headers['www-authenticate']).toBe('Bearer');
      expect(denied.json.errors[0]).toMatchObject({
        status: '401',
        title: 'Unauthorized',
        source: { header: 'Authorization' },
      });
      expect(
        (
          await call(server.origin, '/subscriptions/subscriptions', {
            headers: { authorization: 'Basic abc' },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await call(server.origin, '/subscriptions/subscriptions', {
            headers: { authorization: 'Bearer anything' },
          })
        ).status,
      ).toBe(200);
      expect((await call(server.origin, '/__health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('lets in-flight requests finish on close, then refuses new connections', async () => {
    const server = await start();
    const started = once(coreEvents, 'slow-started');
    const inFlight = call(server.origin, '/__slow');
    await started;
    const closed = server.close();
    expect((await inFlight).json).toEqual({ slow: true });
    await closed;
    await expect(call(server.origin, '/__health')).rejects.toThrow();
  });
});

describe('operations beyond the registered routes', () => {
  let dir: string;
  let mock: Awaited<ReturnType<typeof startMock>>;

  beforeAll(async () => {
    const extended = structuredClone(loadSpec()) as OpenAPIV3_1.Document & { paths: Record<string, unknown> };
    extended.paths['/health-extra'] = {
      get: {
        operationId: 'getHealthExtra',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { example: { status: 'extra-ok' } } } },
        },
      },
    };
    extended.paths['/notes-extra'] = {
      post: {
        operationId: 'createNoteExtra',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['text'],
                properties: { text: { type: 'string', minLength: 2 } },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'created',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id'],
                  properties: { id: { type: 'string', const: 'note-1' } },
                },
              },
            },
          },
        },
      },
    };
    dir = mkdtempSync(join(tmpdir(), 'subcat-spec-'));
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(extended));
    mock = await startMock({
      port: 0,
      logLevel: 'silent',
      specPath: join(dir, 'openapi.json'),
      basePath: '/v2',
    });
  });

  afterAll(async () => {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives a url with the base path and no trailing slash', () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
  });

  it('answers an operation of an extended spec with its example, through Prism', async () => {
    const res = await call(mock.url, '/health-extra');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'extra-ok' });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('validates the request of such an operation like the others', async () => {
    const res = await call(mock.url, '/notes-extra', jsonPost({ text: 'x', other: 1 }));
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { source: unknown }) => e.source)).toEqual([
      { pointer: '/text' },
      { pointer: '/other' },
    ]);
  });

  it('generates a body from the schema when the response has no example', async () => {
    const res = await call(mock.url, '/notes-extra', jsonPost({ text: 'hello' }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: 'note-1' });
  });

  it('still answers 405 on the extra path for other methods', async () => {
    const res = await call(mock.url, '/health-extra', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

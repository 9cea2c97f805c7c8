import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pino } from 'pino';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { HttpError } from '../../src/http/http-error.js';
import type { Route } from '../../src/http/route.js';
import { listen, type RunningServer } from '../../src/http/server.js';
import { startMock } from '../../src/index.js';
import { DEFAULT_MOCK_OPTIONS, type MockOptions } from '../../src/mock-options.js';
import { loadSpec } from '../../src/spec/load.js';
import { specValidators } from '../../src/spec/validators.js';

// The HTTP core over real sockets, with stand-in handlers: what is tested is everything around them.

interface TestState {
  label: string;
}

const UUID = '39016a26-c2f3-4684-b524-0fbf6c505b38';
const validCreate = {
  data: {
    account_id: '29949968-2749-44ee-9002-18b1b3a8e3a7',
    offering_id: '07ed42d5-63ec-40d8-8ee0-b28bc46cb754',
    currency: 'USD',
    manual_payments: true,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
  },
};

const routes: Route<TestState>[] = [
  {
    operationId: 'listSubscriptions',
    method: 'GET',
    path: '/subscriptions/subscriptions',
    handler: ({ url, language, state, query }) => ({
      status: 200,
      body: { url: url.href, language, label: state.label, limit: query.get('page[limit]') },
    }),
  },
  {
    operationId: 'createSubscription',
    method: 'POST',
    path: '/subscriptions/subscriptions',
    handler: ({ body, url }) => ({
      status: 201,
      body: { received: body },
      headers: { Location: `${url.href}/${UUID}` },
    }),
  },
  {
    operationId: 'updateSubscription',
    method: 'PUT',
    path: '/subscriptions/subscriptions/{subscription_uuid}',
    conflicts: ['/data/type'],
    handler: ({ params }) => {
      if (params.subscription_uuid !== UUID)
        throw HttpError.of(404, `no subscription with id ${params.subscription_uuid}`, {
          parameter: 'subscription_uuid',
        });
      return { status: 200, body: { params } };
    },
  },
  {
    operationId: 'slowTest',
    method: 'GET',
    path: '/__slow',
    handler: async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { status: 200, body: { slow: true } };
    },
  },
  {
    operationId: 'brokenTest',
    method: 'GET',
    path: '/__broken',
    handler: () => {
      throw new Error('a handler bug');
    },
  },
];

const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

async function start(options: Partial<MockOptions> = {}, document = loadSpec()): Promise<RunningServer> {
  return listen(
    {
      routes,
      state: { label: 'test state' },
      options: { ...DEFAULT_MOCK_OPTIONS, ...options },
      validators: specValidators(document),
      logger: pino({ level: 'info' }, logStream),
    },
    '127.0.0.1',
    0,
  );
}

type Init = Parameters<typeof request>[1];
async function call(base: string, path: string, init: Init = {}) {
  const response = await request(`${base}${path}`, init);
  const text = await response.body.text();
  return {
    status: response.statusCode,
    headers: response.headers,
    text,
    json: text === '' ? undefined : JSON.parse(text),
  };
}
const jsonPost = (
  body: unknown,
  method: 'POST' | 'PUT' = 'POST',
  headers: Record<string, string> = {},
): Init => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

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
    await new Promise((resolve) => setTimeout(resolve, 20));
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

/** One raw HTTP/1.1 exchange, for request targets and headers undici would not send. */
function raw(origin: string, head: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(`${head}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('end', () =>
      resolve({ status: Number(text.split(' ')[1]), body: text.split('\r\n\r\n')[1] ?? '' }),
    );
    socket.on('error', reject);
  });
}

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
    const inFlight = call(server.origin, '/__slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
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

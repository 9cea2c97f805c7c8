import { once } from 'node:events';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { syncBuiltinESMExports } from 'node:module';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { listTotal } from '../support/list-total.js';
import { createBody } from '../support/mock-client.js';
import { RawConnection, type RawResponse } from '../support/raw-connection.js';

// Issue 16, point 6: requests the HTTP parser refuses were answered without a request id or CORS headers (a
// browser then reports a CORS error instead of the status), slow headers got a 400 "not valid HTTP/1.1",
// CONNECT an empty reply, a PUT missing data.type a 409 hiding its other violations, and invalid UTF-8 was
// stored as U+FFFD.

const SUBSCRIPTIONS = '/subscriptions/subscriptions';
const ORIGIN = 'http://localhost:5173';
const { subscription_id } = FIXTURE_IDS.subscriptions;

let mock: RunningMock;
let host = '';
beforeAll(async () => {
  mock = await startShortHeaderTimeoutMock();
  host = new URL(mock.url).host;
});
afterAll(() => mock.close());

/**
 * The mock, with Node's header timeout checked every 100 ms instead of every 30 s (connectionsCheckingInterval),
 * so a slow client is cut within a second: only Node's clock is shortened, the mock answers as it always does.
 */
async function startShortHeaderTimeoutMock(): Promise<RunningMock> {
  const original = http.createServer;
  const shortened = (options: http.ServerOptions, listener?: http.RequestListener) =>
    original(
      { ...options, headersTimeout: 500, requestTimeout: 1_000, connectionsCheckingInterval: 100 },
      listener,
    );
  http.createServer = shortened as typeof http.createServer;
  syncBuiltinESMExports();
  try {
    return await startMock({ port: 0, seed: 2, subscriptions: 5, products: 5, logLevel: 'silent' });
  } finally {
    http.createServer = original;
    syncBuiltinESMExports();
  }
}

async function exchange(bytes: string | Buffer): Promise<RawResponse> {
  const connection = await RawConnection.open(mock.url);
  try {
    await connection.write(bytes);
    return await connection.response();
  } finally {
    connection.close();
  }
}

/** The answer every refused request gets: JSON errors with the status, a request id, CORS for the origin. */
function expectJsonError(response: RawResponse, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['x-request-id']).toMatch(/\S/);
  expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
  const body = JSON.parse(response.body) as { errors: { status: string; title: string; detail: string }[] };
  expect(body.errors.map((error) => error.status)).toEqual([String(status)]);
  expect(body.errors[0]?.detail).toMatch(/\S/);
}

describe('requests the HTTP parser refuses (issue 16, point 6)', () => {
  it('answers headers that never finish with 408, not 400', async () => {
    const connection = await RawConnection.open(mock.url);
    await connection.write(`GET ${SUBSCRIPTIONS} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${ORIGIN}\r\nX-Slow: `);
    const response = await connection.response(10_000);
    expect(response.status).toBe(408);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-request-id']).toMatch(/\S/);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ status: '408' }] });
    // The Origin line never reached a complete header block, so any origin may read the 408.
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers.connection).toBe('close');
    await connection.ended;
  });

  it('answers CONNECT with 405, Allow and a JSON body', async () => {
    const response = await exchange(
      `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nOrigin: ${ORIGIN}\r\n\r\n`,
    );
    expectJsonError(response, 405);
    expect(response.headers.allow).toMatch(/GET/);
  });

  it('answers headers past 16 kB with 431, a request id and CORS headers', async () => {
    const response = await exchange(
      `GET ${SUBSCRIPTIONS} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${ORIGIN}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectJsonError(response, 431);
  });

  it('answers a lower-case method with 400, a request id and CORS headers', async () => {
    const response = await exchange(
      `get ${SUBSCRIPTIONS} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${ORIGIN}\r\n\r\n`,
    );
    expectJsonError(response, 400);
  });

  it('answers a header line without a colon with 400, a request id and CORS headers', async () => {
    const response = await exchange(
      `GET ${SUBSCRIPTIONS} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${ORIGIN}\r\nbroken\r\n\r\n`,
    );
    expectJsonError(response, 400);
  });

  it('still answers after all of it', async () => {
    const response = await exchange(
      `GET ${SUBSCRIPTIONS}?page%5Blimit%5D=1 HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    );
    expect(response.status).toBe(200);
  });
});

interface ErrorBody {
  errors: { status: string; detail: string; source?: Record<string, string> }[];
}
async function send(method: string, path: string, body: string | Buffer) {
  const response = await request(`${mock.url}${path}`, {
    method: method as 'PUT',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return {
    status: response.statusCode,
    json: (await response.body.json()) as ErrorBody & { data?: { attributes: { name: string } } },
  };
}
const sources = (body: ErrorBody) => body.errors.map((error) => error.source);

describe('an update with several violations (issue 16, point 6)', () => {
  it('lists a missing data.type with a missing data.id and a bad plan UUID, as one 400', async () => {
    const { status, json } = await send(
      'PUT',
      `${SUBSCRIPTIONS}/${subscription_id}`,
      JSON.stringify({ data: { attributes: { plan_id: 'not-a-uuid' } } }),
    );
    expect(status).toBe(400);
    expect(json.errors.every((error) => error.status === '400')).toBe(true);
    expect(sources(json)).toEqual(
      expect.arrayContaining([
        { pointer: '/data/type' },
        { pointer: '/data/id' },
        { pointer: '/data/attributes/plan_id' },
      ]),
    );
  });

  it('lists a bad subscription id in the path with a missing data.type, as one 400', async () => {
    const { status, json } = await send(
      'PUT',
      `${SUBSCRIPTIONS}/not-a-uuid`,
      JSON.stringify({ data: { id: subscription_id, attributes: {} } }),
    );
    expect(status).toBe(400);
    expect(sources(json)).toEqual(
      expect.arrayContaining([{ parameter: 'subscription_uuid' }, { pointer: '/data/type' }]),
    );
  });

  it('answers a wrong data.type alone with 400 (the vendor declares no 409 on PUT)', async () => {
    const { status, json } = await send(
      'PUT',
      `${SUBSCRIPTIONS}/${subscription_id}`,
      JSON.stringify({ data: { id: subscription_id, type: 'plan', attributes: {} } }),
    );
    expect(status).toBe(400);
    expect(sources(json)).toEqual([{ pointer: '/data/type' }]);
  });
});

/** A valid create body whose `field` holds `bytes` in the middle (the rest is valid UTF-8). */
function createWith(field: 'name' | 'email', bytes: number[]): Buffer {
  const marker = 'MARKER';
  const { data } = createBody('Ada Lovelace') as { data: Record<'name' | 'email', string> };
  data[field] = field === 'name' ? `Ada ${marker}` : `ada${marker}@example.com`;
  const text = Buffer.from(JSON.stringify({ data }));
  const at = text.indexOf(marker);
  return Buffer.concat([text.subarray(0, at), Buffer.from(bytes), text.subarray(at + marker.length)]);
}

describe('invalid UTF-8 in a body (issue 16, point 6)', () => {
  // prettier-ignore
  const cases: { title: string; field: 'name' | 'email'; bytes: number[] }[] = [
    { title: 'a stray continuation byte', field: 'name', bytes: [0x80] },
    { title: 'a byte that is never UTF-8', field: 'name', bytes: [0xff, 0xfe] },
    { title: 'a sequence cut short', field: 'email', bytes: [0xe2, 0x82] },
    { title: 'an overlong slash', field: 'name', bytes: [0xc0, 0xaf] },
    { title: 'an encoded surrogate', field: 'name', bytes: [0xed, 0xa0, 0x80] },
    { title: 'a code point past U+10FFFF', field: 'email', bytes: [0xf4, 0x90, 0x80, 0x80] },
  ];

  it.each(cases)(
    'refuses $title with 400 at the field it is in, storing nothing',
    async ({ field, bytes }) => {
      const total = await listTotal(mock.url);
      const { status, json } = await send('POST', SUBSCRIPTIONS, createWith(field, bytes));
      expect(status).toBe(400);
      expect(sources(json)).toEqual([{ pointer: `/data/${field}` }]);
      expect(json.errors[0]?.detail).toMatch(/UTF-8/);
      expect(await listTotal(mock.url)).toBe(total);
    },
  );

  it('refuses invalid UTF-8 in an update at its pointer', async () => {
    const payment_authority = {
      type: 'provider_payments_processor',
      customer_id: 'cus_MARK',
      card_id: 'card_1',
    };
    const text = Buffer.from(
      JSON.stringify({
        data: { id: subscription_id, type: 'subscription', attributes: { payment_authority } },
      }),
    );
    const at = text.indexOf('MARK');
    const bytes = Buffer.concat([text.subarray(0, at), Buffer.from([0xc3, 0x28]), text.subarray(at + 4)]);
    const { status, json } = await send('PUT', `${SUBSCRIPTIONS}/${subscription_id}`, bytes);
    expect(status).toBe(400);
    expect(sources(json)).toEqual([{ pointer: '/data/attributes/payment_authority/customer_id' }]);
  });

  it('accepts a U+FFFD that was sent as such, alongside other text', async () => {
    const { status, json } = await send(
      'POST',
      SUBSCRIPTIONS,
      createWith('name', [...Buffer.from('\uFFFD é 😀')]),
    );
    expect(status).toBe(201);
    expect(json.data?.attributes.name).toBe('Ada \uFFFD é 😀');
  });
});

describe('connections the parser gave up on (issue 16, point 6)', () => {
  /** Sends `bytes` on a socket that keeps its own side open after the mock ends its side; resolves on that end. */
  async function halfOpen(url: string, bytes: string): Promise<{ socket: Socket; answer: string }> {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.write(bytes);
    await once(socket, 'end');
    return { socket, answer };
  }

  it.each([
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', '405'],
    ['a lower-case method', 'get / HTTP/1.1\r\nHost: x\r\n\r\n', '400'],
  ])(
    'after %s, close() ends at once though the client keeps its side open',
    async (_title, bytes, status) => {
      const own = await startMock({ port: 0, seed: 2, subscriptions: 5, products: 5, logLevel: 'silent' });
      const { socket, answer } = await halfOpen(own.url, bytes);
      try {
        expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
        const started = Date.now();
        await own.close();
        // The grace is 5 s: a connection the mock left half open would hold close() that long.
        expect(Date.now() - started).toBeLessThan(2_500);
      } finally {
        socket.destroy();
      }
    },
  );
});

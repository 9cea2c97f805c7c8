import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { exposeGc, heldBytes } from '../test/support/expose-gc.js';
import {
  Client,
  errorCode,
  parseJson,
  retryAfterMs,
  TEXT_KEPT,
  TransportError,
  type Exchange,
} from './client.js';

const THREE_MB = Buffer.alloc(3_000_000, 'y');

let server: Server;
let base: string;
/** Requests per path, so a handler can answer the first one differently. */
const seen = new Map<string, number>();
let open = 0;
let widest = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const count = (seen.get(req.url ?? '') ?? 0) + 1;
      seen.set(req.url ?? '', count);
      if (req.url?.startsWith('/reset-once') === true && count === 1) {
        req.socket.destroy();
        return;
      }
      if (req.url === '/count') {
        widest = Math.max(widest, ++open);
        setTimeout(() => {
          open--;
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        }, 20);
        return;
      }
      if (req.url === '/busy' && count === 1) {
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`"${'x'.repeat(4000)}"`);
        return;
      }
      if (req.url?.startsWith('/three-mb') === true) {
        // A 3 MB answer that is not JSON: all the exchange keeps of it is the start of its text.
        res.writeHead(200, { 'content-type': 'text/plain' }).end(THREE_MB);
        return;
      }
      if (req.url === '/boom') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
        return;
      }
      if (req.url === '/slow') {
        setTimeout(() => res.writeHead(200).end('{}'), 500);
        return;
      }
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('Client', () => {
  it('records a JSON exchange with request and response', async () => {
    const client = new Client({ headers: [['X-Tenant', 't1']], timeoutMs: 2000 });
    const exchange = await client.send(
      { method: 'post', url: `${base}/things`, json: { a: 1 }, operation: 'createThing' },
      'c.1',
    );
    await client.close();
    expect(exchange.request).toMatchObject({ method: 'POST', url: `${base}/things`, body: '{"a":1}' });
    expect(exchange.request.headers).toMatchObject({ 'content-type': 'application/json', 'x-tenant': 't1' });
    expect(exchange.response.status).toBe(201);
    expect(exchange.response.headers['content-type']).toBe('application/json');
    expect(exchange.response.body).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { 'x-tenant': 't1' },
    });
    expect(exchange).toMatchObject({ operation: 'createThing', checkId: 'c.1', seq: 1 });
    expect(client.count).toBe(1);
  });

  it('hands every recorded exchange to its listeners and keeps none itself', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000 });
    const heard: Exchange[] = [];
    client.listeners.push((exchange) => heard.push(exchange));
    const first = await client.send({ method: 'GET', url: `${base}/a` });
    const second = await client.send({ method: 'GET', url: `${base}/b` });
    await client.close();
    expect(heard).toEqual([first, second]);
    expect(Object.keys(client)).not.toContain('exchanges');
  });

  it('sends configured headers to the base origin only, never to another host', async () => {
    const client = new Client({
      headers: [['Authorization', 'Bearer t0k3n']],
      timeoutMs: 2000,
      origin: 'http://other.invalid:1',
    });
    const exchange = await client.send({ method: 'GET', url: `${base}/x` });
    await client.close();
    expect(exchange.request.headers.authorization).toBeUndefined();
    expect(
      (exchange.response.body as { headers: Record<string, string> }).headers.authorization,
    ).toBeUndefined();
  });

  it('retries an idempotent request once after the connection drops', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000 });
    const exchange = await client.send({ method: 'GET', url: `${base}/reset-once-get` });
    await client.close();
    expect(exchange.response.status).toBe(200);
    expect(seen.get('/reset-once-get')).toBe(2);
  });

  it('never retries a POST after the connection drops', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000 });
    const error = await client
      .send({ method: 'POST', url: `${base}/reset-once-post`, json: {} })
      .catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(TransportError);
    expect(seen.get('/reset-once-post')).toBe(1);
  });

  it('waits as Retry-After says on a 429 and sends again', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000 });
    const exchange = await client.send({ method: 'GET', url: `${base}/busy` });
    await client.close();
    expect(exchange.response.status).toBe(200);
    expect(seen.get('/busy')).toBe(2);
  });

  it('drops a body over --max-body-bytes, recording the exchange with the cap', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000, maxBodyBytes: 1024 });
    const heard: Exchange[] = [];
    client.listeners.push((exchange) => heard.push(exchange));
    const error = await client.send({ method: 'GET', url: `${base}/big` }).catch((e: unknown) => e);
    await client.close();
    expect((error as TransportError).kind).toBe('body-too-large');
    expect((error as TransportError).code).toMatch(/over --max-body-bytes 1024/);
    expect(heard[0]).toMatchObject({ overLimit: 1024, response: { text: '', body: undefined } });
  });

  it('paces requests to --rate', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000, rate: 20 });
    const started = performance.now();
    for (let i = 0; i < 3; i++) await client.send({ method: 'GET', url: `${base}/paced` });
    await client.close();
    // Three requests at 20 a second: the third waits two slots of 50 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('keeps at most maxInFlight requests open, and one at a time after timeouts', async () => {
    const client = new Client({ headers: [], timeoutMs: 100, maxInFlight: 4 });
    widest = 0;
    // Slow start: one open at first, one more per answer, never more than four.
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        Array.from({ length: 8 }, () => client.send({ method: 'GET', url: `${base}/count` })),
      );
    }
    expect(widest).toBe(4);
    // Four timeouts halve the window down to one request at a time.
    await Promise.all(
      Array.from({ length: 4 }, () =>
        client.send({ method: 'POST', url: `${base}/slow`, json: {} }).catch(() => 'timed out'),
      ),
    );
    widest = 0;
    // The window is one: the second request waits for the first answer (which widens it again).
    await Promise.all(Array.from({ length: 2 }, () => client.send({ method: 'GET', url: `${base}/count` })));
    await client.close();
    expect(widest).toBe(1);
  });

  it('gives a free slot to the waiting request of the lowest priority number, in order of arrival within one', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000, maxInFlight: 1 });
    const send = (name: string, priority: number) =>
      client.send({ method: 'GET', url: `${base}/prio-${name}`, priority }).then((exchange) => exchange.seq);
    // The first holds the only slot; the others queue behind it in this order.
    const sent = [send('first', 9), send('late-a', 5), send('early', 1), send('late-b', 5)];
    const order = await Promise.all(sent);
    await client.close();
    expect(order).toEqual([1, 3, 2, 4]);
  });

  it('ends a request at the run deadline with a deadline error', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000, signal: AbortSignal.timeout(50) });
    const error = await client.send({ method: 'GET', url: `${base}/slow` }).catch((e: unknown) => e);
    await client.close();
    expect((error as TransportError).kind).toBe('deadline');
  });

  it('lets --header values override the defaults', async () => {
    const client = new Client({ headers: [['Accept', 'application/vnd.api+json']], timeoutMs: 2000 });
    const exchange = await client.send({ method: 'GET', url: `${base}/x` });
    await client.close();
    expect((exchange.response.body as { headers: Record<string, string> }).headers.accept).toBe(
      'application/vnd.api+json',
    );
  });

  it('never throws on an HTTP error status and keeps a non-JSON text', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000 });
    const exchange = await client.send({ method: 'GET', url: `${base}/boom` });
    await client.close();
    expect(exchange.response).toMatchObject({ status: 500, text: 'boom', body: undefined });
  });

  it('keeps the start of a big answer, not the answer: ten 3 MB answers held cost far less than 30 MB', async () => {
    const gc = exposeGc();
    const client = new Client({ headers: [], timeoutMs: 5000 });
    const before = heldBytes(gc);
    const held: Exchange[] = [];
    for (let i = 0; i < 10; i++)
      held.push(await client.send({ method: 'GET', url: `${base}/three-mb/${i}` }));
    const growth = heldBytes(gc) - before;
    await client.close();
    expect(held.map((exchange) => exchange.response.text.length)).toEqual(Array(10).fill(TEXT_KEPT));
    expect(held.every((exchange) => exchange.response.bytes === THREE_MB.length)).toBe(true);
    expect(growth).toBeLessThan(10_000_000);
  });

  it('does not record probes', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000 });
    await client.probe(`${base}/`);
    await client.close();
    expect(client.count).toBe(0);
  });

  it('throws a TransportError naming the URL and code when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = new Client({ headers: [], timeoutMs: 2000 });
    const error = await client
      .send({ method: 'GET', url: `http://127.0.0.1:${port}/x` })
      .catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toBe(
      `no answer from GET http://127.0.0.1:${port}/x: ECONNREFUSED`,
    );
  });

  it('times out a slow answer as ETIMEDOUT', async () => {
    const client = new Client({ headers: [], timeoutMs: 100 });
    const error = await client.send({ method: 'GET', url: `${base}/slow` }).catch((e: unknown) => e);
    await client.close();
    expect((error as TransportError).code).toBe('ETIMEDOUT after 100 ms');
  });
});

describe('parseJson', () => {
  const cases = [
    { text: '{"a":1}', body: { a: 1 } },
    { text: '', body: undefined },
    { text: '  ', body: undefined },
    { text: '<html>', body: undefined },
    { text: 'null', body: null },
  ];
  it.each(cases)('parses $text', ({ text, body }) => {
    expect(parseJson(text)).toEqual(body);
  });
});

describe('errorCode', () => {
  const cases = [
    { error: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), code: 'ECONNREFUSED' },
    {
      error: new Error('x', { cause: Object.assign(new Error('y'), { code: 'ENOTFOUND' }) }),
      code: 'ENOTFOUND',
    },
    {
      error: new AggregateError([Object.assign(new Error('y'), { code: 'ECONNREFUSED' })]),
      code: 'ECONNREFUSED',
    },
    { error: Object.assign(new Error('x'), { name: 'TimeoutError' }), code: 'ETIMEDOUT after 5 ms' },
    {
      error: Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }),
      code: 'ETIMEDOUT after 5 ms',
    },
    {
      error: Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' }),
      code: 'ECONNRESET (the connection closed mid-answer)',
    },
    { error: 'weird', code: 'network error' },
  ];
  it.each(cases)('names $code', ({ error, code }) => {
    expect(errorCode(error, 5)).toBe(code);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const cases = [
    { what: 'seconds on a 429', status: 429, header: '2', ms: 2000 },
    { what: 'an HTTP date on a 503', status: 503, header: 'Thu, 01 Jan 2026 00:00:03 GMT', ms: 3000 },
    { what: 'nothing without the header', status: 429, header: undefined, ms: undefined },
    { what: 'nothing on a 500', status: 500, header: '2', ms: undefined },
    { what: 'nothing for garbage', status: 503, header: 'soon', ms: undefined },
  ];
  it.each(cases)('reads $what', ({ status, header, ms }) => {
    const headers: Record<string, string> = header === undefined ? {} : { 'retry-after': header };
    expect(retryAfterMs({ status, headers }, now)).toBe(ms);
  });
});

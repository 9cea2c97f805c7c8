import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, errorCode, parseJson, TransportError } from './client.js';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
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
    expect(exchange).toMatchObject({ operation: 'createThing', checkId: 'c.1' });
    expect(client.exchanges).toEqual([exchange]);
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

  it('does not record probes', async () => {
    const client = new Client({ headers: [], timeoutMs: 2000 });
    await client.probe(`${base}/`);
    await client.close();
    expect(client.exchanges).toEqual([]);
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
    expect((error as TransportError).message).toBe(`cannot reach http://127.0.0.1:${port}/x: ECONNREFUSED`);
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
    { error: Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' }), code: 'UND_ERR_SOCKET' },
    { error: 'weird', code: 'network error' },
  ];
  it.each(cases)('names $code', ({ error, code }) => {
    expect(errorCode(error, 5)).toBe(code);
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCeilingServer, type CapturedResponse } from './ceiling-server.js';

const json = 'application/json; charset=utf-8';
const captured: CapturedResponse[] = [
  { method: 'GET', path: '/products', status: 200, contentType: json, body: '{"name":"plain"}' },
  {
    method: 'GET',
    path: '/products',
    requestHeaders: { 'Accept-Language': 'de-DE' },
    status: 200,
    contentType: json,
    body: '{"name":"Größe"}',
  },
  {
    method: 'PUT',
    path: '/s/1',
    requestBody: '{"plan":"a"}',
    status: 200,
    contentType: json,
    body: '{"p":"a"}',
  },
  {
    method: 'PUT',
    path: '/s/1',
    requestBody: '{"plan":"b"}',
    status: 200,
    contentType: json,
    body: '{"p":"b"}',
  },
  {
    method: 'POST',
    path: '/s',
    status: 201,
    contentType: json,
    headers: { 'x-request-id': 'r-1', location: 'http://h/s/1' },
    body: '{"created":true}',
  },
  { method: 'GET', path: '/twice', status: 200, contentType: json, body: '{"capture":1}' },
  { method: 'GET', path: '/twice', status: 200, contentType: json, body: '{"capture":2}' },
];

const cases: {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  reply: string;
  /** Head lines the reply must carry besides Content-Type and Content-Length. */
  head?: Record<string, string>;
}[] = [
  {
    name: 'a request without extra headers gets the capture made without them',
    method: 'GET',
    path: '/products',
    status: 200,
    reply: '{"name":"plain"}',
  },
  {
    name: 'the same path with the captured Accept-Language gets that capture, non-ASCII bytes intact',
    method: 'GET',
    path: '/products',
    headers: { 'accept-language': 'de-DE' },
    status: 200,
    reply: '{"name":"Größe"}',
  },
  {
    name: 'another Accept-Language falls back to the capture without conditions',
    method: 'GET',
    path: '/products',
    headers: { 'accept-language': 'fr-FR' },
    status: 200,
    reply: '{"name":"plain"}',
  },
  {
    name: 'a write is answered by the capture made with the same body',
    method: 'PUT',
    path: '/s/1',
    body: '{"plan":"b"}',
    status: 200,
    reply: '{"p":"b"}',
  },
  {
    name: 'the other body gets its own capture',
    method: 'PUT',
    path: '/s/1',
    body: '{"plan":"a"}',
    status: 200,
    reply: '{"p":"a"}',
  },
  {
    name: 'a body no capture was made with is not captured',
    method: 'PUT',
    path: '/s/1',
    body: '{"plan":"c"}',
    status: 404,
    reply: 'not captured',
  },
  {
    name: 'a write whose capture names no body answers any body',
    method: 'POST',
    path: '/s',
    body: '{"x":1}',
    status: 201,
    reply: '{"created":true}',
    head: { 'x-request-id': 'r-1', location: 'http://h/s/1' },
  },
  {
    name: 'a later capture of the very same request replaces the earlier',
    method: 'GET',
    path: '/twice',
    status: 200,
    reply: '{"capture":2}',
  },
  {
    name: 'an unknown path is not captured',
    method: 'GET',
    path: '/other',
    status: 404,
    reply: 'not captured',
  },
];

describe('createCeilingServer', () => {
  const server = createCeilingServer(captured);
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(cases)('$name', async ({ method, path, headers, body, status, reply, head = {} }) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      ...(headers ? { headers } : {}),
      ...(body ? { body } : {}),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(status);
    expect(bytes.toString('utf8')).toBe(reply);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(reply)));
    for (const [name, value] of Object.entries(head)) expect(response.headers.get(name)).toBe(value);
  });
});

import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';

// Issue 28, points 2 and 3: a page of another origin cannot read or drive the control plane (CORS only for the
// mock's own origin and --admin-origin ones), and a rebound DNS name or an absolute-form target to another host
// is refused on the admin routes; the four operations keep answering any origin and any Host.

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({
    port: 0,
    seed: 2,
    subscriptions: 5,
    logLevel: 'silent',
    adminOrigins: ['http://tool.test:8080'],
  });
});
afterAll(async () => {
  await mock.close();
});

const allowOrigin = async (path: string, origin: string, method = 'GET') => {
  const response = await request(`${mock.url}${path}`, {
    method,
    headers: { origin, 'access-control-request-method': 'GET' },
  });
  await response.body.dump();
  return response.headers['access-control-allow-origin'];
};

/** One request over a raw socket, the request line and Host as given; the status line's code. */
function rawStatus(requestLine: string, host: string): Promise<number> {
  const { port } = new URL(mock.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('the control plane answers only its own pages', () => {
  const cases = [
    { title: 'a page of another origin gets no CORS on the journal', path: '/__subcat/requests', origin: 'http://evil.test', allowed: false },
    { title: 'nor on a preflight of a reset', path: '/__subcat/reset', origin: 'http://evil.test', allowed: false, method: 'OPTIONS' },
    { title: 'nor on the live stream', path: '/__subcat/requests/stream?limit=1', origin: 'http://localhost:3000', allowed: false, method: 'OPTIONS' },
    { title: 'an --admin-origin page does', path: '/__subcat/requests', origin: 'http://tool.test:8080', allowed: true },
    { title: 'any page does on the operations', path: '/subscriptions/subscriptions?page[limit]=1', origin: 'http://evil.test', allowed: true },
  ]; // prettier-ignore
  it.each(cases)('$title', async ({ path, origin, allowed, method }) => {
    expect(await allowOrigin(path, origin, method)).toBe(allowed ? origin : undefined);
  });

  it("gives the mock's own origin (the inspector's page) CORS on the admin routes", async () => {
    const own = new URL(mock.url).origin;
    expect(await allowOrigin('/__subcat/info', own)).toBe(own);
  });

  const hosts = [
    { title: 'a rebound DNS name is refused on the journal', line: 'GET /__subcat/requests HTTP/1.1', host: 'evil.example', status: 403 },
    { title: 'an absolute-form target to another host is refused', line: 'GET http://evil.example/__subcat/requests HTTP/1.1', host: 'localhost', status: 403 },
    { title: 'localhost is answered', line: 'GET /__subcat/requests HTTP/1.1', host: 'localhost', status: 200 },
    { title: '[::1] is answered', line: 'GET /__subcat/info HTTP/1.1', host: '[::1]:4010', status: 200 },
    { title: 'the operations answer any Host', line: 'GET /subscriptions/subscriptions HTTP/1.1', host: 'evil.example', status: 200 },
  ]; // prettier-ignore
  it.each(hosts)('$title', async ({ line, host, status }) => {
    expect(await rawStatus(line, host)).toBe(status);
  });
});

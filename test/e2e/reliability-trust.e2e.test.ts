import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { createBody, SUBSCRIPTIONS } from '../support/mock-client.js';
import { RawConnection } from '../support/raw-connection.js';

// Issue 16, point 8: X-Forwarded-Host and -Proto were believed from any client, so a request could make the
// links of an answer point at another host; and CORS echoed any origin, `null` included, with credentials.
// Now the forwarded headers count only with --trust-proxy, `null` never gets credentials, and --cors-origin
// restricts which origins get CORS headers at all.

const FORWARDED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
const LOCAL_APP = 'http://localhost:5173';

const mocks: RunningMock[] = [];
const start = async (options: Parameters<typeof startMock>[0]) => {
  const mock = await startMock({
    port: 0,
    seed: 2,
    subscriptions: 30,
    products: 5,
    logLevel: 'silent',
    ...options,
  });
  mocks.push(mock);
  return mock;
};
afterAll(() => Promise.all(mocks.map((mock) => mock.close())));

async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const response = await request(url, {
    method: (init.method ?? 'GET') as 'GET',
    headers: init.headers,
    body: init.body,
  });
  const text = await response.body.text();
  return {
    status: response.statusCode,
    headers: response.headers,
    json: text === '' ? undefined : (JSON.parse(text) as { links?: Record<string, string | null> }),
  };
}

/** Every link of a list answer and the Location of a create, sent with `headers`. */
async function linksAndLocation(url: string, headers: Record<string, string>): Promise<string[]> {
  const list = await call(`${url}${SUBSCRIPTIONS}?page%5Blimit%5D=5`, { headers });
  expect(list.status).toBe(200);
  const created = await call(`${url}${SUBSCRIPTIONS}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(createBody('Ada Lovelace')),
  });
  expect(created.status).toBe(201);
  const links = Object.values(list.json?.links ?? {}).filter((link): link is string => link !== null);
  expect(links.length).toBeGreaterThanOrEqual(3);
  return [...links, String(created.headers.location)];
}

describe('forwarded headers (issue 16, point 8)', () => {
  it('ignores X-Forwarded-Host and -Proto by default: links point where the request went', async () => {
    const mock = await start({});
    for (const link of await linksAndLocation(mock.url, FORWARDED))
      expect(link.startsWith(`${mock.url}/`), link).toBe(true);
  });

  it('builds links from them with --trust-proxy', async () => {
    const mock = await start({ trustProxy: true });
    for (const link of await linksAndLocation(mock.url, FORWARDED))
      expect(link.startsWith('https://evil.example/'), link).toBe(true);
  });

  it('falls back to the Host header with --trust-proxy when the forwarded host is not a host', async () => {
    const mock = await start({ trustProxy: true });
    const links = await linksAndLocation(mock.url, { 'x-forwarded-host': 'evil.example:99999' });
    for (const link of links) expect(link.startsWith(`${mock.url}/`), link).toBe(true);
  });
});

const CREDENTIALS = 'access-control-allow-credentials';
const ALLOW_ORIGIN = 'access-control-allow-origin';

/** The CORS headers a normal GET and a preflight get from `origin`. */
async function corsFor(url: string, origin: string) {
  const normal = await call(`${url}${SUBSCRIPTIONS}?page%5Blimit%5D=1`, { headers: { origin } });
  const preflight = await call(`${url}${SUBSCRIPTIONS}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  return [normal, preflight].map(({ headers }) => ({
    origin: headers[ALLOW_ORIGIN],
    credentials: headers[CREDENTIALS],
  }));
}

describe('CORS (issue 16, point 8)', () => {
  let any: RunningMock;
  let restricted: RunningMock;
  beforeAll(async () => {
    any = await start({});
    restricted = await start({ corsOrigins: [LOCAL_APP, 'null'] });
  });

  it('echoes any real origin with credentials by default, for development', async () => {
    for (const origin of [LOCAL_APP, 'http://127.0.0.1:3000'])
      expect(await corsFor(any.url, origin)).toEqual([
        { origin, credentials: 'true' },
        { origin, credentials: 'true' },
      ]);
  });

  it('echoes the null origin without credentials', async () => {
    expect(await corsFor(any.url, 'null')).toEqual([
      { origin: 'null', credentials: undefined },
      { origin: 'null', credentials: undefined },
    ]);
  });

  it('answers only the origins --cors-origin names', async () => {
    expect(await corsFor(restricted.url, LOCAL_APP)).toEqual([
      { origin: LOCAL_APP, credentials: 'true' },
      { origin: LOCAL_APP, credentials: 'true' },
    ]);
    expect(await corsFor(restricted.url, 'http://evil.example')).toEqual([
      { origin: undefined, credentials: undefined },
      { origin: undefined, credentials: undefined },
    ]);
  });

  it('never gives the null origin credentials, even when --cors-origin names it', async () => {
    expect(await corsFor(restricted.url, 'null')).toEqual([
      { origin: 'null', credentials: undefined },
      { origin: 'null', credentials: undefined },
    ]);
  });

  it('keeps the restriction on answers the HTTP parser refuses', async () => {
    for (const [origin, expected] of [
      [LOCAL_APP, LOCAL_APP],
      ['http://evil.example', undefined],
    ] as const) {
      const connection = await RawConnection.open(restricted.url);
      await connection.write(
        `GET ${SUBSCRIPTIONS} HTTP/1.1\r\nHost: x\r\nOrigin: ${origin}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      const response = await connection.response();
      connection.close();
      expect(response.status).toBe(431);
      expect(response.headers[ALLOW_ORIGIN]).toBe(expected);
    }
  });
});

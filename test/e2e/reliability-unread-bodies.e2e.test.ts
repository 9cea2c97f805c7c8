import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { RawConnection } from '../support/raw-connection.js';

// Issue 16, point 5: bodies sent where nobody reads them (a 404, a 405, a GET, a Prefer answer, a 415) were
// drained without a limit, 1.3 GB on one connection for over a minute. The body limit now holds everywhere:
// the answer says Connection: close, and the connection is cut once the limit is passed.

const SUBSCRIPTIONS = '/subscriptions/subscriptions';
const BODY_LIMIT = 64 * 1024;
const SENT = 64 * 1024 * 1024;
/** The limit plus what the two socket buffers on loopback hold: far below what is sent. */
const MOST_ACCEPTED = 24 * 1024 * 1024;

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({
    port: 0,
    seed: 2,
    subscriptions: 5,
    products: 5,
    bodyLimit: BODY_LIMIT,
    logLevel: 'silent',
  });
});
afterAll(() => mock.close());

// prettier-ignore
const cases: { title: string; head: string; chunked: boolean; status: number }[] = [
  { title: 'a path nothing is served at', head: 'POST /nothing/here', chunked: false, status: 404 },
  { title: 'a method the path does not serve', head: `DELETE ${SUBSCRIPTIONS}`, chunked: false, status: 405 },
  { title: 'a GET', head: `GET ${SUBSCRIPTIONS}`, chunked: false, status: 200 },
  { title: 'a GET, chunked', head: `GET ${SUBSCRIPTIONS}`, chunked: true, status: 200 },
  { title: 'a Prefer answer', head: `POST ${SUBSCRIPTIONS}\r\nContent-Type: application/json\r\nPrefer: code=400`, chunked: false, status: 400 },
  { title: 'a body that is not JSON, chunked', head: `POST ${SUBSCRIPTIONS}\r\nContent-Type: text/plain`, chunked: true, status: 415 },
  { title: 'a JSON body past the limit, chunked', head: `POST ${SUBSCRIPTIONS}\r\nContent-Type: application/json`, chunked: true, status: 413 },
  { title: 'a JSON body declared past the limit', head: `POST ${SUBSCRIPTIONS}\r\nContent-Type: application/json`, chunked: false, status: 413 },
];

describe('bodies nobody reads (issue 16, point 5)', () => {
  it.each(cases)(
    'answers $title, then stops reading at the body limit',
    async ({ head, chunked, status }) => {
      const connection = await RawConnection.open(mock.url);
      const [requestLine, ...headers] = head.split('\r\n');
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${SENT}`;
      await connection.write(
        [`${requestLine} HTTP/1.1`, `Host: ${new URL(mock.url).host}`, ...headers, framing, '', ''].join(
          '\r\n',
        ),
      );
      const [response, accepted] = await Promise.all([
        connection.response(),
        connection.pump(SENT, { chunked }),
      ]);
      expect(accepted).toBeLessThan(MOST_ACCEPTED);
      expect(response.status).toBe(status);
      expect(response.headers.connection).toBe('close');
      expect(JSON.parse(response.body)).toBeTypeOf('object');
      await connection.ended;
    },
  );

  it('answers a fetch client that sends twice the limit with the 413, not a broken pipe', async () => {
    for (const body of [Buffer.alloc(2 * BODY_LIMIT, 0x20), Buffer.alloc(64 * BODY_LIMIT, 0x20)]) {
      const response = await fetch(`${mock.url}${SUBSCRIPTIONS}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(413);
      expect(response.headers.get('connection')).toBe('close');
      expect(((await response.json()) as { errors: { detail: string }[] }).errors[0]?.detail).toContain(
        String(BODY_LIMIT),
      );
    }
  });

  it('keeps a connection whose GET carried no body', async () => {
    const connection = await RawConnection.open(mock.url);
    const host = new URL(mock.url).host;
    for (let round = 0; round < 3; round++) {
      await connection.write(`GET ${SUBSCRIPTIONS}?page%5Blimit%5D=1 HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      const response = await connection.response();
      expect(response.status).toBe(200);
      expect(response.headers.connection).toBe('keep-alive');
    }
    connection.close();
  });
});

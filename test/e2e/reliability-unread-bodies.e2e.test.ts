import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { LINGER_BYTES, LINGER_MS } from '../../src/http/server.js';
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

// Issue 28, point 12: the mock answered 413 (or 404) and closed while a client was still sending its body, so
// Node's fetch got EPIPE instead of the answer. A lingering close now reads and drops the rest, within bounds.
describe('a lingering close after a refused body (issue 28, point 12)', () => {
  let lenient: RunningMock;
  beforeAll(async () => {
    lenient = await startMock({ port: 0, seed: 2, subscriptions: 5, products: 5, logLevel: 'silent' });
  });
  afterAll(() => lenient.close());

  /** Sends `count` POSTs of `bytes` to `path`, four at a time; the statuses read, and the errors' codes. */
  const postMany = async (path: string, bytes: number, count: number) => {
    const body = Buffer.alloc(bytes, 0x20);
    const seen: string[] = [];
    for (let round = 0; round < count / 4; round++)
      seen.push(
        ...(await Promise.all(
          Array.from({ length: 4 }, () =>
            fetch(`${lenient.url}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            }).then(
              async (response) => `${response.status} ${(await response.text()).length > 0}`,
              (error: { cause?: { code?: string } }) => error.cause?.code ?? 'error',
            ),
          ),
        )),
      );
    return seen;
  };

  it('lets 100 fetch clients sending 2 MiB (twice the limit) read their 413', async () => {
    const seen = await postMany(SUBSCRIPTIONS, 2 * 1024 * 1024, 100);
    expect(seen.filter((outcome) => outcome !== '413 true')).toEqual([]);
  });

  it('lets 100 fetch clients sending 3 MB to an unknown path read their 404', async () => {
    const seen = await postMany('/nothing/here', 3_000_000, 100);
    expect(seen.filter((outcome) => outcome !== '404 true')).toEqual([]);
  });

  /** A client that ignores the answer and the FIN and keeps sending: how much went out and when it was cut. */
  const keepSending = (chunk: number, everyMs: number) =>
    new Promise<{ sent: number; ms: number }>((resolve) => {
      const { host, port } = new URL(lenient.url);
      const started = Date.now();
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
      const done = () => {
        clearTimeout(timer);
        socket.destroy();
        resolve({ sent, ms: Date.now() - started });
      };
      const send = () => {
        if (socket.destroyed || Date.now() - started > 15_000) return done();
        sent += chunk;
        const flushed = socket.write(Buffer.alloc(chunk, 0x20));
        if (everyMs > 0) timer = setTimeout(send, everyMs);
        else if (flushed) setImmediate(send);
        else socket.once('drain', send);
      };
      socket.on('error', done).on('close', done);
      socket.on('data', () => undefined);
      socket.once('connect', () => {
        socket.write(`POST /nothing/here HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1000000000\r\n\r\n`);
        send();
      });
    });

  it('lets a client that writes its whole 8 MiB body before reading read its 413', async () => {
    const { host, port } = new URL(lenient.url);
    const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.pause(); // reads nothing until the whole body is written
    const ended = new Promise<string>((resolve) => {
      socket
        .on('end', () => resolve('end'))
        .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    const size = 8 * 1024 * 1024;
    const head = `POST ${SUBSCRIPTIONS} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
    await new Promise((resolve) =>
      socket.write(Buffer.concat([Buffer.from(head), Buffer.alloc(size, 0x20)]), resolve),
    );
    socket.resume();
    expect(await ended).toBe('end');
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    socket.destroy();
  });

  it('cuts a client that keeps sending fast once it passes the bytes it may still send', async () => {
    const { sent } = await keepSending(64 * 1024, 0);
    // What is dropped, plus what the two loopback socket buffers hold.
    expect(sent).toBeGreaterThan(LINGER_BYTES);
    expect(sent).toBeLessThan(LINGER_BYTES + 16 * 1024 * 1024);
  });

  it('cuts a slowloris client that keeps dripping once the linger time is over', async () => {
    const { ms } = await keepSending(1024, 50);
    expect(ms).toBeGreaterThanOrEqual(LINGER_MS - 100);
    expect(ms).toBeLessThan(LINGER_MS + 3_000);
  });
});

import { setImmediate as tick } from 'node:timers/promises';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock, type JournalEntry, type RunningMock } from '../../src/index.js';
import { cliMock } from '../support/cli-mock.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { createBody, MockClient, SUBSCRIPTIONS } from '../support/mock-client.js';

// The request journal (issue 13, item 1): GET/DELETE /__subcat/requests, its filters, what it keeps and what
// it never keeps in clear, its bound, and the live stream.

let mock: RunningMock;
let client: MockClient;
const { catalog } = FIXTURE_IDS;
const NODE_PRODUCTS = `/catalogs/${catalog.catalog_id}/releases/latest/nodes/${catalog.node_id}/relationships/products`;

const journal = async (query = ''): Promise<JournalEntry[]> => {
  const reply = await client.admin('GET', `/requests${query}`);
  expect(reply.status).toBe(200);
  return reply.json.data as JournalEntry[];
};

/** Waits until the clock has moved past `time`, so entries before and after it differ in `at`. */
async function pastMillisecond(time: number): Promise<void> {
  for (let guard = 0; Date.now() <= time + 1 && guard < 100_000; guard += 1) await tick();
}

beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 3, subscriptions: 60, products: 10, logLevel: 'silent' });
  client = await MockClient.of(mock.url);
});

afterAll(async () => {
  await mock?.close();
});

beforeEach(async () => {
  expect((await client.admin('DELETE', '/requests')).status).toBe(204);
});

describe('GET /__subcat/requests', () => {
  it('lists the requests newest first, each with its id, operation, status and bodies', async () => {
    const list = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=2`);
    const created = await client.create('journaled');
    const entries = await journal();
    expect(entries.map((entry) => [entry.method, entry.operation_id, entry.status])).toEqual([
      ['POST', 'createSubscription', 201],
      ['GET', 'listSubscriptions', 200],
    ]);
    const [post, get] = entries as [JournalEntry, JournalEntry];
    expect(post.id).toBe(created.headers['x-request-id']);
    expect(get.id).toBe(list.headers['x-request-id']);
    expect(get).toMatchObject({
      url: `${SUBSCRIPTIONS}?page%5Blimit%5D=2`,
      path: SUBSCRIPTIONS,
      session: '',
      fault: null,
    });
    expect(JSON.parse(post.request.body ?? '')).toEqual(createBody('journaled'));
    expect(post.response.body).toBe(created.text);
    expect(get.response).toMatchObject({ body: list.text, truncated: false });
  });

  it('keeps requests nothing answers, and none of the admin API', async () => {
    await client.call('GET', '/nowhere');
    await client.admin('GET', '/faults');
    const entries = await journal();
    expect(entries.map((entry) => [entry.path, entry.status, entry.operation_id])).toEqual([
      ['/nowhere', 404, null],
    ]);
  });

  const secrets = [
    { title: 'Authorization', headers: { authorization: 'Bearer s3cret-bearer' }, shown: 'authorization' },
    { title: 'a cookie', headers: { cookie: 'sid=s3cret-cookie; subcat-session=sealed' }, shown: 'cookie' },
    { title: 'an API key', headers: { 'x-api-key': 's3cret-key' }, shown: 'x-api-key' },
    {
      title: 'a header named like a token',
      headers: { 'x-auth-token': 's3cret-token' },
      shown: 'x-auth-token',
    },
  ];
  it.each(secrets)('keeps $title as <redacted>, never its value', async ({ headers, shown }) => {
    await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`, { headers });
    const session = shown === 'cookie' ? '?session=sealed' : '';
    const reply = await client.admin('GET', `/requests${session}`);
    const [entry] = reply.json.data as JournalEntry[];
    expect(entry?.request.headers[shown]).toBe('<redacted>');
    expect(reply.text).not.toContain('s3cret');
  });

  it('cuts a response body past 16 KiB and says so', async () => {
    const big = await client.call('GET', SUBSCRIPTIONS);
    expect(big.bytes.length).toBeGreaterThan(16 * 1024);
    const [entry] = await journal();
    expect(entry?.response.truncated).toBe(true);
    expect(entry?.response.body).toBe(big.text.slice(0, 16 * 1024));
  });

  it('cuts a request body past 16 KiB and says so', async () => {
    const body = createBody('x'.repeat(20_000));
    const reply = await client.call('POST', SUBSCRIPTIONS, { body });
    expect(reply.status).toBe(400);
    const [entry] = await journal();
    expect(entry?.request.truncated).toBe(true);
    expect(entry?.request.body).toBe(JSON.stringify(body).slice(0, 16 * 1024));
  });

  it.each([
    { what: 'malformed JSON', body: '{"data": {"name": "x",}' },
    { what: 'arrays nested past the bounds', body: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
  ])('shows a body refused before it was parsed ($what) as it was sent', async ({ body }) => {
    const reply = await request(`${mock.url}${SUBSCRIPTIONS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body,
    });
    await reply.body.text();
    expect(reply.statusCode).toBe(400);
    const [entry] = await journal();
    expect(entry?.request).toMatchObject({ body, truncated: false });
  });

  describe('filters', () => {
    beforeEach(async () => {
      await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`);
      await client.create('filtered');
      await client.call('GET', NODE_PRODUCTS);
      await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=0`);
      await client.call('POST', SUBSCRIPTIONS, { body: { data: {} } });
    });

    const cases = [
      {
        title: 'method',
        query: '?method=POST',
        expected: [
          ['POST', 400],
          ['POST', 201],
        ],
      },
      {
        title: 'method in lower case',
        query: '?method=post',
        expected: [
          ['POST', 400],
          ['POST', 201],
        ],
      },
      { title: 'status', query: '?status=201', expected: [['POST', 201]] },
      {
        title: 'status class',
        query: '?status=4xx',
        expected: [
          ['POST', 400],
          ['GET', 400],
        ],
      },
      { title: 'path pattern', query: '?path=/catalogs/*', expected: [['GET', 200]] },
      {
        title: 'exact path',
        query: `?path=${SUBSCRIPTIONS}`,
        expected: [
          ['POST', 400],
          ['GET', 400],
          ['POST', 201],
          ['GET', 200],
        ],
      },
      { title: 'method and status together', query: '?method=GET&status=4xx', expected: [['GET', 400]] },
      {
        title: 'limit',
        query: '?limit=2',
        expected: [
          ['POST', 400],
          ['GET', 400],
        ],
      },
    ];
    it.each(cases)('by $title', async ({ query, expected }) => {
      expect((await journal(query)).map((entry) => [entry.method, entry.status])).toEqual(expected);
    });

    it('since a request id: the requests after it', async () => {
      const all = await journal();
      const after = await journal(`?since=${all[2]?.id ?? ''}`);
      expect(after.map((entry) => entry.id)).toEqual(all.slice(0, 2).map((entry) => entry.id));
    });

    it("since a caller's request id shaped like a date: the requests after it", async () => {
      await client.call('GET', '/dated-id', { headers: { 'x-request-id': '2026-11-27.build-42' } });
      await client.call('GET', '/after-the-dated-id');
      const after = await journal('?since=2026-11-27.build-42');
      expect(after.map((entry) => entry.path)).toEqual(['/after-the-dated-id']);
    });

    it('since a time: the requests at or after it', async () => {
      const [newest] = await journal();
      await pastMillisecond(Date.parse(newest?.at ?? ''));
      const since = new Date().toISOString();
      await pastMillisecond(Date.parse(since));
      await client.call('GET', '/after-the-time');
      const after = await journal(`?since=${encodeURIComponent(since)}`);
      expect(after.map((entry) => entry.path)).toEqual(['/after-the-time']);
    });

    const bad = [
      { title: 'a status that is no status', query: '?status=99', parameter: 'status', rule: 'a status such as 404' },
      { title: 'a limit of 0', query: '?limit=0', parameter: 'limit', rule: 'at least 1' },
      { title: 'a limit that is no number', query: '?limit=ten', parameter: 'limit', rule: 'an integer' },
      { title: 'a time with month 13', query: '?since=2026-13-45T99:00:00Z', parameter: 'since', rule: 'RFC 3339' },
      { title: 'a day the month has not', query: '?since=2026-02-30T00:00:00Z', parameter: 'since', rule: 'RFC 3339' },
      { title: 'a time without its offset', query: '?since=2026-01-01T10:00:00', parameter: 'since', rule: 'RFC 3339' },
      { title: 'a time no request id could be', query: '?since=Jan%201%202030', parameter: 'since', rule: 'RFC 3339' },
      { title: 'a malformed session', query: '?session=no%20spaces', parameter: 'session', rule: '1 to 64 letters' },
    ]; // prettier-ignore
    it.each(bad)('$title is a 400 naming the parameter and the rule', async ({ query, parameter, rule }) => {
      const reply = await client.admin('GET', `/requests${query}`);
      expect(reply.status).toBe(400);
      expect(reply.json.errors[0].source).toEqual({ parameter });
      expect(reply.json.errors[0].detail).toContain(rule);
    });
  });

  it('of a session lists only that session', async () => {
    await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`, {
      headers: { 'x-subcat-session': 'kept-apart' },
    });
    await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`);
    const apart = await journal('?session=kept-apart');
    expect(apart.map((entry) => entry.session)).toEqual(['kept-apart']);
    expect((await journal()).map((entry) => entry.session)).toEqual(['']);
  });

  it('keeps a preflight in the session it names, a new one too', async () => {
    const preflight = await client.call('OPTIONS', SUBSCRIPTIONS, {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'x-subcat-session': 'first-call',
      },
    });
    expect(preflight.status).toBe(204);
    const named = await journal('?session=first-call');
    expect(named.map((entry) => [entry.method, entry.session])).toEqual([['OPTIONS', 'first-call']]);
    expect(await journal()).toEqual([]);
  });
});

describe('reset', () => {
  it('clears the journal of the session, unless keep_requests=true', async () => {
    await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`);
    expect((await client.admin('POST', '/reset?keep_requests=true')).status).toBe(200);
    expect(await journal()).toHaveLength(1);
    expect((await client.admin('POST', '/reset')).status).toBe(200);
    expect(await journal()).toEqual([]);
  });

  it('of the handle clears the journal too; clearRequests() empties it without a reset', async () => {
    await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`);
    mock.reset({ keepRequests: true });
    expect(mock.requests()).toHaveLength(1);
    mock.clearRequests();
    expect(mock.requests()).toEqual([]);
    await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`);
    mock.reset();
    expect(mock.requests()).toEqual([]);
  });
});

describe('DELETE /__subcat/requests', () => {
  it('empties the journal of the session', async () => {
    await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`);
    expect(await journal()).toHaveLength(1);
    expect((await client.admin('DELETE', '/requests')).status).toBe(204);
    expect(await journal()).toEqual([]);
  });
});

describe('GET /__subcat/requests/stream', () => {
  /**
   * Opens the stream at `query` with `headers`, sends one list request per session named in `sessions` once the
   * stream's comment line is in, and resolves with the first `request` event's entry and the answers' ids.
   */
  async function firstEvent(query: string, headers: Record<string, string>, sessions: readonly string[]) {
    const stream = await request(`${mock.url}/__subcat/requests/stream${query}`, { headers });
    expect(stream.statusCode).toBe(200);
    expect(String(stream.headers['content-type'])).toMatch(/^text\/event-stream/);
    let text = '';
    const seen = (async () => {
      for await (const chunk of stream.body) {
        text += String(chunk);
        if (/event: request\ndata: .*\n\n/.test(text)) return;
      }
    })();
    const ids: string[] = [];
    let timer: NodeJS.Timeout | undefined;
    try {
      // The stream's comment line comes first: the listener is in place before the request is sent.
      for (let guard = 0; text === '' && guard < 100_000; guard += 1) await tick();
      for (const session of sessions) {
        const answered = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`, {
          headers: { 'x-subcat-session': session },
        });
        ids.push(String(answered.headers['x-request-id']));
      }
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no request event within 5 s: ${text}`)), 5_000);
      });
      await Promise.race([seen, late]);
    } finally {
      clearTimeout(timer);
      stream.body.destroy();
    }
    const data = /event: request\ndata: (.*)\n\n/.exec(text)?.[1] ?? '{}';
    return { entry: JSON.parse(data) as JournalEntry, ids };
  }

  it('sends a request event with the entry of each request as it is answered, of any session', async () => {
    // The stream's own cookie names a session, and still every session's entries come.
    const { entry, ids } = await firstEvent('', { cookie: 'subcat-session=watcher' }, ['streamed']);
    expect(entry).toMatchObject({ id: ids[0], session: 'streamed', status: 200 });
  });

  it('a malformed session cookie does not keep the stream from opening (only ?session= narrows it)', async () => {
    const { entry, ids } = await firstEvent('', { cookie: 'subcat-session=a%2Fb' }, ['streamed']);
    expect(entry).toMatchObject({ id: ids[0], session: 'streamed' });
  });

  it("?session=NAME sends only that session's entries", async () => {
    const { entry, ids } = await firstEvent('?session=mine', {}, ['other', 'mine']);
    expect(entry).toMatchObject({ id: ids[1], session: 'mine', status: 200 });
  });

  it('a malformed ?session= is a 400 naming the parameter', async () => {
    const answer = await client.admin('GET', '/requests/stream?session=no%20spaces');
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].source).toEqual({ parameter: 'session' });
    expect(answer.json.errors[0].detail).toContain("1 to 64 letters, digits, '.', '_' or '-'");
  });
});

describe('--journal-size', () => {
  const cases = [
    { title: '3 keeps the last three requests', flag: '3', kept: 3 },
    { title: '0 keeps none (the journal is off)', flag: '0', kept: 0 },
  ];
  it.each(cases)('$title', async ({ flag, kept }) => {
    const cli = await cliMock(['--subscriptions', '5', '--products', '5', '--journal-size', flag]);
    try {
      const small = await MockClient.of(cli.url);
      for (let index = 0; index < 5; index += 1)
        expect((await small.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=${index + 1}`)).status).toBe(200);
      const entries = (await small.admin('GET', '/requests')).json.data as JournalEntry[];
      expect(entries.map((entry) => entry.url)).toEqual(
        [5, 4, 3, 2, 1].slice(0, kept).map((limit) => `${SUBSCRIPTIONS}?page%5Blimit%5D=${limit}`),
      );
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { cliMock, type CliMock } from '../support/cli-mock.js';
import {
  allSubscriptions,
  createBody,
  MockClient,
  SUBSCRIPTIONS,
  type Reply,
} from '../support/mock-client.js';

// Isolated sessions (issue 13, item 3) over real sockets: the header, the cookie, CORS, the bound.

let mock: RunningMock;
let client: MockClient;
let seededTotal = 0;

beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 9, subscriptions: 30, products: 10, logLevel: 'silent' });
  client = await MockClient.of(mock.url);
  seededTotal = (await allSubscriptions(client)).length;
});

afterAll(async () => {
  await mock?.close();
});

const ids = (replies: readonly Reply[]) => replies.map((reply) => reply.json.data.id as string);

describe('two sessions writing in parallel', () => {
  it('50 concurrent creates each: every session sees its own records and none of the other', async () => {
    const creates = Array.from({ length: 50 }, (_, index) => [
      client.create(`left ${index}`, 'left'),
      client.create(`right ${index}`, 'right'),
    ]).flat();
    const replies = await Promise.all(creates);
    expect(replies.filter((reply) => reply.status !== 201).map((reply) => reply.text)).toEqual([]);
    const left = ids(replies.filter((reply) => reply.headers['x-subcat-session'] === 'left'));
    const right = ids(replies.filter((reply) => reply.headers['x-subcat-session'] === 'right'));
    expect([left.length, right.length]).toEqual([50, 50]);

    const [leftSeen, rightSeen, defaultSeen] = await Promise.all([
      allSubscriptions(client, 'left'),
      allSubscriptions(client, 'right'),
      allSubscriptions(client),
    ]);
    const idsOf = (records: { id: string }[]) => new Set(records.map((record) => record.id));
    expect(leftSeen).toHaveLength(seededTotal + 50);
    expect(rightSeen).toHaveLength(seededTotal + 50);
    expect(defaultSeen).toHaveLength(seededTotal);
    for (const id of left) expect([idsOf(leftSeen).has(id), idsOf(rightSeen).has(id)]).toEqual([true, false]);
    for (const id of right)
      expect([idsOf(rightSeen).has(id), idsOf(leftSeen).has(id)]).toEqual([true, false]);
    expect(leftSeen.filter((record) => record.name.startsWith('right'))).toEqual([]);
    expect(rightSeen.filter((record) => record.name.startsWith('left'))).toEqual([]);
  });

  it("a new session's first read gives the seeded bytes, whatever other sessions wrote", async () => {
    await client.create('default write', '');
    await client.create('busy write', 'busy');
    const fresh = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=100`, {
      headers: { 'x-subcat-session': 'fresh' },
    });
    const reset = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=100`, {
      headers: { 'x-subcat-session': 'left' },
    });
    await client.admin('POST', '/reset?session=left');
    const seeded = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=100`, {
      headers: { 'x-subcat-session': 'left' },
    });
    expect(fresh.bytes.equals(seeded.bytes)).toBe(true);
    expect(reset.bytes.equals(seeded.bytes)).toBe(false);
  });
});

describe('naming a session', () => {
  it('the cookie subcat-session works as the header does, and the answer names the session', async () => {
    const created = await client.call('POST', SUBSCRIPTIONS, {
      body: createBody('by cookie'),
      headers: { cookie: 'theme=dark; subcat-session=cookie-jar; other=1' },
    });
    expect(created.status).toBe(201);
    expect(created.headers['x-subcat-session']).toBe('cookie-jar');
    const byHeader = (await allSubscriptions(client, 'cookie-jar')).map((record) => record.name);
    expect(byHeader).toContain('by cookie');
    expect((await allSubscriptions(client)).map((record) => record.name)).not.toContain('by cookie');
  });

  it("an admin call's ?session= wins over the page's cookie and header (the inspector picks with it)", async () => {
    const made = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`, {
      headers: { 'x-subcat-session': 'picked' },
    });
    const listed = await client.admin('GET', '/requests?session=picked', {
      headers: { cookie: 'subcat-session=app-cookie', 'x-subcat-session': 'app-header' },
    });
    expect(listed.status).toBe(200);
    const entries = listed.json.data as { id: string; session: string }[];
    expect(entries.map((entry) => entry.id)).toContain(made.headers['x-request-id']);
    expect(new Set(entries.map((entry) => entry.session))).toEqual(new Set(['picked']));
  });

  it('the header wins over the cookie', async () => {
    const reply = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`, {
      headers: { 'x-subcat-session': 'by-header', cookie: 'subcat-session=by-cookie' },
    });
    expect(reply.headers['x-subcat-session']).toBe('by-header');
  });

  it('the default session answers without an x-subcat-session header', async () => {
    const reply = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`);
    expect(reply.status).toBe(200);
    expect(reply.headers['x-subcat-session']).toBeUndefined();
  });

  const badNames = [
    {
      title: 'a name with a space',
      headers: { 'x-subcat-session': 'two words' },
      source: { header: 'x-subcat-session' },
    },
    {
      title: 'a name of 65 characters',
      headers: { 'x-subcat-session': 'x'.repeat(65) },
      source: { header: 'x-subcat-session' },
    },
    {
      title: 'a cookie with a slash',
      headers: { cookie: 'subcat-session=a%2Fb' },
      source: { header: 'Cookie' },
    },
  ];
  it.each(badNames)(
    '$title is a 400 naming the header it came in, never the shared default',
    async ({ headers, source }) => {
      const reply = await client.call('GET', SUBSCRIPTIONS, { headers });
      expect(reply.status).toBe(400);
      expect(reply.json.errors[0].source).toEqual(source);
      expect(reply.json.errors[0].detail).toMatch(/letters, digits/);
    },
  );
});

describe('CORS', () => {
  it('a preflight asking for x-subcat-session is allowed, from any origin', async () => {
    const reply = await client.call('OPTIONS', SUBSCRIPTIONS, {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-subcat-session',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(reply.headers['access-control-allow-headers']).toLowerCase()).toContain('x-subcat-session');
    expect(String(reply.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('a preflight naming no headers is still allowed x-subcat-session', async () => {
    const reply = await client.call('OPTIONS', SUBSCRIPTIONS, {
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(String(reply.headers['access-control-allow-headers']).toLowerCase()).toContain('x-subcat-session');
  });

  it('a page on another origin may read the session headers of an answer', async () => {
    const reply = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`, {
      headers: { origin: 'http://localhost:5173', 'x-subcat-session': 'browser' },
    });
    const exposed = String(reply.headers['access-control-expose-headers']).toLowerCase();
    expect(exposed).toContain('x-subcat-session');
    expect(exposed).toContain('x-subcat-session-dropped');
  });
});

describe('GET and DELETE /__subcat/sessions', () => {
  it('lists the sessions most recently used first, the default one included', async () => {
    await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`, {
      headers: { 'x-subcat-session': 'older' },
    });
    await client.create('newest', 'newer');
    const listed = await client.admin('GET', '/sessions');
    const names = listed.json.data.map((session: { name: string }) => session.name) as string[];
    expect(names.indexOf('newer')).toBe(0);
    expect(names.indexOf('older')).toBeGreaterThan(0);
    expect(names).toContain('');
    expect(listed.json.data[0]).toMatchObject({
      name: 'newer',
      subscriptions: seededTotal + 1,
      snapshots: 0,
    });
  });

  it('a deleted session starts afresh from the seed; deleting it again is a 404', async () => {
    await client.create('forget me', 'forgotten');
    expect((await client.admin('DELETE', '/sessions/forgotten')).status).toBe(204);
    expect((await client.admin('DELETE', '/sessions/forgotten')).status).toBe(404);
    expect(await allSubscriptions(client, 'forgotten')).toHaveLength(seededTotal);
  });
});

describe('--max-sessions', () => {
  let bounded: CliMock;
  let boundedClient: MockClient;

  beforeAll(async () => {
    bounded = await cliMock([
      '--seed',
      '9',
      '--subscriptions',
      '30',
      '--products',
      '10',
      '--max-sessions',
      '2',
    ]);
    boundedClient = await MockClient.of(bounded.url);
  });

  afterAll(async () => {
    expect(await bounded?.stop()).toBe(0);
  });

  const read = (session: string) =>
    boundedClient.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=1`, {
      headers: { 'x-subcat-session': session },
    });

  it('drops the least recently used session past the bound and says which in x-subcat-session-dropped', async () => {
    expect((await boundedClient.create('one', 'one')).headers['x-subcat-session-dropped']).toBeUndefined();
    expect((await read('two')).headers['x-subcat-session-dropped']).toBeUndefined();
    await read('one'); // one is now the most recently used: two goes first
    const third = await read('three');
    expect(third.status).toBe(200);
    expect(third.headers['x-subcat-session-dropped']).toBe('two');
    const names = (await boundedClient.admin('GET', '/sessions')).json.data.map(
      (s: { name: string }) => s.name,
    );
    expect(names.sort()).toEqual(['', 'one', 'three']);
    expect((await boundedClient.admin('GET', '/info')).json.data.sessions).toEqual({ count: 3, max: 2 });

    // The dropped session's name used again is a new session from the seed; "one" kept its write.
    const again = await read('two');
    expect(again.headers['x-subcat-session-dropped']).toBe('one');
    expect((await allSubscriptions(boundedClient, 'three')).map((r) => r.name)).not.toContain('one');
  });

  it('never drops the default session', async () => {
    for (const name of ['a', 'b', 'c', 'd']) expect((await read(name)).status).toBe(200);
    expect(
      (await boundedClient.admin('GET', '/sessions')).json.data.map((s: { name: string }) => s.name),
    ).toContain('');
  });
});

describe('--max-subscriptions', () => {
  it('bounds the creates of every session together, the seeded records counted once', async () => {
    // 5 seeded and the 2 fixed records: room for 3 creates in all.
    const cli = await cliMock(['--subscriptions', '5', '--products', '5', '--max-subscriptions', '10']);
    try {
      const shared = await MockClient.of(cli.url);
      const made = [
        await shared.create('in a 1', 'a'),
        await shared.create('in a 2', 'a'),
        await shared.create('in b 1', 'b'),
      ];
      expect(made.map((reply) => reply.status)).toEqual([201, 201, 201]);
      const refused = await shared.create('one too many');
      expect(refused.status).toBe(409);
      expect(refused.json.errors[0].detail).toContain('--max-subscriptions');
      await shared.admin('POST', '/reset?session=a');
      expect((await shared.create('room again')).status).toBe(201);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { allSubscriptions, MockClient, SUBSCRIPTIONS } from '../support/mock-client.js';

// Reset and snapshots (issue 13, items 1 and 3) over real sockets, every admin answer checked against the
// admin document the mock serves.

const SEEDED = 40;
let mock: RunningMock;
let client: MockClient;
let seededTotal = 0;

/** Runs `count` calls of `task`, `width` at a time. */
async function inParallel<T>(
  count: number,
  width: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

const { catalog, subscriptions } = FIXTURE_IDS;
const READS = [
  `${SUBSCRIPTIONS}`,
  `${SUBSCRIPTIONS}?page%5Blimit%5D=100`,
  `${SUBSCRIPTIONS}?page%5Boffset%5D=30&page%5Blimit%5D=20&include=plans,products`,
  `${SUBSCRIPTIONS}?filter=${encodeURIComponent(`eq(account_id,${subscriptions.account_id})`)}`,
  `/catalogs/${catalog.catalog_id}/releases/latest/nodes/${catalog.node_id}/relationships/products`,
];

const readAll = () => Promise.all(READS.map((path) => client.call('GET', path)));

beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 5, subscriptions: SEEDED, products: 20, logLevel: 'silent' });
  client = await MockClient.of(mock.url);
  seededTotal = (await allSubscriptions(client)).length;
});

afterAll(async () => {
  await mock?.close();
});

beforeEach(async () => {
  expect((await client.admin('POST', '/reset')).status).toBe(200);
});

describe('POST /__subcat/reset', () => {
  it('after 1,000 creates gives back the seeded bytes of every read', async () => {
    const before = await readAll();
    expect(before.map((reply) => reply.status)).toEqual(READS.map(() => 200));
    const created = await inParallel(1_000, 16, (index) => client.create(`reset ${index}`));
    expect(created.filter((reply) => reply.status !== 201).map((reply) => reply.text)).toEqual([]);
    const during = await readAll();
    expect(during[1]?.json.meta.results.total).toBe(seededTotal + 1_000);

    const reset = await client.admin('POST', '/reset');
    expect(reset.status).toBe(200);
    expect(reset.json.data).toMatchObject({ name: '', subscriptions: seededTotal, snapshots: 0 });

    const after = await readAll();
    after.forEach((reply, index) => {
      expect(reply.status, READS[index]).toBe(200);
      expect(reply.bytes.equals(before[index]?.bytes ?? Buffer.alloc(0)), READS[index]).toBe(true);
    });
  });

  it('keeps the snapshots of the session', async () => {
    await client.admin('POST', '/snapshots', { body: { name: 'kept' } });
    const reset = await client.admin('POST', '/reset');
    expect(reset.json.data.snapshots).toBe(1);
    expect((await client.admin('GET', '/snapshots')).json.data.map((s: { name: string }) => s.name)).toEqual([
      'kept',
    ]);
    expect((await client.admin('DELETE', '/snapshots/kept')).status).toBe(204);
  });

  it('of one session leaves the writes of another alone', async () => {
    expect((await client.create('default keeps me')).status).toBe(201);
    expect((await client.create('session loses me', 'resetting')).status).toBe(201);
    const reset = await client.admin('POST', '/reset?session=resetting');
    expect(reset.json.data).toMatchObject({ name: 'resetting', subscriptions: seededTotal });
    expect((await allSubscriptions(client, 'resetting')).some((s) => s.name === 'session loses me')).toBe(
      false,
    );
    expect((await allSubscriptions(client)).some((s) => s.name === 'default keeps me')).toBe(true);
  });
});

describe('snapshots', () => {
  it('are taken, listed, restored (the later writes undone) and deleted', async () => {
    await client.create('before the snapshot');
    const taken = await client.admin('POST', '/snapshots', { body: { name: 'one-write' } });
    expect(taken.status).toBe(201);
    expect(taken.json.data).toMatchObject({ name: 'one-write', subscriptions: seededTotal + 1 });
    await client.create('after the snapshot');
    const listed = await client.admin('GET', '/snapshots');
    expect(listed.json.data).toEqual([taken.json.data]);

    const restored = await client.admin('POST', '/snapshots/one-write/restore');
    expect(restored.status).toBe(200);
    expect(restored.json.data).toMatchObject({ name: '', subscriptions: seededTotal + 1, snapshots: 1 });
    const names = (await allSubscriptions(client)).map((s) => s.name);
    expect(names).toContain('before the snapshot');
    expect(names).not.toContain('after the snapshot');

    // A snapshot is kept after a restore: writes after it are undone again.
    await client.create('after the restore');
    await client.admin('POST', '/snapshots/one-write/restore');
    expect((await allSubscriptions(client)).map((s) => s.name)).not.toContain('after the restore');

    expect((await client.admin('DELETE', '/snapshots/one-write')).status).toBe(204);
    expect((await client.admin('GET', '/snapshots')).json.data).toEqual([]);
  });

  it('restore the same bytes a read gave when the snapshot was taken', async () => {
    await client.create('in the snapshot');
    await client.admin('POST', '/snapshots', { body: { name: 'bytes' } });
    const then = await readAll();
    await Promise.all([client.create('later 1'), client.create('later 2')]);
    await client.admin('POST', '/snapshots/bytes/restore');
    const now = await readAll();
    now.forEach((reply, index) =>
      expect(reply.bytes.equals(then[index]?.bytes ?? Buffer.alloc(0)), READS[index]).toBe(true),
    );
    await client.admin('DELETE', '/snapshots/bytes');
  });

  it('a name taken twice is a 409 pointing at the name', async () => {
    await client.admin('POST', '/snapshots', { body: { name: 'twice' } });
    const again = await client.admin('POST', '/snapshots', { body: { name: 'twice' } });
    expect(again.status).toBe(409);
    expect(again.json.errors[0].source).toEqual({ pointer: '/name' });
    expect(again.json.errors[0].detail).toContain('twice');
    await client.admin('DELETE', '/snapshots/twice');
  });

  const badBodies = [
    { title: 'a body without a name', body: {}, pointer: '/name', rule: 'is required' },
    { title: 'a name with a space', body: { name: 'two words' }, pointer: '/name', rule: '1 to 64 letters' },
    { title: 'a name of 65 characters', body: { name: 'x'.repeat(65) }, pointer: '/name', rule: '1 to 64 letters' },
    { title: 'an unknown field', body: { name: 'ok', label: 'no' }, pointer: '/label', rule: 'label' },
  ]; // prettier-ignore
  it.each(badBodies)('$title is a 400 naming the field and the rule', async ({ body, pointer, rule }) => {
    const reply = await client.admin('POST', '/snapshots', { body });
    expect(reply.status).toBe(400);
    const errors = reply.json.errors as { detail: string; source?: { pointer?: string } }[];
    expect(errors.find((e) => e.source?.pointer === pointer)?.detail).toContain(rule);
  });

  it('restoring or deleting an unknown snapshot is a 404 listing the ones the session has', async () => {
    await client.admin('POST', '/snapshots', { body: { name: 'known' } });
    const restore = await client.admin('POST', '/snapshots/unknown/restore');
    expect(restore.status).toBe(404);
    expect(restore.json.errors[0].detail).toContain('known');
    expect((await client.admin('DELETE', '/snapshots/unknown')).status).toBe(404);
    await client.admin('DELETE', '/snapshots/known');
  });

  it('belong to their session: another session neither lists nor restores them', async () => {
    await client.admin('POST', '/snapshots?session=owner', { body: { name: 'mine' } });
    expect((await client.admin('GET', '/snapshots?session=owner')).json.data).toHaveLength(1);
    expect((await client.admin('GET', '/snapshots')).json.data).toEqual([]);
    const stranger = await client.admin('POST', '/snapshots/mine/restore', {
      headers: { 'x-subcat-session': 'stranger' },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.json.errors[0].detail).toContain("session 'stranger'");
  });
});

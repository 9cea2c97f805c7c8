import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { SNAPSHOT_BOUNDS } from '../../src/admin/control-plane.js';

// Issue 28, point 7: snapshots had no cap (2,100 reached 3.3 GB). Now a session keeps 64, the mock 256 in
// all, each past the limit a 409 naming it and how to free room.

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 2, subscriptions: 5, products: 5, logLevel: 'silent' });
});
afterAll(async () => {
  await mock.close();
});

const take = async (name: string, session: string) => {
  const response = await request(`${mock.url}/__subcat/snapshots?session=${session}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const body = (await response.body.json()) as { errors?: { detail: string }[] };
  return { status: response.statusCode, detail: body.errors?.[0]?.detail ?? '' };
};

const forget = async (name: string, session: string) => {
  const response = await request(`${mock.url}/__subcat/snapshots/${name}?session=${session}`, {
    method: 'DELETE',
  });
  await response.body.dump();
  return response.statusCode;
};

describe('snapshots are bounded (issue 28, point 7)', () => {
  it('refuses a session its 65th snapshot with a 409 naming the limit, and takes it once one is deleted', async () => {
    for (let n = 0; n < SNAPSHOT_BOUNDS.perSession; n++)
      expect((await take(`s${n}`, 'one')).status).toBe(201);
    const refused = await take('extra', 'one');
    expect(refused.status).toBe(409);
    expect(refused.detail).toMatch(/keeps 64 snapshots.*DELETE \/__subcat\/snapshots/);
    expect(await forget('s0', 'one')).toBe(204);
    expect((await take('extra', 'one')).status).toBe(201);
  });

  it('refuses the mock its 257th snapshot over all sessions, whatever the session', async () => {
    const sessions = ['two', 'three', 'four'];
    for (const session of sessions)
      for (let n = 0; n < SNAPSHOT_BOUNDS.perSession; n++)
        expect((await take(`s${n}`, session)).status).toBe(201);
    const refused = await take('extra', 'five');
    expect(refused.status).toBe(409);
    expect(refused.detail).toMatch(/keeps 256 snapshots.*in any session/);
    expect(await forget('s1', 'two')).toBe(204);
    expect((await take('extra', 'five')).status).toBe(201);
  });
});

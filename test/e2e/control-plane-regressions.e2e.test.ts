import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { createBody, MockClient, send, SUBSCRIPTIONS } from '../support/mock-client.js';

// Problems a review of the control plane found, each kept from coming back.
const dir = mkdtempSync(join(tmpdir(), 'subcat-regressions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const started: RunningMock[] = [];
async function mock(options: Parameters<typeof startMock>[0] = {}): Promise<RunningMock> {
  const running = await startMock({
    port: 0,
    logLevel: 'silent',
    subscriptions: 20,
    products: 10,
    ...options,
  });
  started.push(running);
  return running;
}
afterAll(async () => {
  for (const running of started) await running.close();
});

const count = async (url: string, session?: string) =>
  (
    await send('GET', `${url}${SUBSCRIPTIONS}?page%5Blimit%5D=1`, {
      headers: { 'x-subcat-session': session },
    })
  ).json.meta.results.total as number;

describe('the control plane, after review', () => {
  it('answers a session cookie with a broken escape with a 400 naming the cookie, not a 500', async () => {
    const { url } = await mock();
    for (const path of [SUBSCRIPTIONS, '/__subcat/snapshots']) {
      const reply = await send('GET', `${url}${path}`, { headers: { cookie: 'subcat-session=%ZZ' } });
      expect(reply.status).toBe(400);
      expect(reply.json.errors[0].source).toEqual({ header: 'Cookie' });
    }
  });

  it('filters the journal by a path pattern that would make a backtracking expression run for ever', async () => {
    const { url } = await mock();
    await send('GET', `${url}${SUBSCRIPTIONS}/${'s'.repeat(1_500)}`);
    const reply = await send('GET', `${url}/__subcat/requests?path=*s*s*s*s*x`);
    expect([reply.status, reply.json.data]).toEqual([200, []]);
    const matching = await send('GET', `${url}/__subcat/requests?path=*s*s*s*s*s`);
    expect(matching.json.data).toHaveLength(1);
  });

  it('makes no session for a request that never reaches one, so no other session is dropped for it', async () => {
    const { url } = await mock({ maxSessions: 1 });
    await send('POST', `${url}${SUBSCRIPTIONS}`, {
      body: createBody('kept'),
      headers: { 'x-subcat-session': 'a' },
    });
    const missing = await send('GET', `${url}/subscriptions/subscriptionz`, {
      headers: { 'x-subcat-session': 'b' },
    });
    expect([missing.status, missing.headers['x-subcat-session-dropped']]).toEqual([404, undefined]);
    await send('GET', `${url}/__subcat/snapshots?session=c`);
    expect(await count(url, 'a')).toBe(23);
    const sessions = (await send('GET', `${url}/__subcat/sessions`)).json.data as { name: string }[];
    expect(sessions.map((session) => session.name).sort()).toEqual(['', 'a']);
  });

  it('keeps a deleted session deleted across a restart with the same state file', async () => {
    const stateFile = join(dir, 'deleted.jsonl');
    const first = await mock({ stateFile });
    const headers = { 'x-subcat-session': 'w' };
    await send('POST', `${first.url}${SUBSCRIPTIONS}`, { body: createBody('first life'), headers });
    expect((await send('DELETE', `${first.url}/__subcat/sessions/w`)).status).toBe(204);
    await send('POST', `${first.url}${SUBSCRIPTIONS}`, { body: createBody('second life'), headers });
    await first.close();
    started.splice(started.indexOf(first), 1);
    const second = await mock({ stateFile });
    const names = (
      await send('GET', `${second.url}${SUBSCRIPTIONS}?filter=eq(email,shopper@example.com)`, { headers })
    ).json.data.map((subscription: { attributes: { name: string } }) => subscription.attributes.name);
    expect(names).toEqual(['second life']);
  });

  // MockClient fails on any status or body the admin document does not list for the operation.
  it("answers the admin API's refusals with statuses and bodies its document lists", async () => {
    const client = await MockClient.of((await mock()).url);
    const refusals = [
      {
        method: 'GET',
        path: '/faults',
        options: { headers: { 'x-subcat-session': 'no spaces allowed' } },
        status: 400,
      },
      { method: 'POST', path: '/faults', options: { body: { status: 503, colour: 'red' } }, status: 400 },
      {
        method: 'POST',
        path: '/faults',
        options: { body: 'x', headers: { 'content-type': 'text/plain' } },
        status: 415,
      },
      { method: 'PUT', path: '/delay', options: { body: { delay: 'x'.repeat(70 * 1024) } }, status: 413 },
      { method: 'POST', path: '/snapshots', options: { body: { name: 'a/b' } }, status: 400 },
    ];
    for (const { method, path, options, status } of refusals)
      expect((await client.admin(method, path, options)).status, `${method} ${path}`).toBe(status);
    const unknown = await client.admin('POST', '/faults', { body: { status: 503, colour: 'red' } });
    expect(unknown.json.errors).toEqual([expect.objectContaining({ source: { pointer: '/colour' } })]);
    // A rule as the mock keeps it (id, counts) matches the document's FaultRule, listed or just added.
    expect((await client.admin('POST', '/faults', { body: { status: 503, times: 1 } })).status).toBe(201);
    expect((await client.admin('GET', '/faults')).json.data).toHaveLength(1);
  });
});

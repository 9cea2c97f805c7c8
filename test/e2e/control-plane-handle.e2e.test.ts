import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { allSubscriptions, createBody, MockClient, SUBSCRIPTIONS } from '../support/mock-client.js';

// The library handle startMock() returns (issue 13, item 5): what each method does, seen over HTTP.

const LIST = `${SUBSCRIPTIONS}?page%5Blimit%5D=1`;
let mock: RunningMock;
let client: MockClient;
let seededTotal = 0;

const names = async (session = '') => (await allSubscriptions(client, session)).map((record) => record.name);

beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 8, subscriptions: 15, products: 5, logLevel: 'silent' });
  client = await MockClient.of(mock.url);
  seededTotal = (await allSubscriptions(client)).length;
});

afterAll(async () => {
  await mock?.close();
});

beforeEach(() => {
  mock.reset();
  mock.clearFaults();
  mock.delay(null);
});

describe('the handle of startMock()', () => {
  it('reset() gives the seeded data back', async () => {
    await client.create('undone');
    mock.reset();
    expect(await allSubscriptions(client)).toHaveLength(seededTotal);
  });

  it('snapshot(name) and restore(name) keep and bring back the data; an unknown name throws', async () => {
    await client.create('kept');
    mock.snapshot('handle-snapshot');
    await client.create('dropped');
    mock.restore('handle-snapshot');
    expect(await names()).toContain('kept');
    expect(await names()).not.toContain('dropped');
    expect(
      (await client.admin('GET', '/snapshots')).json.data.map((s: { name: string }) => s.name),
    ).toContain('handle-snapshot');
    expect(() => mock.restore('never-taken')).toThrow(/no snapshot 'never-taken'/);
    expect(() => mock.snapshot('handle-snapshot')).toThrow(/exists already/);
  });

  it('requests(filter) is the journal, newest first, filtered as the admin API filters', async () => {
    await client.admin('DELETE', '/requests');
    await client.call('GET', LIST);
    await client.create('journaled');
    expect(mock.requests().map((entry) => [entry.method, entry.status])).toEqual([
      ['POST', 201],
      ['GET', 200],
    ]);
    expect(mock.requests({ method: 'GET' }).map((entry) => entry.url)).toEqual([LIST]);
    expect(mock.requests({ status: '2xx', limit: 1 })).toHaveLength(1);
  });

  it('fault(rule) acts until remove() takes it away; clearFaults() takes every rule', async () => {
    const fault = mock.fault({ operationId: 'listSubscriptions', status: 503 });
    expect(fault.id).toMatch(/\S/);
    expect((await client.call('GET', LIST)).status).toBe(503);
    fault.remove();
    expect((await client.call('GET', LIST)).status).toBe(200);
    mock.fault({ operationId: 'listSubscriptions', status: 500 });
    mock.fault({ operationId: 'createSubscription', status: 500 });
    expect((await client.admin('GET', '/faults')).json.data).toHaveLength(2);
    mock.clearFaults();
    expect((await client.call('GET', LIST)).status).toBe(200);
    expect((await client.admin('GET', '/faults')).json.data).toEqual([]);
  });

  it('fault(rule) with times retires as the admin API rule does', async () => {
    mock.fault({ operationId: 'listSubscriptions', status: 429, times: 2 });
    const seen = [];
    for (let index = 0; index < 3; index += 1) seen.push((await client.call('GET', LIST)).status);
    expect(seen).toEqual([429, 429, 200]);
  });

  it('delay(ms) holds back every answer; delay(null) ends it', async () => {
    mock.delay(150);
    expect((await client.admin('GET', '/delay')).json.data).toEqual({ delay: 150 });
    const started = performance.now();
    expect((await client.call('GET', LIST)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(149);
    mock.delay(null);
    expect((await client.admin('GET', '/delay')).json.data).toEqual({ delay: null });
  });

  describe('session(name)', () => {
    it('gives the headers that name the session, and its own reset, snapshots and journal', async () => {
      const worker = mock.session('worker-7');
      expect(worker.headers).toEqual({ 'x-subcat-session': 'worker-7' });
      await client.call('POST', SUBSCRIPTIONS, {
        body: createBody('in worker 7'),
        headers: worker.headers,
      });
      expect(await names('worker-7')).toContain('in worker 7');
      expect(await names()).not.toContain('in worker 7');

      worker.snapshot('one');
      await client.create('later', 'worker-7');
      worker.restore('one');
      expect(await names('worker-7')).not.toContain('later');
      expect(mock.session('worker-8').requests()).toEqual([]);
      expect(worker.requests({ method: 'POST' }).map((entry) => entry.session)).toEqual([
        'worker-7',
        'worker-7',
      ]);

      worker.reset();
      expect(await names('worker-7')).not.toContain('in worker 7');
      expect((await client.admin('GET', '/snapshots?session=worker-7')).json.data).toHaveLength(1);
      expect(() => mock.restore('one')).toThrow(/default session/);
    });

    it("the default session's handle sends no header", () => {
      expect(mock.session('').headers).toEqual({});
    });
  });
});

import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { cliMock, type CliMock } from '../support/cli-mock.js';
import { MockClient, SUBSCRIPTIONS } from '../support/mock-client.js';

// Latency for everything (issue 13, item 2): --delay, startMock's delay, and GET/PUT /__subcat/delay.
// Only lower bounds are held: on a busy machine an answer may always come later, never sooner.

const LIST = `${SUBSCRIPTIONS}?page%5Blimit%5D=1`;

/** Milliseconds one call takes, with its status. */
async function timed(client: MockClient, path = LIST): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const reply = await client.call('GET', path);
  return { status: reply.status, ms: performance.now() - started };
}

describe('startMock({ delay })', () => {
  let mock: RunningMock;
  let client: MockClient;

  beforeAll(async () => {
    mock = await startMock({
      port: 0,
      seed: 2,
      subscriptions: 5,
      products: 5,
      delay: 150,
      logLevel: 'silent',
    });
    client = await MockClient.of(mock.url);
  });

  afterAll(async () => {
    await mock?.close();
  });

  it('holds back every answer of the operations, errors included', async () => {
    expect((await client.admin('GET', '/delay')).json.data).toEqual({ delay: 150 });
    const list = await timed(client);
    const error = await timed(client, `${SUBSCRIPTIONS}?page%5Blimit%5D=0`);
    expect([list.status, error.status]).toEqual([200, 400]);
    expect(list.ms).toBeGreaterThanOrEqual(149);
    expect(error.ms).toBeGreaterThanOrEqual(149);
  });

  it('PUT /__subcat/delay changes it at run time: a range, then none', async () => {
    const ranged = await client.admin('PUT', '/delay', { body: { delay: [200, 250] } });
    expect([ranged.status, ranged.json.data]).toEqual([200, { delay: [200, 250] }]);
    expect((await timed(client)).ms).toBeGreaterThanOrEqual(199);
    expect((await client.admin('GET', '/delay')).json.data).toEqual({ delay: [200, 250] });

    // A long delay shows "none" plainly: the answer comes long before it would end.
    await client.admin('PUT', '/delay', { body: { delay: 20_000 } });
    const none = await client.admin('PUT', '/delay', { body: { delay: null } });
    expect(none.json.data).toEqual({ delay: null });
    expect((await timed(client)).ms).toBeLessThan(20_000);
  });

  it('never holds back the admin API or the health check', async () => {
    await client.admin('PUT', '/delay', { body: { delay: 30_000 } });
    try {
      const started = performance.now();
      expect((await client.admin('GET', '/info')).status).toBe(200);
      expect((await client.call('GET', '/__health')).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(30_000);
    } finally {
      await client.admin('PUT', '/delay', { body: { delay: null } });
    }
  });

  const bad = [
    { title: 'a range with min above max', body: { delay: [300, 100] } },
    { title: 'a negative delay', body: { delay: -1 } },
    { title: 'a delay past ten minutes', body: { delay: 600_001 } },
    { title: 'a delay as text', body: { delay: '300' } },
    { title: 'a range of three', body: { delay: [1, 2, 3] } },
    { title: 'no delay field', body: {} },
    { title: 'an unknown field', body: { delay: 1, jitter: 2 } },
  ];
  it.each(bad)('$title is a 400 pointing at the field', async ({ body }) => {
    const reply = await client.admin('PUT', '/delay', { body });
    expect(reply.status).toBe(400);
    expect(reply.json.errors[0].source.pointer).toMatch(/^\/(delay|jitter)?$/);
    expect((await client.admin('GET', '/delay')).json.data).toEqual({ delay: null });
  });
});

describe('subcat mock --delay', () => {
  const cases = [
    { flag: '120', shown: 120, atLeast: 120 },
    { flag: '100-300', shown: [100, 300], atLeast: 100 },
  ];
  it.each(cases)('--delay $flag is the delay in effect from the start', async ({ flag, shown, atLeast }) => {
    const cli: CliMock = await cliMock(['--subscriptions', '5', '--products', '5', '--delay', flag]);
    try {
      const client = await MockClient.of(cli.url);
      expect((await client.admin('GET', '/delay')).json.data).toEqual({ delay: shown });
      expect((await timed(client)).ms).toBeGreaterThanOrEqual(atLeast - 1);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('a delay that is neither milliseconds nor a range stops the start naming the flag', async () => {
    await expect(cliMock(['--delay', '600-100'])).rejects.toThrow(
      /--delay must be milliseconds \(300\) or a range \(100-600\)/,
    );
  });
});

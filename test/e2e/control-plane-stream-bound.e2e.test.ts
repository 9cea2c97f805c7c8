import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';

// Issue 28, point 5: a live stream whose client never reads held every event in the mock's memory. It is cut
// once 1 MiB waits unsent (STREAM_BUFFER_BYTES); the kernel's buffers take some megabytes before that.

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 2, subscriptions: 200, logLevel: 'silent' });
});
afterAll(async () => {
  await mock.close();
});

describe('a live stream that does not read', () => {
  it('is cut once its unsent events pass the bound, and the mock keeps answering', async () => {
    const { port, pathname } = new URL(mock.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.setNoDelay(true);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `GET ${pathname === '/' ? '' : pathname}/__subcat/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    socket.pause(); // never read: the events pile up in the kernel's buffers, then in the mock's
    const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
    const page = `${mock.url}/subscriptions/subscriptions?page[limit]=100&include=plans,products`;
    // Each answer is journaled with 16 KiB of its body: 960 of them are some 16 MB of events, past what the
    // kernel's buffers hold on loopback.
    for (let batch = 0; batch < 32; batch++)
      await Promise.all(
        Array.from({ length: 30 }, async () => {
          const response = await request(page);
          await response.body.dump();
        }),
      );
    socket.resume(); // read what the kernel holds: the end follows when the mock cut the stream
    const cut = await Promise.race([
      closed,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ]);
    socket.destroy();
    expect(cut).toBe(true);
    expect((await request(`${mock.url}/__health`)).statusCode).toBe(200);
  });
});

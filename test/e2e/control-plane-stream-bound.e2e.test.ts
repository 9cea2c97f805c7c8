import { connect, type Socket } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';

// Issue 28, point 5: a live stream whose client never reads held every event in the mock's memory. Once the
// kernel's buffers are full the mock holds up to 1 MiB of events (STREAM_BUFFER_BYTES), then cuts the stream.

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 2, subscriptions: 200, logLevel: 'silent' });
});
afterAll(async () => {
  await mock.close();
});

/** A live stream opened on a raw socket, paused once it listens: it reads nothing more until resumed. */
async function pausedStream(): Promise<{ socket: Socket; received: () => string; closed: Promise<boolean> }> {
  const { port, pathname } = new URL(mock.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET ${pathname === '/' ? '' : pathname}/__subcat/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
  );
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  // The head and the first comment read: the stream listens before any request is sent.
  await new Promise((resolve) => socket.once('data', resolve));
  socket.pause();
  return { socket, received: () => Buffer.concat(chunks).toString('latin1'), closed };
}

/** Each answer is journaled with 16 KiB of its body: an event of some 20 KB. */
async function pages(batches: number): Promise<void> {
  const page = `${mock.url}/subscriptions/subscriptions?page[limit]=100&include=plans,products`;
  for (let batch = 0; batch < batches; batch++)
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        const response = await request(page);
        await response.body.dump();
      }),
    );
}

const within = <T>(promise: Promise<T>, ms: number, otherwise: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(otherwise), ms))]);

describe('a live stream that does not read', () => {
  it('is cut once its unsent events pass the bound, and the mock answers health checks meanwhile', async () => {
    const stream = await pausedStream();
    // 960 events are some 19 MB, past what the kernel's buffers and the bound hold together on loopback.
    await pages(16);
    const health = await request(`${mock.url}/__health`); // sent while the stream is still stalled
    await health.body.dump();
    await pages(16);
    stream.socket.resume(); // read what the kernel holds: the end follows when the mock cut the stream
    const cut = await within(stream.closed, 5_000, false);
    stream.socket.destroy();
    expect(health.statusCode).toBe(200);
    expect(cut).toBe(true);
    expect((await request(`${mock.url}/__health`)).statusCode).toBe(200);
  });

  it('gets every event, once, when it reads again before the bound', async () => {
    await request(`${mock.url}/__subcat/requests`, { method: 'DELETE' });
    const stream = await pausedStream();
    // 240 events are some 4.5 MB: the kernel's buffers take 4 MB on loopback, the mock holds the rest until the
    // reader drains (under STREAM_BUFFER_BYTES).
    await pages(8);
    stream.socket.resume();
    const events = () => stream.received().split('event: request\n').length - 1;
    for (let waited = 0; waited < 5_000 && events() < 240; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const ids = [...stream.received().matchAll(/"id":"([^"]+)"/g)].map((match) => match[1]);
    stream.socket.destroy();
    expect(events()).toBe(240);
    expect(new Set(ids).size).toBe(240);
  });
});

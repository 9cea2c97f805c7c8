import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Exchange, type Answer } from './route.js';
import { sendAnswer, type DrainLimit } from './server.js';

const DRAIN: DrainLimit = { bytes: 10, ms: 5_000 };
const ANSWER: Answer = { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Length': 8 }, body: '{"a":12}' }; // prettier-ignore

/** A request stream and a response that record what the answer does to them, without a socket. */
function fakes(request: { headers?: IncomingHttpHeaders; complete?: boolean } = {}) {
  const socket = Object.assign(new EventEmitter(), { destroyed: 0, reset: 0, writable: true, writableFinished: true, destroySoon: () => undefined, end() { this.writable = false; }, destroy() { this.destroyed += 1; }, resetAndDestroy() { this.reset += 1; } }); // prettier-ignore
  const incoming = Object.assign(new PassThrough(), { headers: request.headers ?? {}, complete: request.complete ?? true, socket }); // prettier-ignore
  const written: { head?: [number, Record<string, string | number>]; chunks: Buffer[]; ended: boolean } = { chunks: [], ended: false }; // prettier-ignore
  const response = {
    writeHead(status: number, headers: Record<string, string | number>) {
      written.head = [status, headers];
    },
    write(chunk: Buffer, done: () => void) {
      written.chunks.push(chunk);
      done();
    },
    end(body?: string | Buffer) {
      if (body !== undefined) written.chunks.push(Buffer.from(body));
      written.ended = true;
    },
  };
  const exchange = new Exchange(incoming as unknown as IncomingMessage, response as unknown as ServerResponse, 'req-1', 0);
  return { exchange, incoming, socket, written };
} // prettier-ignore
const unreadBody = { headers: { 'content-length': '100' }, complete: false };

describe('sendAnswer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the status, the request id and the answer headers, then the body, keeping the connection', () => {
    const { exchange, written, socket } = fakes();
    sendAnswer(exchange, ANSWER, DRAIN, false);
    expect(written.head).toEqual([200, { 'x-request-id': 'req-1', ...ANSWER.headers }]);
    expect([Buffer.concat(written.chunks).toString(), written.ended, socket.destroyed]).toEqual([
      '{"a":12}',
      true,
      0,
    ]);
  });

  const closes = [
    { title: 'the server is shutting down', request: {}, closing: true, close: true },
    { title: 'a request body nobody read is still arriving', request: unreadBody, closing: false, close: true },
    { title: 'a request without a body is not complete yet (most GETs)', request: { complete: false }, closing: false, close: false },
    { title: 'a request body was read to the end', request: { headers: { 'content-length': '100' } }, closing: false, close: false },
  ]; // prettier-ignore
  it.each(closes)('says Connection: close only when $title: $close', ({ request, closing, close }) => {
    const { exchange, written } = fakes(request);
    sendAnswer(exchange, ANSWER, DRAIN, closing);
    expect(written.head?.[1].Connection).toBe(close ? 'close' : undefined);
  });

  it('drains an unread body a chunk a turn up to the limit, then cuts the connection', async () => {
    const { exchange, incoming, socket } = fakes(unreadBody);
    sendAnswer(exchange, ANSWER, DRAIN, false);
    incoming.write(Buffer.alloc(6));
    incoming.write(Buffer.alloc(6));
    // The second chunk waits for a later turn of the event loop.
    expect(socket.destroyed).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.destroyed).toBe(1);
    vi.advanceTimersByTime(DRAIN.ms * 2);
    expect(socket.destroyed).toBe(1);
  });

  it('cuts a connection whose unread body stops arriving, once the drain time is up', () => {
    const { exchange, socket } = fakes(unreadBody);
    sendAnswer(exchange, ANSWER, DRAIN, false);
    vi.advanceTimersByTime(DRAIN.ms - 1);
    expect(socket.destroyed).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.destroyed).toBe(1);
  });

  it('leaves a connection alone once a small unread body has ended and it closed', async () => {
    const { exchange, incoming, socket } = fakes(unreadBody);
    sendAnswer(exchange, ANSWER, DRAIN, false);
    const ended = new Promise((resolve) => incoming.once('end', resolve));
    incoming.end(Buffer.alloc(4));
    await ended;
    socket.emit('close');
    vi.advanceTimersByTime(DRAIN.ms * 2);
    expect(socket.destroyed).toBe(0);
  });

  it('lingers after the answer: node closing the socket only ends our side, and the end of the body cuts it', async () => {
    const { exchange, incoming, socket } = fakes(unreadBody);
    sendAnswer(exchange, ANSWER, DRAIN, false);
    socket.destroySoon(); // what node does once a Connection: close answer is written
    expect([socket.writable, socket.destroyed]).toEqual([false, 0]);
    const ended = new Promise((resolve) => incoming.once('end', resolve));
    incoming.end(Buffer.alloc(4));
    await ended;
    expect(socket.destroyed).toBe(1);
  });

  it('lets an answer that writes itself do so, its headers set but no head written yet', () => {
    const { exchange, written } = fakes();
    const set: Record<string, string | number> = {};
    Object.assign(exchange.response, { setHeader: (name: string, value: string | number) => (set[name] = value) });
    const wrote: unknown[] = [];
    sendAnswer(exchange, { status: 200, headers: { a: '1' }, body: undefined, write: (own) => wrote.push(own) }, DRAIN, false);
    expect([wrote, set, written.head, written.ended]).toEqual([[exchange], { 'x-request-id': 'req-1', a: '1' }, undefined, false]);
  }); // prettier-ignore
});

import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { eventWriter, type EventSink } from './event-stream.js';

/** A sink that takes `takes` writes before reporting backpressure; what it was given, as text. */
class FakeSink extends EventEmitter implements EventSink {
  written: string[] = [];
  destroyed = false;
  constructor(private takes: number) {
    super();
  }
  private corked: string[] | undefined;
  /** Writes between cork() and uncork() count as one. */
  write(chunk: Buffer | string): boolean {
    if (this.corked !== undefined) this.corked.push(chunk.toString());
    else this.written.push(chunk.toString());
    this.takes -= this.corked === undefined ? 1 : 0;
    return this.takes > (this.corked === undefined ? 0 : 1);
  }
  cork(): void {
    this.corked = [];
  }
  uncork(): void {
    if (this.corked !== undefined && this.corked.length > 0) this.written.push(this.corked.join(''));
    this.corked = undefined;
    this.takes -= 1;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** The reader caught up: it takes `more` writes again. */
  drain(more: number): void {
    this.takes = more;
    this.emit('drain');
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('eventWriter', () => {
  // Steps: an event's text; '/' a turn of the event loop; '|' the reader catching up (the next of `drains`).
  const cases = [
    {
      name: 'writes the events of a turn as one chunk at its end',
      takes: 10, steps: ['a', 'b', '/', 'c', '/'], drains: [], limit: 8,
      written: ['ab', 'c'], cut: false, answers: [true, true, true],
    },
    {
      name: 'holds the events after backpressure and writes them as one chunk once the sink drains',
      takes: 1, steps: ['a', '/', 'b', 'c', '/', '|', 'd', '/'], drains: [10], limit: 8,
      written: ['a', 'bc', 'd'], cut: false, answers: [true, true, true, true],
    },
    {
      name: 'cuts the sink once the events held after backpressure pass the limit, and writes nothing after',
      takes: 1, steps: ['a', '/', 'bbbb', 'cccc', 'd', '|', 'e', '/'], drains: [10], limit: 8,
      written: ['a'], cut: true, answers: [true, true, true, false, false],
    },
    {
      name: 'never cuts a sink that takes its events, however many a turn brings',
      takes: 10, steps: ['aaaa', 'bbbb', 'cccc', '/'], drains: [], limit: 8,
      written: ['aaaabbbbcccc'], cut: false, answers: [true, true, true],
    },
    {
      name: 'keeps holding while the sink stays full after a drain',
      takes: 1, steps: ['a', '/', 'b', '|', 'c', '|', 'd', '/'], drains: [1, 10], limit: 8,
      written: ['a', 'b', 'c', 'd'], cut: false, answers: [true, true, true, true],
    },
  ]; // prettier-ignore
  it.each(cases)('$name', async ({ takes, steps, drains, limit, written, cut, answers }) => {
    const sink = new FakeSink(takes);
    const send = eventWriter(sink, limit);
    const pendingDrains = [...drains];
    const answered: boolean[] = [];
    for (const step of steps) {
      if (step === '/') await nextTurn();
      else if (step === '|') sink.drain(pendingDrains.shift() ?? 0);
      else answered.push(send(Buffer.from(step)));
    }
    expect(sink.written).toEqual(written);
    expect(sink.destroyed).toBe(cut);
    expect(answered).toEqual(answers);
  });
});

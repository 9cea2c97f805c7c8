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
  write(chunk: Buffer | string): boolean {
    this.written.push(chunk.toString());
    this.takes -= 1;
    return this.takes > 0;
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

describe('eventWriter', () => {
  const cases = [
    {
      name: 'writes every event to a sink that takes them',
      takes: 10, sent: ['a', 'b', 'c'], drains: [], limit: 8,
      written: ['a', 'b', 'c'], cut: false, answers: [true, true, true],
    },
    {
      name: 'holds the events after backpressure and writes them as one chunk once the sink drains',
      takes: 1, sent: ['a', 'b', 'c', '|', 'd'], drains: [10], limit: 8,
      written: ['a', 'bc', 'd'], cut: false, answers: [true, true, true, true],
    },
    {
      name: 'cuts the sink once the held events pass the limit, and writes nothing after',
      takes: 1, sent: ['a', 'bbbb', 'cccc', 'd', '|', 'e'], drains: [10], limit: 8,
      written: ['a'], cut: true, answers: [true, true, true, false, false],
    },
    {
      name: 'keeps holding while the sink stays full after a drain',
      takes: 1, sent: ['a', 'b', '|', 'c', '|', 'd'], drains: [1, 10], limit: 8,
      written: ['a', 'b', 'c', 'd'], cut: false, answers: [true, true, true, true],
    },
  ]; // prettier-ignore
  it.each(cases)('$name', ({ takes, sent, drains, limit, written, cut, answers }) => {
    const sink = new FakeSink(takes);
    const send = eventWriter(sink, limit);
    const pendingDrains = [...drains];
    const answered: boolean[] = [];
    for (const event of sent) {
      // '|' marks the reader catching up.
      if (event === '|') sink.drain(pendingDrains.shift() ?? 0);
      else answered.push(send(Buffer.from(event)));
    }
    expect(sink.written).toEqual(written);
    expect(sink.destroyed).toBe(cut);
    expect(answered).toEqual(answers);
  });
});

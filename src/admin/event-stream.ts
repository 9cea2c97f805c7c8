import type { ServerResponse } from 'node:http';
import type { Answer, HandlerResult } from '../http/route.js';
import type { ControlPlane } from './control-plane.js';
import type { JournalEntry } from './journal.js';

/** What a live stream may hold unsent before it is cut (issue 28: streams that never read grew without bound). */
export const STREAM_BUFFER_BYTES = 1024 * 1024;

/** Where a live stream's events go: an HTTP answer, or a fake of one in tests. */
export interface EventSink {
  write(chunk: Buffer | string): boolean;
  cork(): void;
  uncork(): void;
  once(event: 'drain', listener: () => void): unknown;
  destroy(): unknown;
}

/** Writes each turn's events corked, holds them under backpressure and cuts past `limit` (`npm run bench`, flood-stream). */
export function eventWriter(sink: EventSink, limit: number): (event: Buffer) => boolean {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let draining = false;
  let scheduled = false;
  let cut = false;
  const flush = () => {
    scheduled = false;
    if (cut || draining || held.length === 0) return;
    const events = held;
    held = [];
    heldBytes = 0;
    sink.cork();
    let takes = true;
    for (const event of events) takes = sink.write(event);
    sink.uncork();
    if (takes) return;
    draining = true;
    sink.once('drain', () => {
      draining = false;
      flush();
    });
  };
  return (event) => {
    if (cut) return false;
    // Only a sink that reports backpressure is cut: a turn's events are written at its end whatever their size.
    if (draining && heldBytes + event.length > limit) {
      cut = true;
      held = [];
      sink.destroy();
      return false;
    }
    held.push(event);
    heldBytes += event.length;
    if (!scheduled && !draining) {
      scheduled = true;
      setImmediate(flush);
    }
    return true;
  };
}

/** Each entry's event, made once for every stream that sends it (`npm run bench`, flood-stream). */
const requestEvents = new WeakMap<JournalEntry, Buffer>();

function requestEvent(entry: JournalEntry): Buffer {
  const event = requestEvents.get(entry) ?? Buffer.from(`event: request\ndata: ${JSON.stringify(entry)}\n\n`);
  requestEvents.set(entry, event);
  return event;
}

const BEAT = Buffer.from(': beat\n\n');

/** The journal as Server-Sent Events of `session` (all when ''), a beat every 15 s; a client that does not read is cut. */
export function eventStream<State>(
  plane: ControlPlane<State>,
  session: string,
): HandlerResult & Pick<Answer, 'write'> {
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
    write: ({ response }: { response: ServerResponse }) => {
      response.writeHead(200);
      const send = eventWriter(response, STREAM_BUFFER_BYTES);
      const stop = plane.feed.subscribe((entry) => {
        if (session !== '' && entry.session !== session) return;
        // Unsubscribed at the cut, not at 'close': nothing more is made for a stream that is gone.
        if (!send(requestEvent(entry))) stop?.();
      });
      if (stop === undefined) {
        response.end('event: full\ndata: too many listeners; poll GET /__subcat/requests instead\n\n');
        return;
      }
      response.write(': subcat journal\n\n');
      const beat = setInterval(() => send(BEAT), 15_000);
      beat.unref();
      response.once('close', () => {
        clearInterval(beat);
        stop();
      });
    },
  };
}

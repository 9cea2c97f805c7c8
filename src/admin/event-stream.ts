import type { ServerResponse } from 'node:http';
import type { Answer, HandlerResult } from '../http/route.js';
import type { ControlPlane } from './control-plane.js';
import type { JournalEntry } from './journal.js';

/** What a live stream may hold unsent before it is cut (issue 28: streams that never read grew without bound). */
export const STREAM_BUFFER_BYTES = 1024 * 1024;

/** Where a live stream's events go: an HTTP answer, or a fake of one in tests. */
export interface EventSink {
  /** False once the sink holds more than it wants (backpressure): wait for 'drain'. */
  write(chunk: Buffer | string): boolean;
  /** Writes after cork() go out together at uncork(). */
  cork(): void;
  uncork(): void;
  once(event: 'drain', listener: () => void): unknown;
  destroy(): unknown;
}

/**
 * Writes events to `sink` once a turn of the event loop, those of the turn together (a request's event to
 * each of 32 streams was a write and a system call each). While the sink reports backpressure (write() false)
 * events are held until 'drain', and past `limit` bytes held the sink is cut. Nothing waits in the sink but the
 * write under way: each chunk a cut discards costs an error object, and 32 streams cut at once held the event
 * loop for 100 ms. `send` answers false once the sink is cut.
 * @example const send = eventWriter(response, STREAM_BUFFER_BYTES); if (!send(event)) unsubscribe();
 */
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
    // Corked: one system call for them all, and no copy of them.
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

/** Each entry's event, made once for every stream that sends it (a JSON.stringify per stream was most of a flood's cost). */
const requestEvents = new WeakMap<JournalEntry, Buffer>();

function requestEvent(entry: JournalEntry): Buffer {
  let event = requestEvents.get(entry);
  if (event === undefined) {
    event = Buffer.from(`event: request\ndata: ${JSON.stringify(entry)}\n\n`);
    requestEvents.set(entry, event);
  }
  return event;
}

const BEAT = Buffer.from(': beat\n\n');

/**
 * The journal as Server-Sent Events: one `request` event per entry of `session` (of every session when ''),
 * a comment every 15 s; a client that does not read is cut once STREAM_BUFFER_BYTES wait unsent besides what
 * the kernel holds (it may reconnect, and the inspector then reloads the journal). Only `?session=` narrows
 * it, not the header or cookie: the inspector's page shares the app's origin, and so its cookie, yet must see
 * every session.
 */
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

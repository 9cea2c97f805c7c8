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
  once(event: 'drain', listener: () => void): unknown;
  destroy(): unknown;
}

/**
 * Writes events to `sink` while it takes them. Once it reports backpressure, holds them (up to `limit` bytes)
 * until 'drain' and then writes them as one chunk; past `limit` it cuts the sink. One chunk waiting in the
 * sink, not one per event: each chunk a cut discards costs an error object, and 32 streams cut at once
 * held the event loop for 100 ms. `send` answers false once the sink is cut.
 * @example const send = eventWriter(response, STREAM_BUFFER_BYTES); if (!send(event)) unsubscribe();
 */
export function eventWriter(sink: EventSink, limit: number): (event: Buffer) => boolean {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let draining = false;
  let cut = false;
  const flush = () => {
    draining = false;
    const events = Buffer.concat(held, heldBytes);
    held = [];
    heldBytes = 0;
    if (events.length > 0 && !cut) send(events);
  };
  const send = (event: Buffer): boolean => {
    if (cut) return false;
    if (!draining) {
      if (!sink.write(event)) {
        draining = true;
        sink.once('drain', flush);
      }
      return true;
    }
    if (heldBytes + event.length > limit) {
      cut = true;
      held = [];
      sink.destroy();
      return false;
    }
    held.push(event);
    heldBytes += event.length;
    return true;
  };
  return send;
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

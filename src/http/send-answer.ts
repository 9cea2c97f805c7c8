import type { Answer, Exchange } from './exchange.js';
import { hasBody } from './read-body.js';

/** How much of a body nobody reads is drained after the answer before the connection is closed instead. */
export interface DrainLimit {
  bytes: number;
  ms: number;
}

/**
 * Writes an answer. A request body the pipeline did not read (a 404, a 413, a GET with a body, a Prefer
 * answer) is drained only so far: the answer says `Connection: close`, so the client sees the status rather
 * than a reset, and past the limit the connection is cut. `misbehave` carries out a fault rule.
 */
export function sendAnswer(exchange: Exchange, answer: Answer, drain: DrainLimit, closing: boolean): void {
  const { request, response } = exchange;
  if (answer.misbehave === 'reset') {
    request.socket.resetAndDestroy();
    return;
  }
  if (answer.misbehave === 'hang') return; // the client gives up; closing the server cuts it
  // A body still arriving that nobody read; a request without one (most GETs) keeps its connection.
  const unread = hasBody(request) && !request.complete;
  const headers: Record<string, string | number> = { 'x-request-id': exchange.id, ...answer.headers };
  if (unread || closing) headers.Connection = 'close';
  if (answer.misbehave === 'truncate' && answer.body !== undefined) {
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
    response.writeHead(answer.status, { ...headers, 'Content-Length': body.length });
    response.write(body.subarray(0, Math.floor(body.length / 2)), () => request.socket.destroy());
    return;
  }
  response.writeHead(answer.status, headers);
  if (answer.stream !== undefined) {
    answer.stream(response);
    return;
  }
  response.end(answer.body);
  if (unread) drainThenClose(exchange, drain);
}

function drainThenClose(exchange: Exchange, drain: DrainLimit): void {
  const { request } = exchange;
  let received = 0;
  const cut = () => request.socket.destroy();
  const timer = setTimeout(cut, drain.ms);
  timer.unref();
  request.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > drain.bytes) {
      clearTimeout(timer);
      cut();
    }
  });
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
  request.resume();
}

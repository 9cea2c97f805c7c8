import type { Answer, Exchange } from './route.js';
import { hasBody } from './read-body.js';

/** How much of a body nobody reads is drained after the answer before the connection is closed instead. */
export interface DrainLimit {
  bytes: number;
  ms: number;
}

/**
 * Writes an answer, or lets it write itself (`write`: a live stream, a fault). A request body the pipeline
 * did not read (a 404, a 413, a GET with a body, a Prefer answer) is drained only so far: the answer says
 * `Connection: close`, so the client sees the status rather than a reset, and past the limit the connection
 * is cut.
 */
export function sendAnswer(exchange: Exchange, answer: Answer, drain: DrainLimit, closing: boolean): void {
  const { request, response } = exchange;
  // A body still arriving that nobody read; a request without one (most GETs) keeps its connection.
  const unread = hasBody(request) && !request.complete;
  const headers: Record<string, string | number> = { 'x-request-id': exchange.id, ...answer.headers };
  if (unread || closing) headers.Connection = 'close';
  if (answer.write !== undefined) {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.statusCode = answer.status;
    answer.write(exchange);
    return;
  }
  if (unread) drainThenClose(exchange, drain);
  response.writeHead(answer.status, headers);
  response.end(answer.body);
}

/**
 * A lingering close (as nginx's lingering_close): node would close the socket as soon as the answer is
 * written, and the bytes the client still sends would then get a reset, often before it read the answer
 * (EPIPE in Node's fetch). So the socket only half-closes (FIN) and the rest of the body is read and
 * dropped, for at most `drain.bytes` and `drain.ms`, before it is destroyed.
 */
function drainThenClose(exchange: Exchange, drain: DrainLimit): void {
  const { request } = exchange;
  const { socket } = request;
  let received = 0;
  const cut = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  // The whole body read: close once the answer is flushed (destroy would drop what is still buffered);
  // the timer still cuts a client that does not read it.
  const close = () => {
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  const timer = setTimeout(cut, drain.ms);
  timer.unref();
  // Node calls destroySoon once a Connection: close answer is written: end our side, keep reading.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    if (request.complete) close();
  };
  request.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > drain.bytes) cut();
  });
  request.once('end', () => {
    if (!socket.writable) close(); // else node's destroySoon comes, and closes
  });
  socket.once('close', () => clearTimeout(timer));
  request.resume();
}

import { createServer, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { answerClientError, answerConnect } from './client-error.js';
import type { Logger } from './logger.js';
import { bugAnswer } from './http-error.js';
import { bodyTurns } from './loop-turns.js';
import { createPipeline, type PipelineConfig } from './pipeline.js';
import { urlHost } from './public-url.js';
import { Exchange, hasBody, requestId, type Answer } from './route.js';

export interface RunningServer {
  server: Server;
  /** `http://host:port`, no trailing slash, no base path. */
  origin: string;
  /** Stops accepting; answers in flight get `graceMs` to finish, then are cut; resolves with how many of each. */
  close(graceMs?: number): Promise<{ completed: number; cut: number }>;
}

/** How much of a refused body is still read and dropped after the answer, and for how long (issue 28). */
export const LINGER_BYTES = 16 * 1024 * 1024;
export const LINGER_MS = 2_000;

/**
 * Starts the pipeline on host:port (0 for a free port) and resolves once it listens.
 * @example const running = await listen(config, '127.0.0.1', 0); await running.close();
 */
export async function listen<State>(
  config: Omit<PipelineConfig<State>, 'fallbackHost'>,
  host: string,
  port: number,
): Promise<RunningServer> {
  let origin = `http://${urlHost(host)}:${port}`;
  let closing = false;
  let completedWhileClosing = 0;
  let cutWhileClosing = 0;
  // Answers not yet closed, tallied here too: a 'close' at the end of the grace can come after the server's.
  const inFlight = new Set<ServerResponse>();
  const tally = (response: ServerResponse) => {
    if (!inFlight.delete(response) || !closing) return;
    if (response.writableFinished) completedWhileClosing += 1;
    else cutWhileClosing += 1;
  };
  const watch = (response: ServerResponse) => response.once('close', () => tally(response));
  const pipeline = createPipeline({ ...config, fallbackHost: () => origin.slice('http://'.length) });
  const { logger } = config;
  const drain = { bytes: Math.max(LINGER_BYTES, config.options.bodyLimit), ms: LINGER_MS };
  const send = (exchange: Exchange<State>, answer: Answer, last = false): void => {
    try {
      sendAnswer(exchange, answer, drain, closing);
    } catch (error) {
      // Node refused the answer (a route's bad header): the bug's 500 instead, if nothing went out yet.
      logger.error({ err: error, requestId: exchange.id }, 'could not send the answer (a bug)');
      if (last || exchange.response.headersSent) exchange.response.destroy();
      else send(exchange, bugAnswer(exchange.id), true);
    }
    // Handed to node: ended, or left open (a stream, a hang, a reset) and tallied once closed.
    if (exchange.response.writableEnded && !closing) inFlight.delete(exchange.response);
    else watch(exchange.response);
  };
  // The level is fixed when the logger is made: an access line nobody reads needs no listener.
  const logsAccess = logger.isLevelEnabled('info');
  const server = createServer(
    { requestTimeout: 60_000, headersTimeout: 30_000, keepAliveTimeout: 5_000 },
    (request, response) => {
      inFlight.add(response);
      const id = requestId(request.headers['x-request-id']);
      const exchange = new Exchange<State>(request, response, id, performance.now());
      if (logsAccess) response.once('close', () => logAccess(logger, exchange));
      pipeline(exchange).then(
        (answer) => send(exchange, answer),
        (error: unknown) => {
          logger.error({ err: error, requestId: id }, 'unhandled error outside the error step (a bug)');
          send(exchange, bugAnswer(id));
        },
      );
    },
  );
  server.on('clientError', answerClientError(config.options.corsOrigins));
  server.on('connect', answerConnect(config.options.corsOrigins));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  origin = `http://${urlHost(host)}:${typeof address === 'object' && address !== null ? address.port : port}`;
  let closed: Promise<{ completed: number; cut: number }> | undefined;
  const close = (graceMs = 5_000) =>
    (closed ??= new Promise((resolve) => {
      closing = true;
      for (const response of inFlight) watch(response); // answers still to come (a delay, a slow body)
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      // Connections busy at close time become idle when their answer ends: close them then, not at keep-alive timeout.
      const sweep = setInterval(() => server.closeIdleConnections(), 25);
      force.unref();
      sweep.unref();
      server.close(() => {
        clearTimeout(force);
        clearInterval(sweep);
        // The answers cut at the end of the grace close a moment after the server: wait briefly, count the rest cut.
        const closes = [...inFlight].map((response) => once(response, 'close').catch(() => undefined));
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise((done) => (timer = setTimeout(done, 250)));
        void Promise.race([Promise.all(closes), late]).then(() => {
          clearTimeout(timer);
          for (const response of [...inFlight]) tally(response);
          resolve({ completed: completedWhileClosing, cut: cutWhileClosing });
        });
      });
      server.closeIdleConnections();
    }));
  return { server, origin, close };
}

/** One access line per request at info: method, path, status (0 when the client went away first), ms. */
function logAccess(logger: Logger, exchange: Exchange): void {
  const { request, response } = exchange;
  const ms = performance.now() - exchange.started;
  const status = response.writableFinished ? response.statusCode : 0;
  logger.info(
    {
      requestId: exchange.id,
      method: request.method,
      path: exchange.sentPath,
      status,
      ms: Math.round(ms * 100) / 100,
    },
    'request',
  );
}

/** How much of a body nobody reads is drained after the answer before the connection is closed instead. */
export interface DrainLimit {
  bytes: number;
  ms: number;
}

/** Writes an answer, or lets it write itself (a live stream, a fault); an unread body is drained, then the connection closed. */
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
 * A lingering close (nginx's lingering_close): the socket half-closes and the rest of the body is read and
 * dropped (at most `drain.bytes`, `drain.ms`), so the client reads the answer instead of a reset (EPIPE).
 */
function drainThenClose(exchange: Exchange, drain: DrainLimit): void {
  const { request } = exchange;
  const { socket } = request;
  let received = 0;
  const cut = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  // The whole body read: close once the answer is flushed (destroy would drop what is buffered).
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
    if (received > drain.bytes) return cut();
    // A chunk a turn, in turn with the large bodies: a hundred refused bodies read at once held a health check.
    request.pause();
    void bodyTurns.next().then(() => request.resume());
  });
  request.once('end', () => {
    if (!socket.writable) close(); // else node's destroySoon comes, and closes
  });
  socket.once('close', () => clearTimeout(timer));
  request.resume();
}

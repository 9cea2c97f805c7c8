import { createServer, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { answerClientError, answerConnect } from './client-error.js';
import { createPipeline, type PipelineConfig } from './pipeline.js';

export interface RunningServer {
  server: Server;
  /** `http://host:port`, no trailing slash, no base path. */
  origin: string;
  /**
   * Stops accepting; answers in flight finish (and say `Connection: close`) for at most `graceMs`, then every
   * connection is closed. Resolves with how many requests were completed and how many were cut.
   */
  close(graceMs?: number): Promise<{ completed: number; cut: number }>;
}

/** Brackets an IPv6 literal for a URL. */
const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/**
 * Starts the pipeline on host:port (0 for a free port) and resolves once it listens.
 * @example const running = await listen(config, '127.0.0.1', 0); await running.close();
 */
export async function listen<State>(
  config: Omit<PipelineConfig<State>, 'fallbackHost' | 'closing' | 'answered'>,
  host: string,
  port: number,
): Promise<RunningServer> {
  let origin = `http://${urlHost(host)}:${port}`;
  let closing = false;
  let completedWhileClosing = 0;
  let cutWhileClosing = 0;
  // Answers not yet closed. Counted here rather than only on 'close', which for a connection destroyed at the
  // end of the grace can fire after the server's own close callback and so miss the tally.
  const inFlight = new Set<ServerResponse>();
  const tally = (response: ServerResponse) => {
    if (!inFlight.delete(response) || !closing) return;
    if (response.writableFinished) completedWhileClosing += 1;
    else cutWhileClosing += 1;
  };
  const watch = (response: ServerResponse) => response.once('close', () => tally(response));
  const listener = createPipeline({
    ...config,
    fallbackHost: () => origin.slice('http://'.length),
    closing: () => closing,
    answered: (response) => {
      if (response.writableEnded && !closing) inFlight.delete(response);
      else watch(response);
    },
  });
  const server = createServer(
    { requestTimeout: 60_000, headersTimeout: 30_000, keepAliveTimeout: 5_000 },
    (request, response) => {
      inFlight.add(response);
      listener(request, response);
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
        // Answers of connections destroyed at the end of the grace get their 'close' (and access log line) a
        // moment after the server's; wait for those briefly, then count whatever is left as cut.
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

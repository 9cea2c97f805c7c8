import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from './client-error.js';
import { createPipeline, type PipelineConfig } from './pipeline.js';

export interface RunningServer {
  server: Server;
  /** `http://host:port`, no trailing slash, no base path. */
  origin: string;
  /** Stops accepting, lets in-flight requests finish (at most `graceMs`), then closes every connection. */
  close(graceMs?: number): Promise<void>;
}

/** Brackets an IPv6 literal for a URL. */
const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** Starts the pipeline on host:port (0 for a free port) and resolves once it listens. */
export async function listen<State>(
  config: Omit<PipelineConfig<State>, 'fallbackHost'>,
  host: string,
  port: number,
): Promise<RunningServer> {
  let origin = `http://${urlHost(host)}:${port}`;
  const listener = createPipeline({ ...config, fallbackHost: () => origin.slice('http://'.length) });
  const server = createServer(
    { requestTimeout: 60_000, headersTimeout: 30_000, keepAliveTimeout: 5_000 },
    listener,
  );
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  origin = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;
  const close = (graceMs = 5_000) =>
    (closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      // Connections busy at close time become idle when their response ends: close them then, not at keep-alive timeout.
      const sweep = setInterval(() => server.closeIdleConnections(), 25);
      force.unref();
      sweep.unref();
      server.close(() => {
        clearTimeout(force);
        clearInterval(sweep);
        resolve();
      });
      server.closeIdleConnections();
    }));
  return { server, origin, close };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a test server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** performance-free arrival time (ms since the server started), for pacing checks. */
  at: number;
}

export interface TestServer {
  base: string;
  seen: SeenRequest[];
  /** The most requests that were open at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

/** Answers one request; may stream, delay or drop the connection. */
export type TestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  seen: SeenRequest,
) => void;

/**
 * A server on 127.0.0.1 and a free port that records every request and how many were open at once, answering
 * with `handler`: the misbehaving servers of the kit's staging tests are written with it.
 * @example const server = await startServer((req, res) => res.writeHead(502).end('<html>bad gateway</html>'));
 */
export async function startServer(handler: TestHandler): Promise<TestServer> {
  const started = Date.now();
  let inFlight = 0;
  const state: TestServer = { base: '', seen: [], maxInFlight: 0, close: () => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now() - started,
      };
      state.seen.push(seen);
      handler(req, res, seen.body, seen);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}

/** A JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

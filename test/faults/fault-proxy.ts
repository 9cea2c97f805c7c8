import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

/** A request on its way to the upstream server; a fault may change any part before forwarding it. */
export interface ProxiedRequest {
  method: string;
  /** Absolute URL on the upstream (path and query as the client sent them). */
  url: URL;
  /** Lower-case names; hop-by-hop headers already removed. */
  headers: Record<string, string>;
  /** Raw body text, '' when none. */
  body: string;
}

/** A response on its way back to the client; `body` (parsed JSON) wins over `text` when defined. */
export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
}

/** Sends a request to the upstream server and reads the whole answer. */
export type Forward = (request: ProxiedRequest) => Promise<ProxiedResponse>;

/** How the proxy answers one request: forward it as is, or change the request, the response or both. */
export type Handler = (request: ProxiedRequest, forward: Forward) => Promise<ProxiedResponse>;

export interface FaultProxy {
  /** Base URL of the proxy, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Replaces the handler; a fresh one per kit run, so a fault's state never leaks into the next run. */
  use(handler: Handler): void;
  /** Handler errors since the last `use` (a broken fault must not pass for a detected one). */
  errors: string[];
  /** Exchanges the handler changed (request or answer) since the last `use`: proof the fault was exercised. */
  touched: number;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export const passThrough: Handler = (req, forward) => forward(req);

function forwardTo(upstream: URL): Forward {
  return async (req) => {
    const target = new URL(req.url.pathname + req.url.search, upstream);
    const answer = await request(target, {
      method: req.method as 'GET',
      headers: req.headers,
      body: req.body === '' ? undefined : req.body,
    });
    const text = await answer.body.text();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = [value].flat().join(', ');
    }
    return upstreamResponse(answer.statusCode, headers, text);
  };
}

/** Upstream answers whose body no handler has read or replaced: `text` is still the whole answer. */
const untouched = new WeakSet<ProxiedResponse>();

/**
 * An upstream answer whose JSON body is parsed when a handler first reads it: most handlers change a few
 * operations, and the other answers pass through without being parsed, compared and serialised again.
 */
function upstreamResponse(status: number, headers: Record<string, string>, text: string): ProxiedResponse {
  let parsed: { value: unknown } | undefined;
  const response: ProxiedResponse = {
    status,
    headers,
    text,
    get body() {
      untouched.delete(response);
      parsed ??= { value: parseJson(text) };
      return parsed.value;
    },
    set body(value) {
      untouched.delete(response);
      parsed = { value };
    },
  };
  untouched.add(response);
  return response;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The bytes an answer is sent as: its text as it came while no handler read its body, else its body's JSON. */
function sentText(answer: ProxiedResponse): string {
  return untouched.has(answer) || answer.body === undefined ? answer.text : JSON.stringify(answer.body);
}

function send(res: ServerResponse, answer: ProxiedResponse, text: string): void {
  const payload = Buffer.from(text);
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(payload.length) });
  res.end(payload);
}

/**
 * An HTTP proxy in front of a real server whose answers a fault rewrites. Links the upstream builds point
 * back at the proxy (X-Forwarded-Host), so a kit following them stays behind the fault.
 * @example
 * const proxy = await startFaultProxy(mock.url);
 * proxy.use(async (req, forward) => ({ ...(await forward(req)), status: 500 }));
 */
export async function startFaultProxy(upstreamUrl: string): Promise<FaultProxy> {
  const upstream = new URL(upstreamUrl);
  const forward = forwardTo(upstream);
  let handler: Handler = passThrough;
  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = [value].flat().join(', ');
        }
        headers['x-forwarded-host'] = req.headers.host ?? '';
        const url = new URL(req.url ?? '/', upstream);
        const arrived = { method: req.method ?? 'GET', url, headers, body: await readBody(req) };
        const watch = watched(forward, arrived);
        const answer = await handler(arrived, watch.forward);
        const text = sentText(answer);
        if (watch.changed(answer, text)) proxy.touched++;
        send(res, answer, text);
      } catch (error) {
        proxy.errors.push(
          `${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`,
        );
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('fault proxy error');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    errors: [],
    touched: 0,
    use(next) {
      handler = next;
      proxy.errors = [];
      proxy.touched = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return proxy;
}

/** A request as it arrived, before a handler changes it in place. */
function fingerprint(req: ProxiedRequest): string {
  return JSON.stringify([req.method, req.url.href, req.headers, req.body]);
}

/**
 * Wraps `forward` to tell whether a handler changed anything: a request sent on differently from how it
 * arrived, or an answer other than the upstream's last one as it came back.
 */
function watched(forward: Forward, arrived: ProxiedRequest) {
  const original = fingerprint(arrived);
  let requestChanged = false;
  let upstream: { res: ProxiedResponse; status: number; type: string | undefined } | undefined;
  const watchedForward: Forward = async (req) => {
    if (fingerprint(req) !== original) requestChanged = true;
    const res = await forward(req);
    upstream = { res, status: res.status, type: res.headers['content-type'] };
    return res;
  };
  /** `text`: what the answer is sent as (sentText), so its body is serialised once. */
  const changed = (answer: ProxiedResponse, text: string): boolean => {
    if (requestChanged || upstream === undefined) return true;
    const { res, status, type } = upstream;
    if (answer.status !== status || answer.headers['content-type'] !== type) return true;
    if (text === res.text) return false;
    // Sent otherwise than it came: a change, unless the upstream's own JSON was spelt differently.
    const came = parseJson(res.text);
    return came === undefined || answer.body === undefined || JSON.stringify(came) !== text;
  };
  return { forward: watchedForward, changed };
}

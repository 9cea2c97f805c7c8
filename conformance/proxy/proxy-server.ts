import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { Agent } from 'undici';
import { redactText } from '../secrets.js';
import type { ExchangeLog } from './exchange-log.js';
import type { HarWriter } from './har.js';
import type { Judge, JudgeSettings } from './judge.js';
import { judgingThread } from './judging-thread.js';
import { livePage } from './live-page.js';
import type { Recorded } from './recorded-exchange.js';
import { EXCHANGES_PATH, VIOLATIONS_PATH } from './routes.js';

export interface ProxyOptions {
  /** Without credentials: those are in `headers` already (as Basic auth). */
  upstream: URL;
  /** Sent to the upstream on every request, over what the client sent; redacted everywhere. */
  headers: ReadonlyArray<readonly [string, string]>;
  port: number;
  host: string;
  /** Bodies held for judging at most; a bigger body still streams through, unjudged (robustness.body-size). */
  maxBodyBytes: number;
  timeoutMs: number;
  judge: Judge;
  /** The judge's settings, for a judging thread of its own. */
  judgeSettings: JudgeSettings;
  log: ExchangeLog;
  /** Values redacted wherever they appear (configured headers, URL credentials). */
  secretValues: readonly string[];
  secretHeaders: readonly string[];
  har?: HarWriter;
}

export interface RunningProxy {
  url: string;
  /** Judging still under way (off the response path); `settled()` waits for it. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Exchanges (each with bodies up to --max-body-bytes) waiting for their verdict at most. */
export const MAX_WAITING = 64;

/** Hop-by-hop headers (RFC 9110 § 7.6.1) and Host: the proxy's own, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
]);

/**
 * `subcat proxy`: forwards every request to the upstream as sent (method, path under the upstream's path, the
 * query byte for byte, headers, body) and streams the answer back as it comes; a copy of each body, up to
 * `maxBodyBytes`, is judged after the client has its answer.
 * @example const proxy = await startProxy({ upstream: new URL('http://127.0.0.1:4010'), ... });
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const agent = new Agent({
    connect: { timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const pending = new Set<Promise<void>>();
  let seq = 0;
  const basePath = options.upstream.pathname.replace(/\/+$/, '');

  const judging = judgingThread(options.judge, {
    ...options.judgeSettings,
    basePath,
    maxBodyBytes: options.maxBodyBytes,
    ...(options.har === undefined
      ? {}
      : { har: { secretHeaders: options.secretHeaders, secretValues: options.secretValues } }),
  });
  const judgeLater = (recorded: Recorded) => {
    // Bounded like the kit: when judging falls this far behind, an exchange is counted, not held.
    if (pending.size >= MAX_WAITING) {
      options.log.unjudged++;
      return;
    }
    const done = judging.submit(recorded, ++seq).then(
      (judged) => {
        options.log.add(judged.exchange, judged, (text) =>
          redactText(text, [...options.secretValues, ...judged.secrets]),
        );
        if (judged.harEntry !== undefined) options.har?.addEntry(judged.harEntry);
      },
      () => undefined,
    );
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const settled = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) return sendPage(res, options);
    // The judgements still under way are awaited: an answer the client already has is in the list.
    if (path === VIOLATIONS_PATH) return void settled().then(() => violations(req, res, options.log));
    if (path === EXCHANGES_PATH)
      return void settled().then(() => sendJson(res, 200, { data: options.log.exchanges }));
    forward(req, res, options, agent, basePath, judgeLater);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    settled,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await settled();
      await judging.close();
      await agent.close();
    },
  };
}

/** Collects a stream's chunks up to `cap` bytes; past it, the copy is dropped (the stream itself flows on). */
function holder(cap: number) {
  let chunks: Buffer[] | undefined = [];
  let bytes = 0;
  return {
    add(chunk: Buffer) {
      bytes += chunk.length;
      if (chunks !== undefined && bytes <= cap) chunks.push(chunk);
      else chunks = undefined;
    },
    get chunks() {
      return chunks;
    },
    get bytes() {
      return bytes;
    },
  };
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  options: ProxyOptions,
  agent: Agent,
  basePath: string,
  judgeLater: (recorded: Recorded) => void,
): void {
  const startedAt = new Date();
  const started = performance.now();
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = (req.rawHeaders[i] as string).toLowerCase();
    const value = req.rawHeaders[i + 1] as string;
    if (HOP_BY_HOP.has(name)) continue;
    const known = headers[name];
    headers[name] = known === undefined ? value : [known, value].flat();
  }
  // Where the client reached the server: a server that trusts it builds its links back through the proxy.
  headers['x-forwarded-host'] ??= req.headers.host ?? '';
  headers['x-forwarded-proto'] ??= 'http';
  for (const [name, value] of options.headers) headers[name.toLowerCase()] = value;
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  const requestCopy = holder(options.maxBodyBytes);
  let body: PassThrough | undefined;
  if (hasBody) {
    body = new PassThrough();
    req.on('data', (chunk: Buffer) => requestCopy.add(chunk));
    req.pipe(body);
  }
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const target = `${basePath}${req.url ?? '/'}`;
  agent
    .request({
      origin: options.upstream.origin,
      path: target,
      method: req.method ?? 'GET',
      headers,
      body: body ?? null,
      signal: abort.signal,
    })
    .then(
      (answer) => {
        const responseHeaders: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) responseHeaders[name] = value;
        }
        res.writeHead(answer.statusCode, responseHeaders);
        const responseCopy = holder(options.maxBodyBytes);
        answer.body.on('data', (chunk: Buffer) => responseCopy.add(chunk));
        answer.body.on('error', () => res.destroy());
        answer.body.pipe(res);
        res.on('finish', () => {
          judgeLater({
            method: (req.method ?? 'GET').toUpperCase(),
            url: `${options.upstream.origin}${target}`,
            requestHeaders: flatten(headers),
            requestBody: requestCopy.chunks === undefined ? undefined : Buffer.concat(requestCopy.chunks),
            hadRequestBody: hasBody,
            status: answer.statusCode,
            responseHeaders: flatten(responseHeaders),
            responseBody: responseCopy.chunks === undefined ? undefined : Buffer.concat(responseCopy.chunks),
            responseBytes: responseCopy.bytes,
            ms: Math.round((performance.now() - started) * 10) / 10,
            startedAt: startedAt.toISOString(),
          });
        });
      },
      (error: unknown) => {
        if (res.headersSent) return void res.destroy();
        const detail = error instanceof Error ? error.message : String(error);
        // No answer to pass on: the client learns why, in the API's error shape.
        sendJson(res, 502, {
          errors: [
            {
              status: '502',
              title: 'Bad Gateway',
              detail: `subcat proxy: the upstream did not answer (${detail})`,
            },
          ],
        });
      },
    );
}

function flatten(headers: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  );
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

function violations(req: IncomingMessage, res: ServerResponse, log: ExchangeLog): void {
  if (req.method === 'DELETE') {
    log.clear();
    res.writeHead(204).end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD, DELETE');
    sendJson(res, 405, {
      errors: [
        { status: '405', title: 'Method Not Allowed', detail: `${req.method ?? ''} is not GET or DELETE` },
      ],
    });
    return;
  }
  sendJson(res, 200, {
    data: log.violations,
    meta: {
      exchanges: log.count,
      unjudged: log.unjudged,
      violations: log.violations.length + log.dropped,
      listed: log.violations.length,
    },
  });
}

function sendPage(res: ServerResponse, options: ProxyOptions): void {
  const html = livePage(options.upstream.href.replace(/\/$/, ''));
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'",
  });
  res.end(html);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server the kit bench runs against, and how to stop it. */
export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * A proxy that holds every request `delayMs` before forwarding it: the mock as if it were that far away.
 * Links in answers name the proxy (X-Forwarded-Host), so followed links keep the delay.
 */
export async function startDelayingProxy(upstream: string, delayMs: number): Promise<BenchServer> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      setTimeout(() => {
        const forward = request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: target.host, 'x-forwarded-host': req.headers.host ?? '' },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.on('error', () => res.writeHead(502).end());
        forward.end(Buffer.concat(chunks));
      }, delayMs);
    });
  });
  const url = await listen(server);
  return { url, close: () => closeServer(server) };
}

/** Answers every operation with a JSON list of `megabytes` MB, streamed, without a length. */
export async function startHugeBodyServer(megabytes: number): Promise<BenchServer> {
  const record = Buffer.from(
    `${JSON.stringify({ id: 'x', type: 'subscription', attributes: { pad: 'y'.repeat(65536) } })},`,
  );
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/') return void res.end('{}');
    let sent = 0;
    res.write('{"data":[');
    const pump = () => {
      while (sent < megabytes * 1024 * 1024 && !res.destroyed) {
        sent += record.length;
        if (!res.write(record)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('{}]}');
    };
    pump();
  });
  const url = await listen(server);
  return { url, close: () => closeServer(server) };
}

/** Prism's dynamic mock of the spec (`prism mock -d`), in its own process; ready when it answers. */
export async function startPrismDynamic(
  prism: string,
  spec: string,
  port: number,
  timeoutMs: number,
): Promise<BenchServer> {
  const child: ChildProcess = spawn(prism, ['mock', '-d', '-h', '127.0.0.1', '-p', String(port), spec], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8192));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited: ${output}`);
    // Prism says when it listens; a list request would make it generate a multi-megabyte body first.
    if (output.includes('Prism is listening') || (await answers(url))) return { url, close: stop };
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`prism did not answer within ${timeoutMs} ms: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(`${url}/`, { timeout: 5000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { BenchServer, NodeRun } from './probes/probe.js';

/** A server running in its own child process, so it never shares an event loop with the load generator. */
export interface ServerProcess extends BenchServer {
  /** The tail of what the child wrote, for error messages. */
  output(): string;
}

export interface ServerSpec {
  name: string;
  /** argv after `node`: the script and its arguments. */
  args: string[];
  port: number;
  cwd: string;
  /** Any path: any HTTP answer on it means the server is up. */
  readyPath: string;
  timeoutMs: number;
}

const OUTPUT_TAIL = 16 * 1024;
const POLL_MS = 20;

/** Every child this process started and has not stopped yet: exactly these are killed on exit or SIGINT. */
const running = new Set<ServerProcess>();

/** A port that was free a moment ago on 127.0.0.1 (bound to 0 and released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no port'))));
    });
  });
}

function answers(port: number, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close' }, timeout: 1000 },
      (res) => {
        res.resume();
        resolve(true);
      },
    );
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

async function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (!(await waitForExit(child, 3000))) {
    child.kill('SIGKILL');
    await waitForExit(child, 3000);
  }
}

/** Spawns `node ...args` and resolves once it listens; rejects (and kills it) if it exits or times out first. */
export async function startServer(spec: ServerSpec): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, spec.args, { cwd: spec.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  // Stamped when the line arrives, not when the poll loop next looks.
  let listeningAt: number | undefined;
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
    if (listeningAt === undefined && /listening on/i.test(tail)) listeningAt = performance.now();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const server: ServerProcess = {
    name: spec.name,
    pid: child.pid ?? -1,
    baseUrl: `http://127.0.0.1:${spec.port}`,
    startupMs: Number.NaN,
    output: () => tail,
    stop: async () => {
      running.delete(server);
      await stopChild(child);
    },
  };
  running.add(server);

  const deadline = started + spec.timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(server);
      throw new Error(
        `${spec.name} exited (${child.exitCode ?? child.signalCode}) before listening:\n${tail}`,
      );
    }
    const answered = listeningAt === undefined && (await answers(spec.port, spec.readyPath));
    if (listeningAt !== undefined || answered) {
      server.startupMs = (listeningAt ?? performance.now()) - started;
      return server;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await server.stop();
  throw new Error(`${spec.name} did not listen within ${spec.timeoutMs} ms:\n${tail}`);
}

/** Stops every child this process started (and only those). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

/** Runs `node ...args` to its exit, keeping stdout and the tail of stderr; killed after `timeoutMs`. */
export async function runNode(args: readonly string[], cwd: string, timeoutMs: number): Promise<NodeRun> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on(
    'data',
    (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-OUTPUT_TAIL)),
  );
  const exitCode = await new Promise<number | null>((resolve) => {
    child.on('error', (error) => (stderr += `\n${error.message}`));
    child.on('close', (code) => resolve(code));
  });
  return { exitCode, durationMs: performance.now() - started, stdout, stderr };
}

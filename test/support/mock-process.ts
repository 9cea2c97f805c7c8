import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../../src/package-root.js';

/** scripts/build-if-stale.mjs: run it before spawning, so dist/ holds the sources under test. */
export const BUILD_IF_STALE = join(packageRoot(), 'scripts', 'build-if-stale.mjs');
const CLI = join(packageRoot(), 'dist', 'src', 'cli.js');
const READY = /^listening on (\S+)$/m;

/** How a spawned mock ended, with everything it printed. */
export interface MockExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `node dist/src/cli.js mock ...` in its own process, as `npm start` runs it. */
export interface SpawnedMock {
  child: ChildProcess;
  exited: Promise<MockExit>;
}

export interface ListeningMock extends SpawnedMock {
  /** The address it printed, e.g. `http://127.0.0.1:40123`. */
  url: string;
}

/** Spawns the built CLI's mock with `args` (after `mock`), its output kept. */
export function spawnMock(args: readonly string[]): SpawnedMock {
  const child = spawn(process.execPath, [CLI, 'mock', ...args], {
    cwd: packageRoot(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<MockExit>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exited };
}

/**
 * Spawns `subcat mock --port 0 --log-level silent ...flags` and resolves once it prints where it listens;
 * rejects with what it wrote when it exits first, or is killed after `timeoutMs`.
 * @example const mock = await startMockProcess(['--state-file', file]); await stopMockProcess(mock);
 */
export function startMockProcess(flags: readonly string[], timeoutMs = 30_000): Promise<ListeningMock> {
  const spawned = spawnMock(['--port', '0', '--host', '127.0.0.1', '--log-level', 'silent', ...flags]);
  return new Promise((resolve, reject) => {
    let printed = '';
    const timer = setTimeout(() => {
      spawned.child.kill('SIGKILL');
      reject(new Error(`subcat mock did not listen within ${timeoutMs} ms: ${printed}`));
    }, timeoutMs);
    spawned.child.stdout?.on('data', (text: string) => {
      printed += text;
      const url = READY.exec(printed)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ ...spawned, url });
    });
    void spawned.exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`subcat mock exited (${exit.code ?? exit.signal}) before listening: ${exit.stderr}`));
    });
  });
}

/** Sends SIGTERM to a mock this test started (when still running) and resolves with how it exited. */
export async function stopMockProcess(running: SpawnedMock | undefined): Promise<MockExit | undefined> {
  if (running === undefined) return undefined;
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGTERM');
  return running.exited;
}

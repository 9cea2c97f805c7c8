import { execFile, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '../../src/package-root.js';

/** How a shell run ended, with what it printed. */
export interface ShellResult {
  exit: number | null;
  stdout: string;
  stderr: string;
}

/** A shell command still running in its own process group (a mock, a proxy). */
export interface RunningShell {
  /** Resolves with the output so far once `pattern` appears in stdout or stderr; rejects if it exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  output(): ShellResult;
  /** SIGTERM to its whole process group (npm, sh, node), then its result. */
  stop(): Promise<ShellResult>;
  ended: Promise<ShellResult>;
}

/** This process's environment without what vitest adds to it (Vite's BASE_URL would be the scripts' BASE_URL). */
function readerEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'VITEST', 'TEST']) delete env[name];
  return env;
}

/**
 * `bash -c script` in its own process group: what it leaves running in the background is stopped with it.
 * @example const mock = startShell('npm start -- --port 40123', { cwd }); await mock.waitFor(/listening/);
 */
export function startShell(script: string, options: { cwd: string; env?: NodeJS.ProcessEnv }): RunningShell {
  const child = spawn('bash', ['-c', script], {
    cwd: options.cwd,
    env: { ...readerEnv(), NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const result: ShellResult = { exit: null, stdout: '', stderr: '' };
  const listeners = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    result.stdout += text;
    listeners.forEach((listener) => listener());
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    result.stderr += text;
    listeners.forEach((listener) => listener());
  });
  let running = true;
  const ended = new Promise<ShellResult>((resolve) =>
    child.once('close', (code, signal) => {
      running = false;
      result.exit = code ?? (signal === null ? null : 128);
      listeners.forEach((listener) => listener());
      resolve(result);
    }),
  );
  const killGroup = () => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // the group is gone already
    }
  };
  return {
    ended,
    output: () => result,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const text = result.stdout + result.stderr;
          if (pattern.test(text)) done(() => resolve(text));
          else if (!running)
            done(() => reject(new Error(`exited ${result.exit} before ${pattern}: ${text}`)));
        };
        const timer = setTimeout(
          () =>
            done(() =>
              reject(new Error(`no ${pattern} within ${timeoutMs} ms: ${result.stdout}${result.stderr}`)),
            ),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      killGroup();
      const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await ended;
      clearTimeout(timer);
      killGroup(); // what the shell left behind
      return result;
    },
  };
}

/** `bash -c script` to its end (killed with its group after `timeoutMs`). */
export async function runShell(
  script: string,
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<ShellResult> {
  const shell = startShell(script, options);
  const timer = setTimeout(() => void shell.stop(), options.timeoutMs ?? 60_000);
  const result = await shell.ended;
  clearTimeout(timer);
  await shell.stop(); // anything it started in the background goes too
  return result;
}

/** A port nothing listens on now (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/**
 * A folder laid out as a clone of this checkout after `npm ci` and a build (its package.json, and links to
 * its scripts, dist, node_modules), where the README's commands run as a reader's would, writing their files
 * (state files, reports) there; its `bin` holds `subcat`, as an install puts it on PATH.
 */
export function recipeProject(): { cwd: string; env: NodeJS.ProcessEnv } {
  const root = packageRoot();
  const dir = mkdtempSync(join(tmpdir(), 'subcat-readme-'));
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  for (const name of ['scripts', 'dist', 'node_modules'])
    symlinkSync(join(root, name), join(dir, name), 'dir');
  mkdirSync(join(dir, 'bin'));
  const bin = join(dir, 'bin', 'subcat');
  writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'dist', 'src', 'cli.js')}" "$@"\n`);
  chmodSync(bin, 0o755);
  return { cwd: dir, env: { PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}` } };
}

/** `node ...args` to its end (a test runner running a recipe): its exit code and everything it printed. */
export function runNodeScript(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ exit: number; output: string }> {
  return promisify(execFile)(process.execPath, [...args], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
  }).then(
    ({ stdout }) => ({ exit: 0, output: stdout }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      exit: error.code ?? 1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );
}

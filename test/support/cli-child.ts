import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../../src/package-root.js';
import { BUILD_IF_STALE } from './mock-process.js';

/** `subcat mock` in a process of its own: for what needs a real signal, a real exit code and its real log. */
export interface CliChild {
  /** The address it printed, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Everything it printed on stdout so far: the banner, then pino's JSON lines. */
  stdout(): string;
  stderr(): string;
  /** The exit code, or the signal's name when a signal ended it. */
  exited: Promise<number | string>;
  signal(name: NodeJS.Signals): void;
}

// The built CLI (dist/, rebuilt first when a source is newer), as `npm start` runs it: vite's module runner
// would transform the whole source tree again in every child.
const CLI = join(packageRoot(), 'dist', 'src', 'cli.js');

const READY = /^listening on (\S+)$/m;

/**
 * Starts `subcat mock --port 0 ...flags` as a child process and resolves once it listens; rejects with its
 * output when it exits first.
 * @example const mock = await startCliChild(['--log-level', 'info']); mock.signal('SIGTERM'); await mock.exited;
 */
export function startCliChild(flags: readonly string[], timeoutMs = 30_000): Promise<CliChild> {
  execFileSync(process.execPath, [BUILD_IF_STALE]);
  const child = spawn(process.execPath, [CLI, 'mock', '--port', '0', ...flags], {
    cwd: packageRoot(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (err += text));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`subcat mock did not listen within ${timeoutMs} ms: ${out}${err}`));
    }, timeoutMs);
    const onData = () => {
      const url = READY.exec(out)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve({ url, stdout: () => out, stderr: () => err, exited, signal: (name) => void child.kill(name) });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`subcat mock ${flags.join(' ')} exited (${code}) before listening: ${out}${err}`));
    });
  });
}

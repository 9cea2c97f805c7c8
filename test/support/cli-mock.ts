import { expect } from 'vitest';
import { main, type CliIo } from '../../src/cli.js';

/** `subcat mock` run in this process, as the command line runs it: its flags parsed, its output kept. */
export interface CliMock {
  /** The address it printed, e.g. `http://127.0.0.1:40123`. */
  url: string;
  out: () => string;
  err: () => string;
  /** Sends it the shutdown a SIGTERM would; resolves with its exit code. */
  stop(): Promise<number>;
}

const READY = /^listening on (\S+)$/m;

/**
 * Starts `subcat mock --port 0 --log-level silent ...flags` through the CLI's own `main()`, so a flag is tested
 * as a user types it (parsing, checks, the options it sets) without building or spawning anything.
 * @example const cli = await cliMock(['--delay', '100-300']); ...; await cli.stop();
 */
export async function cliMock(flags: readonly string[]): Promise<CliMock> {
  let out = '';
  let err = '';
  let shutdown: (signal: string) => void = () => undefined;
  let printed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (printed = resolve));
  const io: CliIo = {
    out: (text) => {
      out += text;
      if (READY.test(out)) printed();
    },
    err: (text) => {
      err += text;
    },
    shutdown: () => new Promise((resolve) => (shutdown = resolve)),
  };
  const exit = main(['mock', '--port', '0', '--log-level', 'silent', ...flags], io);
  const code = await Promise.race([ready.then(() => undefined), exit]);
  if (code !== undefined) expect.fail(`subcat mock ${flags.join(' ')} exited ${code}: ${err}`);
  return {
    url: READY.exec(out)?.[1] ?? '',
    out: () => out,
    err: () => err,
    stop: () => {
      shutdown('SIGTERM');
      return exit;
    },
  };
}

/** `subcat mock --port 0 --log-level silent ...args` through main(), stopped as soon as it starts: its exit code and output. */
export async function cliMockExit(
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const seen = { stdout: '', stderr: '' };
  const io: CliIo = {
    out: (text) => (seen.stdout += text),
    err: (text) => (seen.stderr += text),
    shutdown: () => Promise.resolve('SIGTERM'),
  };
  const code = await main(['mock', '--port', '0', '--log-level', 'silent', ...args], io);
  return { code, ...seen };
}

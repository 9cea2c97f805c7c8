import { main } from '../../conformance/proxy/proxy-cli.js';

/** A `subcat proxy` run in process, stopped as SIGTERM would stop it. */
export interface ProxyRun {
  url: string;
  out: string[];
  /** Ends the run (as on SIGTERM) and resolves with its exit code once the reports are written. */
  stop(): Promise<number>;
}

/**
 * Starts `subcat proxy` through its CLI entry on a free port; `args` follow `--upstream`.
 * @example const proxy = await startProxyRun(mock.url, ['--report', `json=${file}`]);
 */
export async function startProxyRun(upstream: string, args: readonly string[] = []): Promise<ProxyRun> {
  const out: string[] = [];
  const err: string[] = [];
  let stopNow: (signal: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => (stopNow = resolve));
  let listening: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const exit = main(['--upstream', upstream, '--port', '0', ...args], {
    stdout: (text) => {
      out.push(text);
      const found = /subcat proxy on (\S+)/.exec(text)?.[1];
      if (found !== undefined) listening(found);
    },
    stderr: (text) => err.push(text),
    shutdown: () => stopped,
  });
  const first = await Promise.race([url, exit.then((code) => `exit ${code}: ${err.join('')}`)]);
  if (!first.startsWith('http')) throw new Error(`subcat proxy did not start (${first})`);
  return {
    url: first,
    out,
    stop: () => {
      stopNow('SIGTERM');
      return exit;
    },
  };
}

import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { CheckRun } from './bench-results.js';

const SUMMARY_LINES = 6;

/** Times `node cli.js check --base-url URL` to its exit; a kit that cannot run is recorded, not thrown. */
export async function runCheck(
  cliPath: string,
  baseUrl: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<CheckRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [cliPath, 'check', '--base-url', baseUrl], {
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
    signal,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-64 * 1024);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exitCode = await new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      output += `\n${error.message}`;
    });
    child.on('close', (code) => resolve(code));
  });
  // eslint-disable-next-line no-control-regex -- the kit may colour its output
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '').trimEnd();
  return {
    durationMs: Math.round(performance.now() - started),
    exitCode,
    summary: plain.split('\n').slice(-SUMMARY_LINES).join('\n'),
  };
}

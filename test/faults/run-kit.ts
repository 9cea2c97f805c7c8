import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { main } from '../../conformance/cli.js';

/** The parts of the kit's JSON report these tests read. */
export interface KitReport {
  summary: { passed: number; failed: number; warned: number; skipped: number };
  results: Array<{ check: string; outcome: string; message: string }>;
}

export interface KitRun {
  code: number;
  report: KitReport | undefined;
  stdout: string;
  stderr: string;
}

// The mock lists a write at once, so a short polling window still gives `eventually` several tries before a
// lost write is reported; the 5 s default would make each lifecycle fault wait 5-10 s for nothing.
const CONSISTENCY_MS = ['--consistency-ms', '400'];

/** Runs `subcat check` in process (console output captured, not printed) and reads its JSON report. */
export async function runKit(baseUrl: string, args: readonly string[] = []): Promise<KitRun> {
  const window = args.includes('--consistency-ms') ? [] : CONSISTENCY_MS;
  const dir = await mkdtemp(join(tmpdir(), 'subcat-faults-'));
  const file = join(dir, 'kit.json');
  let stdout = '';
  let stderr = '';
  try {
    const code = await main(
      ['--base-url', baseUrl, '--seed', '1', '--report', `json=${file}`, ...window, ...args],
      {
        stdout: (text) => (stdout += text),
        stderr: (text) => (stderr += text),
        signals: new EventEmitter(),
      },
    );
    const report = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as KitReport,
      () => undefined,
    );
    return { code, report, stdout, stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Check ids with the given outcome, e.g. `checksWith(run, 'failed')`. */
export function checksWith(run: KitRun, outcome: string): string[] {
  return (run.report?.results ?? []).filter((result) => result.outcome === outcome).map((r) => r.check);
}

/** One line per failed or warned check with its message: what an assertion prints when it does not hold. */
export function describeRun(run: KitRun): string {
  const lines = (run.report?.results ?? [])
    .filter((result) => ['failed', 'warned', 'inconclusive'].includes(result.outcome))
    .map((result) => `  ${result.outcome} ${result.check}: ${result.message}`);
  return [`exit ${run.code}`, ...lines, run.stderr.trim()].filter((line) => line !== '').join('\n');
}

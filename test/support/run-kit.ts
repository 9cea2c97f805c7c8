import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { EventEmitter } from 'node:events';
import { main, type SignalSource } from '../../conformance/cli.js';

export interface KitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the kit in process, keeping what it prints; `signals` stands for the process's SIGINT and SIGTERM. */
export async function runKit(args: string[], signals: SignalSource = new EventEmitter()): Promise<KitRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    signals,
  });
  return { code, stdout, stderr };
}

export interface JsonReport {
  summary: Record<string, number>;
  run: {
    baseUrl: string;
    aborted?: string;
    outcome?: string;
    outcomeReason?: string;
    cancelledBy?: string;
    client?: Record<string, number>;
  };
  fixed?: Array<{ check: string; rule: string; where: string }>;
  results: Array<{
    check: string;
    outcome: string;
    message?: string;
    failures: Array<{
      curl?: string;
      source: string;
      rule: string;
      message: string;
      cites: string;
      schemaErrors?: Array<{ message: string; keyword: string; instancePath: string }>;
      schemaErrorCount?: number;
      known?: boolean;
    }>;
  }>;
}

/** The three report files of a run, written into `dir`. */
export const reportArgs = (dir: string) => [
  '--report',
  `json=${join(dir, 'kit.json')}`,
  '--report',
  `junit=${join(dir, 'kit.xml')}`,
  '--report',
  `html=${join(dir, 'kit.html')}`,
  '--report',
  `markdown=${join(dir, 'kit.md')}`,
];

/** Every report file of a run and the console, as one text: to search for what must never be there. */
export async function everythingWritten(dir: string, run: KitRun): Promise<string> {
  const files = await Promise.all(
    ['kit.json', 'kit.xml', 'kit.html', 'kit.md'].map((file) => readFile(join(dir, file), 'utf8')),
  );
  return [...files, run.stdout, run.stderr].join('\n');
}

export const jsonReport = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'kit.json'), 'utf8')) as JsonReport;

/** A temporary folder for a test file's reports, made before its tests and removed after; `use` receives it. */
export function useReportDir(prefix: string, use: (dir: string) => void): void {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    use(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main } from '../../conformance/cli.js';

export interface KitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the kit in process, keeping what it prints. */
export async function runKit(args: string[]): Promise<KitRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

export interface JsonReport {
  summary: Record<string, number>;
  results: Array<{
    check: string;
    outcome: string;
    message?: string;
    failures: Array<{ curl?: string; source: string }>;
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
];

export const jsonReport = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'kit.json'), 'utf8')) as JsonReport;

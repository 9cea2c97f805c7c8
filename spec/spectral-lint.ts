// The repo's one way to lint an OpenAPI document with Spectral and its ruleset (.spectral.yaml), for the spec tests.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '../src/package-root.js';

export interface SpectralResult {
  code: string;
  message: string;
  severity: number;
  path: string[];
}

const root = packageRoot();
const spectralCli = join(root, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');

/** Runs the Spectral CLI with the repo's ruleset; exit code 1 only means "errors found", so stdout is read either way. */
export async function spectralLint(file: string): Promise<SpectralResult[]> {
  const args = [
    spectralCli,
    'lint',
    file,
    '--ruleset',
    join(root, '.spectral.yaml'),
    '-f',
    'json',
    '--quiet',
  ];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout?.trim().startsWith('[')) throw new Error(`spectral failed: ${error.stderr ?? ''}`);
      return { stdout: error.stdout };
    },
  );
  return JSON.parse(stdout) as SpectralResult[];
}

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

// The repository as a git dependency (`npm install git+file://...`): npm clones it, installs its dev
// dependencies, runs `prepare`, packs and installs the result. About 3 minutes on the 2-core machine (every dev
// dependency is installed into the clone), so it is left out of npm test and runs with `npm run test:git-install`; it installs the last
// commit of this checkout, not uncommitted changes.
const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let project = '';

describe('the repository installed as a git dependency', () => {
  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'subcat-git-'));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', type: 'module', private: true }),
    );
    await run(npm, ['install', `git+file://${packageRoot()}`, '--no-audit', '--no-fund'], { cwd: project });
  }, 600_000);

  afterAll(() => {
    if (project !== '') rmSync(project, { recursive: true, force: true });
  });

  it('is built, declarations included', () => {
    for (const file of [
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/cli.js',
      'dist/spec/openapi.json',
    ])
      expect(existsSync(join(project, 'node_modules', 'subcat', file)), file).toBe(true);
  });

  it('imports and resolves the spec by its exported path', async () => {
    const script =
      "const { startMock } = await import('subcat'); console.log(typeof startMock, import.meta.resolve('subcat/spec/openapi.yaml').endsWith('/node_modules/subcat/spec/openapi.yaml'))";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(stdout.trim()).toBe('function true');
  });

  it('runs `npx subcat --help`', async () => {
    const { stdout } = await run('npx', ['subcat', '--help'], { cwd: project });
    expect(stdout).toMatch(/^Usage: subcat <command>/);
  });
});

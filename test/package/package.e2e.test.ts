import { execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

// The package as a user gets it: packed from this checkout, installed into an empty project from the tarball
// alone (its dependencies from the registry or npm's cache), its commands run and its exports imported and
// type-checked strictly. A missing file, a dangling `bin` or an export that is not shipped fails here.
const run = promisify(execFile);
const root = packageRoot();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let project = '';
let stage = '';
let files: string[] = [];

/** Bytes and package count of an installed node_modules. */
function footprint(folder: string): { bytes: number; packages: number } {
  let bytes = 0;
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) bytes += statSync(full).size;
    }
  };
  walk(folder);
  const packages = readdirSync(folder).flatMap((name) =>
    name.startsWith('.') ? [] : name.startsWith('@') ? readdirSync(join(folder, name)) : [name],
  ).length;
  return { bytes, packages };
}

/** What the build and the pack read, copied: the build then writes its own dist/, not the one other files run. */
const COPIED = (name: string) => !['node_modules', 'dist', 'reports', '.git'].includes(name);

/**
 * The checkout copied with its node_modules linked: the build below writes there, not into the dist/ that other
 * test files run the CLI from at the same time (one of them imported a module the build was rewriting).
 */
function stagedCopy(): string {
  const stage = mkdtempSync(join(tmpdir(), 'subcat-stage-'));
  for (const name of readdirSync(root).filter(COPIED))
    cpSync(join(root, name), join(stage, name), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(stage, 'node_modules'), 'dir');
  return stage;
}

beforeAll(async () => {
  stage = stagedCopy();
  // The full build, as `prepack` runs it (the quick build of npm start writes no declarations).
  await run(npm, ['run', 'build', '--silent'], { cwd: stage });
  project = mkdtempSync(join(tmpdir(), 'subcat-package-'));
  const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', project], {
    cwd: stage,
  });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (packed === undefined) throw new Error('npm pack said nothing');
  files = packed.files.map((file) => file.path);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', type: 'module', private: true }),
  );
  await run(npm, ['install', join(project, packed.filename), '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: project,
  });
}, 180_000);

afterAll(() => {
  if (project !== '') rmSync(project, { recursive: true, force: true });
  if (stage !== '') rmSync(stage, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('ships the built code, the spec, the fixtures, the contract, README and LICENSE, and nothing of the workshop', () => {
    for (const needed of [
      'dist/src/cli.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/conformance/cli.js',
      'dist/spec/openapi.json',
      'spec/openapi.yaml',
      'spec/admin.openapi.yaml',
      'fixtures/ids.json',
      'contract/interface.md',
      'contract/decisions.md',
      'README.md',
      'LICENSE',
      'src/inspector/inspector.html',
    ])
      expect(files, needed).toContain(needed);
    const workshop = files.filter((file) =>
      /\.test\.|\.map$|^bench\/|^test\/|^\.ci\/|\.log$|\.ts$(?<!\.d\.ts$)/.test(file),
    );
    expect(workshop).toEqual([]);
  });

  it('installs small: the Prism mocker is an optional peer, not a dependency', () => {
    const installed = footprint(join(project, 'node_modules'));
    console.log(
      `installed from the tarball: ${installed.packages} packages, ${(installed.bytes / 1e6).toFixed(1)} MB`,
    );
    expect(installed.packages).toBeLessThan(40);
    expect(installed.bytes).toBeLessThan(40e6);
    expect(existsSync(join(project, 'node_modules', '@stoplight', 'prism-http'))).toBe(false);
  });

  it.each(['mock', 'check'])('runs `npx subcat %s --help`', async (command) => {
    const { stdout } = await run('npx', ['subcat', command, '--help'], { cwd: project });
    expect(stdout).toMatch(new RegExp(`^Usage: subcat ${command}`));
  });

  it('resolves the spec documents by their exported paths', async () => {
    const script = [
      "for (const name of ['openapi', 'admin.openapi', 'vendor.openapi'])",
      "  console.log(new URL(import.meta.resolve(`subcat/spec/${name}.yaml`)).pathname.split('/node_modules/')[1]);",
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(stdout.trim().split('\n')).toEqual([
      'subcat/spec/openapi.yaml',
      'subcat/spec/admin.openapi.yaml',
      'subcat/spec/vendor.openapi.yaml',
    ]);
  });

  it('stops the mock when what started it stops (`npx subcat mock & kill $!` frees the port)', async () => {
    const npx = spawn('npx', ['subcat', 'mock', '--port', '0', '--log-level', 'warn'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address in 30 s: ${printed}`)), 30_000);
      npx.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const found = /listening on (\S+)/.exec(printed)?.[1];
        if (found !== undefined) {
          clearTimeout(timer);
          resolve(found);
        }
      });
    });
    expect((await fetch(`${url}/__health`)).status).toBe(200);
    npx.kill('SIGTERM');
    let listening = true;
    for (let tries = 0; tries < 50 && listening; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listening = await fetch(`${url}/__health`).then(
        () => true,
        () => false,
      );
    }
    expect(listening).toBe(false);
  });

  it('imports every export and serves the seeded data from the installed copy', async () => {
    const script = [
      "import { startMock } from 'subcat';",
      "import { spec } from 'subcat/spec';",
      "import { ids } from 'subcat/fixtures';",
      "await import('subcat/types');",
      "const mock = await startMock({ port: 0, logLevel: 'silent' });",
      'const answer = await fetch(`${mock.url}/subscriptions/subscriptions?filter=eq(account_id,${ids.subscriptions.account_id})`);',
      'const body = await answer.json();',
      'console.log(JSON.stringify({ status: answer.status, paths: Object.keys(spec.paths).length, found: body.data.length }));',
      'await mock.close();',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ status: 200, paths: 3, found: 2 });
  });

  it('type-checks a strict consumer of every export, library files included', async () => {
    writeFileSync(
      join(project, 'consumer.ts'),
      [
        "import { startMock, type MockOptions, type RunningMock } from 'subcat';",
        "import { spec } from 'subcat/spec';",
        "import { ids, type FixtureIds } from 'subcat/fixtures';",
        "import type { components, paths } from 'subcat/types';",
        "type Subscription = components['schemas']['Subscription'];",
        "type List = paths['/subscriptions/subscriptions']['get']['responses']['200']['content']['application/json'];",
        'export async function first(options: Partial<MockOptions>): Promise<Subscription | undefined> {',
        '  const mock: RunningMock = await startMock(options);',
        '  const list = (await (await fetch(`${mock.url}/subscriptions/subscriptions`)).json()) as List;',
        '  await mock.close();',
        '  const known: FixtureIds = ids;',
        '  return known.catalog.catalog_id.length > 0 && spec.openapi.startsWith("3.1") ? list.data[0] : undefined;',
        '}',
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2023',
          lib: ['ES2023'],
          types: ['node'],
          typeRoots: [join(root, 'node_modules', '@types')],
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const outcome = await run(process.execPath, [tsc, '-p', project]).then(
      () => '',
      (error: Error & { stdout?: string }) => error.stdout ?? error.message,
    );
    expect(outcome).toBe('');
  });
});

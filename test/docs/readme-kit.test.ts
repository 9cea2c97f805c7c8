import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { packageRoot } from '../../src/package-root.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { filterFaults } from '../faults/query-faults.js';
import { BUILD_IF_STALE } from '../support/mock-process.js';
import { freePort, recipeProject, runShell, startShell, type RunningShell } from './recipe-shell.js';
import { blockStarting, KIT_BLOCKS } from './recipe-blocks.js';
import { readmeBlocks } from './readme-blocks.js';

// The README's QA blocks run as written in a folder laid out as a built clone (`subcat` on PATH), each
// against a mock on a free port: http://127.0.0.1:4010 (and 4011) become free ports; where a block is for
// staging (https://staging.example.com), a mock of its own stands in for it and only that URL changes. The CI
// workflow's steps run in order as GitHub would run them, but for GitHub's own actions (checkout,
// setup-node, upload-artifact) and `npm ci && npm run build`, which would reinstall the node_modules this run
// uses (dist/ is built before the tests). The console output the README shows is compared with a real one.

const README = readFileSync(join(packageRoot(), 'README.md'), 'utf8');
const blocks = readmeBlocks(README, ['For QA and CI']);
const STAGING = 'https://staging.example.com';

const code = (line: string): string => blockStarting(blocks, line).code;

let mock: RunningMock;
/** Staging's stand-in: its own mock, as the staging run creates subscriptions while the tests above run. */
let stagingMock: RunningMock;
const projects: string[] = [];
const shells: RunningShell[] = [];
let staging: Promise<{ exit: number | null; output: string; reports: string }>;

/** A fresh built-clone folder for one block, removed after the file. */
function project(): { cwd: string; env: NodeJS.ProcessEnv } {
  const made = recipeProject();
  projects.push(made.cwd);
  return made;
}

const onMock = (text: string) => text.replaceAll('http://127.0.0.1:4010', mock.url);
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  execFileSync(process.execPath, [BUILD_IF_STALE]);
  [mock, stagingMock] = await Promise.all([
    startMock({ port: 0, logLevel: 'silent' }),
    startMock({ port: 0, logLevel: 'silent' }),
  ]);
  // Paced to --rate 20, the staging run mostly waits: it runs while the others do.
  const place = project();
  staging = runShell(code(KIT_BLOCKS.staging).replaceAll(STAGING, stagingMock.url), {
    ...place,
    timeoutMs: 120_000,
  }).then((result) => ({
    exit: result.exit,
    output: result.stdout + result.stderr,
    reports: join(place.cwd, 'reports'),
  }));
});

afterAll(async () => {
  await staging.catch(() => undefined);
  await Promise.all(shells.map((shell) => shell.stop()));
  await Promise.all([mock.close(), stagingMock.close()]);
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
});

describe("the README's QA blocks", () => {
  it("the whole kit in a session of its own leaves the team's lists as they were", async () => {
    const run = await runShell(onMock(code(KIT_BLOCKS.wholeKit)), project());
    expect(run.exit, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^OK: \d+ passed, 0 failed/m);
    expect(mock.session('kit').requests({ method: 'POST' }).length).toBeGreaterThan(0);
    expect(mock.requests({ method: 'POST' })).toEqual([]);
  }, 60_000);

  it('the console output shown is what a failing run prints (check, citation, story, curl, summary)', async () => {
    const fault = filterFaults.find((candidate) => candidate.name === 'sku-filter-ignored');
    expect(fault).toBeDefined();
    const broken: ProxiedMock = await startProxiedMock();
    try {
      broken.proxy.use(fault?.handler() ?? (() => Promise.reject(new Error('no fault'))));
      const run = await runShell(
        `subcat check --base-url ${broken.proxy.url} --header 'Authorization: Bearer secret-token' --seed 1 --only filters.node-products-eq-sku`,
        project(),
      );
      expect(run.exit).toBe(1);
      const printed = run.stdout.split('\n');
      const shown = code(KIT_BLOCKS.output).replaceAll(`${STAGING}/v2`, broken.proxy.url).split('\n');
      // Each shown line matches a printed line, in order: numbers and `…`/`...` elisions may differ.
      let at = 0;
      for (const line of shown.filter((text) => text.trim() !== '')) {
        const pattern = new RegExp(
          `^${line
            .split(/(…|\.\.\.|\d+(?:\.\d+)?)/)
            .map((part, index) =>
              index % 2 === 1
                ? /\d/.test(part)
                  ? '\\d+(?:\\.\\d+)?'
                  : '.*?'
                : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
            )
            .join('')}$`,
        );
        const found = printed.findIndex((text, index) => index >= at && pattern.test(text));
        expect(found, `README line not printed: ${line}\n${run.stdout}`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    } finally {
      await broken.close();
    }
  }, 60_000);

  it("the CI workflow's steps run in order and pass, the job summary written", async () => {
    const workflow = parse(code(KIT_BLOCKS.workflow)) as {
      jobs: Record<string, { steps: { name?: string; uses?: string; run?: string; if?: string }[] }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const place = project();
    const port = String(await freePort());
    const summary = join(place.cwd, 'summary.md');
    const env = { ...place.env, GITHUB_STEP_SUMMARY: summary };
    const ran: string[] = [];
    for (const step of steps) {
      if (step.run === undefined || step.run.startsWith('npm ci')) continue;
      const script = `set -e\n${step.run.replaceAll('4010', port)}`;
      // A step that leaves a service running in the background: the job keeps it up to its end.
      if (/&\s*(#.*)?$/m.test(step.run)) {
        shells.push(startShell(script, { cwd: place.cwd, env }));
        ran.push(step.name ?? step.run);
        continue;
      }
      const result = await runShell(script, { cwd: place.cwd, env, timeoutMs: 90_000 });
      expect(result.exit, `${step.name ?? step.run}: ${result.stdout}${result.stderr}`).toBe(0);
      ran.push(step.name ?? step.run);
    }
    expect(ran).toEqual([
      'Start the implementation under test',
      'Wait until it answers (at most 60 s)',
      'Conformance kit',
      'Job summary',
    ]);
    for (const report of ['kit.xml', 'kit.html', 'kit.json', 'kit.md'])
      expect(existsSync(join(place.cwd, 'reports', report)), report).toBe(true);
    expect(readFileSync(summary, 'utf8')).toBe(readFileSync(join(place.cwd, 'reports', 'kit.md'), 'utf8'));
  }, 120_000);

  it('the plain CI script starts the mock, runs the kit, writes the reports and stops the mock', async () => {
    const place = project();
    const port = String(await freePort());
    writeFileSync(join(place.cwd, 'ci.sh'), code(KIT_BLOCKS.script).replaceAll('4010', port));
    const run = await runShell('bash ci.sh', { ...place, timeoutMs: 90_000 });
    expect(run.exit, run.stdout + run.stderr).toBe(0);
    for (const report of ['kit.xml', 'kit.html'])
      expect(existsSync(join(place.cwd, 'reports', report)), report).toBe(true);
    // The trap stopped the mock: its port is free again.
    await expect(fetch(`http://127.0.0.1:${port}/__health`)).rejects.toThrow();
  }, 120_000);

  it('subcat proxy between a suite and the mock, its reports and HAR, then the HAR judged again', async () => {
    const place = project();
    const port = String(await freePort());
    // "Your suite": two list requests through the proxy, as an e2e run would send them.
    const e2e =
      'curl -fsS -o /dev/null "$API_BASE_URL/subscriptions/subscriptions?page%5Blimit%5D=2" && curl -fsS -o /dev/null "$API_BASE_URL/subscriptions/subscriptions"';
    writeFileSync(
      join(place.cwd, 'package.json'),
      JSON.stringify({ name: 'your-app', private: true, scripts: { e2e } }),
    );
    const script = code(KIT_BLOCKS.proxy).replaceAll(STAGING, mock.url).replaceAll('4011', port);
    const run = await runShell(script, {
      ...place,
      env: { ...place.env, TOKEN: 'readme-proxy-token' },
      timeoutMs: 90_000,
    });
    expect(run.exit, run.stdout + run.stderr).toBe(0);
    for (const file of ['proxy.xml', 'proxy.html', 'run.har', 'again.json'])
      expect(existsSync(join(place.cwd, file)), file).toBe(true);
    const har = readFileSync(join(place.cwd, 'run.har'), 'utf8');
    expect((JSON.parse(har) as { log: { entries: unknown[] } }).log.entries).toHaveLength(2);
    expect(har).not.toContain('readme-proxy-token');
    expect(readJson(join(place.cwd, 'again.json'))).toMatchObject({ run: { outcome: 'passed' } });
  }, 120_000);

  // Last: the staging run, paced to 20 requests a second, has run beside the tests above.
  it('point it at staging (the mock standing in, under /v2) with every report, then gate on a baseline', async () => {
    const run = await staging;
    expect(run.exit, run.output).toBe(0);
    for (const report of ['kit.xml', 'kit.html', 'kit.json', 'kit.md'])
      expect(existsSync(join(run.reports, report)), report).toBe(true);
    expect(readJson(join(run.reports, 'kit.json'))).toMatchObject({ run: { outcome: 'passed' } });
    expect(stagingMock.requests({ method: 'GET' }).some((entry) => entry.url.startsWith('/v2/'))).toBe(true);
    // The baseline block, against the same server, with the staging run's report as the known failures.
    const place = project();
    mkdirSync(join(place.cwd, 'reports'));
    copyFileSync(join(run.reports, 'kit.json'), join(place.cwd, 'reports', 'kit-main.json'));
    const gated = await runShell(code(KIT_BLOCKS.baseline), {
      ...place,
      env: { ...place.env, BASE_URL: stagingMock.url },
    });
    expect(gated.exit, gated.stdout + gated.stderr).toBe(0);
    expect(readJson(join(place.cwd, 'reports', 'kit.json'))).toMatchObject({ run: { outcome: 'passed' } });
  }, 120_000);
});

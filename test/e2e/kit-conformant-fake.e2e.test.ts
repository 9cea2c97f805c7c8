import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xmlProblems } from '../../conformance/reporters/xml-well-formed.js';
import { jsonReport, reportArgs, runKit, type KitRun } from '../support/run-kit.js';
import { CORE_FAMILIES, idArgs, startFake, stopFake, type Fake } from '../support/start-fake.js';

// A clean run: exit code, what is sent (base path, headers) and what the console and report files say.

const SECRET = 'Bearer s3cr3t-t0ken';

describe('subcat check against a conformant fake', () => {
  let fake: Fake;
  let dir: string;
  let run: KitRun;
  beforeAll(async () => {
    fake = await startFake('good', '/staging');
    dir = await mkdtemp(join(tmpdir(), 'subcat-kit-'));
    run = await runKit([
      '--base-url',
      `${fake.base}/staging/`,
      ...idArgs,
      ...CORE_FAMILIES,
      '--header',
      `Authorization: ${SECRET}`,
      '--seed',
      '7',
      ...reportArgs(dir),
    ]);
  });
  afterAll(async () => {
    await stopFake(fake);
    await rm(dir, { recursive: true, force: true });
  });

  it('exits 0 with no failure and no warning, through a base path', async () => {
    const report = await jsonReport(dir);
    const broken = report.results.filter(
      (result) => result.outcome === 'failed' || result.outcome === 'warned',
    );
    expect(broken).toEqual([]);
    expect(run.code).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(15);
  });

  it('sends every request under the base path and with the given header', () => {
    expect(fake.log.length).toBeGreaterThan(50);
    expect(fake.log[0]).toBe('GET /staging '); // the reachability probe, on the base URL itself
    expect(fake.log.slice(1).every((line) => line.split(' ')[1]?.startsWith('/staging/'))).toBe(true);
    expect([...fake.authorizations]).toEqual([SECRET]);
  });

  it('skips only the response-time budget, which was not asked for', async () => {
    const report = await jsonReport(dir);
    const skipped = report.results.filter(
      (r) => r.outcome === 'skipped' && r.message !== 'not selected by --only',
    );
    expect(skipped.map((r) => r.check)).toEqual(['robustness.response-time']);
  });

  it('prints progress and the summary, never the secret', () => {
    expect(run.stdout).toContain('✓ status.list-subscriptions');
    expect(run.stdout).toMatch(/OK: \d+ passed, 0 failed, 0 warned, 0 inconclusive, \d+ skipped/);
    expect(run.stdout).not.toContain('s3cr3t');
  });

  it('writes well-formed JUnit and a self-contained HTML page', async () => {
    expect(xmlProblems(await readFile(join(dir, 'kit.xml'), 'utf8'))).toEqual([]);
    expect(await readFile(join(dir, 'kit.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });

  it('passes with --strict too', async () => {
    const strict = await runKit([
      '--base-url',
      `${fake.base}/staging`,
      ...idArgs,
      ...CORE_FAMILIES,
      '--strict',
      '--seed',
      '7',
    ]);
    expect(strict.stdout).toMatch(/OK: \d+ passed, 0 failed, 0 warned, 0 inconclusive/);
    expect(strict.code).toBe(0);
  });
});

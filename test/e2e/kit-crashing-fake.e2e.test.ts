import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xmlProblems } from '../../conformance/reporters/xml-well-formed.js';
import { jsonReport, reportArgs, runKit, type KitRun } from '../support/run-kit.js';
import { idArgs, startFake, stopFake, type Fake } from '../support/start-fake.js';

// A failing run: exit code 1, and how each reporter shows failures without leaking header values.

const SECRET = 'Bearer s3cr3t-t0ken';

describe('subcat check against a fake that answers 500 to bad input', () => {
  let fake: Fake;
  let dir: string;
  let run: KitRun;
  beforeAll(async () => {
    fake = await startFake('crash-on-bad-input');
    dir = await mkdtemp(join(tmpdir(), 'subcat-kit-'));
    run = await runKit([
      '--base-url',
      fake.base,
      ...idArgs,
      '--header',
      `Authorization: ${SECRET}`,
      '--header',
      'X-Api-Key: k3y-v4lue',
      ...reportArgs(dir),
    ]);
  });
  afterAll(async () => {
    await stopFake(fake);
    await rm(dir, { recursive: true, force: true });
  });

  it('exits 1 with robustness.no-5xx and the rejection checks failed', async () => {
    expect(run.code).toBe(1);
    const report = await jsonReport(dir);
    const outcome = (id: string) => report.results.find((result) => result.check === id)?.outcome;
    expect(outcome('robustness.no-5xx')).toBe('failed');
    expect(outcome('rejection.list-subscriptions-filter')).toBe('failed');
    expect(outcome('rejection.create-missing-required')).toBe('failed');
    expect(outcome('status.list-subscriptions')).toBe('passed');
  });

  it('gives each failure a curl line with every header value redacted', async () => {
    const report = await jsonReport(dir);
    const curls = report.results.flatMap((result) => result.failures.map((failure) => failure.curl ?? ''));
    expect(curls.length).toBeGreaterThan(5);
    for (const curl of curls.filter((line) => line !== '')) {
      expect(curl).toContain("-H 'authorization: <redacted>'");
      expect(curl).toContain("-H 'x-api-key: <redacted>'");
    }
    for (const file of ['kit.json', 'kit.xml', 'kit.html']) {
      expect(await readFile(join(dir, file), 'utf8')).not.toMatch(/s3cr3t|k3y-v4lue/);
    }
    expect(run.stdout).not.toMatch(/s3cr3t|k3y-v4lue/);
  });

  it('prints each failure with its check id, source and curl line', () => {
    expect(run.stdout).toMatch(
      /✗ robustness\.no-5xx {2}\* {2}\[contract\]|✗ robustness\.no-5xx {2}\w+ {2}\[contract\]/,
    );
    expect(run.stdout).toContain('curl -g -X POST http://127.0.0.1:');
    expect(run.stdout).toMatch(/FAILED: \d+ passed, \d+ failed/);
  });

  it('writes well-formed JUnit with failure elements', async () => {
    const xml = await readFile(join(dir, 'kit.xml'), 'utf8');
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toMatch(/<testcase classname="subcat.robustness" name="robustness.no-5xx"[^>]*>\s*<failure /);
  });

  it('puts failures first in the HTML page', async () => {
    const html = await readFile(join(dir, 'kit.html'), 'utf8');
    const firstFailed = html.indexOf('data-outcome="failed"');
    const firstPassed = html.indexOf('data-outcome="passed"');
    expect(firstFailed).toBeGreaterThan(0);
    expect(firstFailed).toBeLessThan(firstPassed);
  });
});

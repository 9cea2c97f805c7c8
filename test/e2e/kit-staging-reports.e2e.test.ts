import { copyFile, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObject, onResponse, recordParts } from '../faults/fault.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { useReportDir, jsonReport, reportArgs, runKit } from '../support/run-kit.js';
import { idArgs, startFake, stopFake } from '../support/start-fake.js';

// Issue 15, finding 8 and what a QA lead gates on: bounded, de-duplicated schema errors naming the key, a
// short console, a Markdown summary, and --baseline failing only on new failures.

let dir = '';
useReportDir('subcat-kit-reports-', (made) => (dir = made));

describe('a server whose every product breaks the schema in the same way', () => {
  let mock: ProxiedMock;
  beforeAll(async () => {
    mock = await startProxiedMock();
    // Prices keyed by lowercase currency codes: a propertyNames break on every product, several times over.
    mock.proxy.use(
      onResponse(['getNodeProducts'], (body) => {
        for (const attributes of recordParts(body, 'attributes')) {
          const price = attributes.price;
          if (isObject(price))
            attributes.price = Object.fromEntries(
              Object.entries(price).map(([k, v]) => [k.toLowerCase(), v]),
            );
        }
      })(),
    );
  });
  afterAll(async () => {
    await mock.close();
  });

  it('reports at most 20 distinct schema errors per response, naming the key, with the count of the rest', async () => {
    await runKit(['--base-url', mock.proxy.url, '--only', 'schema.node-products', ...reportArgs(dir)]);
    const report = await jsonReport(dir);
    const failure = report.results.find((r) => r.check === 'schema.node-products')?.failures[0];
    const errors = failure?.schemaErrors ?? [];
    expect(errors).toHaveLength(20);
    expect(failure?.schemaErrorCount).toBeGreaterThan(20);
    const lines = errors.map((error) => `${error.instancePath} ${error.keyword} ${error.message}`);
    expect(new Set(lines).size).toBe(lines.length);
    expect(errors.some((error) => error.keyword === 'propertyNames' || /'usd'/.test(error.message))).toBe(
      true,
    );
    expect(
      errors
        .filter((error) => error.keyword === 'pattern')
        .every((error) => /'[a-z]{3}'/.test(error.message)),
    ).toBe(true);
    expect((await stat(join(dir, 'kit.json'))).size).toBeLessThan(200_000);
    expect((await stat(join(dir, 'kit.html'))).size).toBeLessThan(300_000);
  });
});

describe('a server with many failures', () => {
  let fake: Awaited<ReturnType<typeof startFake>>;
  beforeAll(async () => {
    fake = await startFake('crash-on-bad-input');
  });
  afterAll(async () => {
    await stopFake(fake);
  });

  it('gets one console line per check and the full story of each failure: 10 failures in under 150 lines', async () => {
    const only = ['--only', 'rejection.list-subscriptions,rejection.node-products,robustness'];
    const ten = await runKit(['--base-url', fake.base, ...idArgs, '--seed', '10', ...only]);
    const failed = ten.stdout
      .split('\n')
      .filter((line) => /^ {2}✗ [a-z]+\.[a-z0-9-]+ {2}(?!\w+ {2}\[)/.test(line));
    expect(failed.length).toBeGreaterThanOrEqual(10);
    expect(failed.length).toBeLessThanOrEqual(12);
    expect(ten.stdout.trimEnd().split('\n').length).toBeLessThan(150);

    const run = await runKit(['--base-url', fake.base, ...idArgs, '--seed', '10', ...reportArgs(dir)]);
    const report = await jsonReport(dir);
    const lines = run.stdout.trimEnd().split('\n');
    // Every check of the full run has its line; each failed check adds at most four (three and a count).
    const progress = lines.filter((line) => /^ {2}[✓✗!?-] [a-z]+\.[a-z0-9-]+ {2}(?!\w+ {2}\[)/.test(line));
    expect(progress.length).toBe(report.results.length);
    expect(lines.length).toBeLessThanOrEqual(report.results.length + 4 * (report.summary.failed ?? 0) + 6);
    for (const result of report.results) {
      const keys = result.failures.map((f) => `${f.rule}|${f.message}|${f.curl ?? ''}`);
      expect(new Set(keys).size, result.check).toBe(keys.length);
    }
    const markdown = await readFile(join(dir, 'kit.md'), 'utf8');
    expect(markdown).toContain(`### Failures (${report.summary.failed})`);
    expect(markdown).toContain('```sh\ncurl ');
  });

  it('with --baseline fails only on new failures, and says which known ones are fixed', async () => {
    // Two families are enough to have known failures and fixed ones.
    const FEW = ['--only', 'rejection,robustness'];
    await runKit(['--base-url', fake.base, ...idArgs, ...FEW, '--seed', '10', ...reportArgs(dir)]);
    const baseline = join(dir, 'baseline.json');
    await copyFile(join(dir, 'kit.json'), baseline);

    const again = await runKit([
      '--base-url',
      fake.base,
      ...idArgs,
      ...FEW,
      '--seed',
      '10',
      '--baseline',
      baseline,
      ...reportArgs(dir),
    ]);
    expect(again.code).toBe(0);
    const known = await jsonReport(dir);
    const failed = known.results.filter((r) => r.outcome === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.failures.every((f) => f.known === true))).toBe(true);
    expect(again.stdout).toMatch(/OK: \d+ passed, \d+ failed \(\d+ known\)/);

    const good = await startFake('good');
    try {
      const fixed = await runKit([
        '--base-url',
        good.base,
        ...idArgs,
        ...FEW,
        '--seed',
        '10',
        '--baseline',
        baseline,
        ...reportArgs(dir),
      ]);
      expect(fixed.code).toBe(0);
      const report = await jsonReport(dir);
      expect(report.fixed?.map((f) => f.check)).toContain('robustness.no-5xx');
      // Each fingerprint once, even when one check had several.
      const prints = report.fixed?.map((f) => JSON.stringify(f)) ?? [];
      expect(new Set(prints).size).toBe(prints.length);
      expect(fixed.stdout).toContain('Fixed since the baseline (');
    } finally {
      await stopFake(good);
    }
  });

  it('refuses a baseline that is not a JSON report, writing the reason into the reports', async () => {
    const bogus = join(dir, 'kit.md');
    const run = await runKit([
      '--base-url',
      fake.base,
      ...idArgs,
      '--baseline',
      bogus,
      '--report',
      `json=${join(dir, 'aborted.json')}`,
    ]);
    expect(run.code).toBe(2);
    const report = JSON.parse(await readFile(join(dir, 'aborted.json'), 'utf8')) as {
      run: { aborted: string };
    };
    expect(report.run.aborted).toContain('cannot read --baseline');
  });
});

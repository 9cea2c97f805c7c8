import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../conformance/cli.js';
import { startMock, type RunningMock } from '../../src/index.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';

interface JsonReport {
  summary: { passed: number; failed: number; warned: number; skipped: number };
  results: Array<{ check: string; family: string; outcome: string; message: string }>;
}

const ids = FIXTURE_IDS;

const SEMANTIC_FAMILIES = ['filters', 'paging', 'include', 'catalog', 'lifecycle', 'limits'];

let dir: string;
let reportCount = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'subcat-kit-mock-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the kit in process and reads its JSON report. */
async function kit(args: string[]): Promise<{ code: number; report: JsonReport }> {
  const file = join(dir, `kit-${++reportCount}.json`);
  const code = await main([...args, '--report', `json=${file}`], { stdout: () => {}, stderr: () => {} });
  return { code, report: JSON.parse(await readFile(file, 'utf8')) as JsonReport };
}

/** Skipped by design: no --max-response-ms budget asked for. */
const SKIPPED = ['robustness.response-time'];

const broken = (report: JsonReport) =>
  report.results.filter(
    (result) =>
      result.outcome === 'failed' || result.outcome === 'warned' || result.outcome === 'inconclusive',
  );

describe('subcat check against the mock', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, logLevel: 'silent' });
  });
  afterAll(async () => {
    await mock.close();
  });

  // The default run (--concurrency 32) is also the sample's second entry below: one run, asserted both ways.
  let defaultRun: ReturnType<typeof kit> | undefined;
  const byDefault = () => (defaultRun ??= kit(['--base-url', mock.url, '--seed', '5']));

  const modes = [
    { label: 'by default', flags: undefined },
    { label: 'with --strict', flags: ['--seed', '1', '--strict'] },
  ];
  it.each(modes)('finds no failure, warning or inconclusive check $label', async ({ flags }) => {
    const { code, report } = await (flags === undefined
      ? byDefault()
      : kit(['--base-url', mock.url, ...flags]));
    expect(broken(report)).toEqual([]);
    expect(code).toBe(0);
    // Every semantic check really ran: only what was not asked for, or is optional, is skipped.
    expect(
      report.results
        .filter((r) => r.outcome === 'skipped')
        .map((r) => r.check)
        .sort(),
    ).toEqual([...SKIPPED].sort());
    for (const family of SEMANTIC_FAMILIES) {
      expect(report.results.filter((r) => r.family === family).length).toBeGreaterThan(2);
    }
  });

  // A sample of issue 27's target (every --concurrency 1..32 and 5 seeds: the full sweep is npm run bench:kit -- --sweep).
  const sample = [
    { concurrency: '1', seed: '2' },
    { concurrency: '32', seed: '5' },
  ];
  it.each(sample)(
    'finds nothing at --concurrency $concurrency with seed $seed, concurrency and generated checks included',
    async ({ concurrency, seed }) => {
      const { code, report } = await (concurrency === '32' && seed === '5'
        ? byDefault()
        : kit(['--base-url', mock.url, '--seed', seed, '--concurrency', concurrency]));
      expect(broken(report)).toEqual([]);
      expect(code).toBe(0);
      const ran = (id: string) => report.results.find((r) => r.check === id)?.outcome;
      const deliberate = [
        'concurrency.creates',
        'concurrency.plan-switches',
        'generated.relations',
        'generated.created-membership',
        'generated.put-changes-only',
        'generated.body-bounds',
      ];
      expect(deliberate.map(ran)).toEqual(deliberate.map(() => 'passed'));
    },
  );

  it('skips the lifecycle and writes nothing with --read-only, still without failures', async () => {
    const { code, report } = await kit(['--base-url', mock.url, '--seed', '2', '--read-only']);
    expect(broken(report)).toEqual([]);
    expect(code).toBe(0);
    const lifecycle = report.results.filter((r) => r.family === 'lifecycle');
    expect(lifecycle.length).toBe(4);
    expect(lifecycle.every((r) => r.outcome === 'skipped')).toBe(true);
    expect(report.results.find((r) => r.check === 'filters.subscriptions-eq-email')?.outcome).toBe('passed');
  });

  it('skips catalog.latest-alias when the named release is older than latest', async () => {
    const older = ids.catalog.release_ids.at(-2) ?? '';
    const { report } = await kit(['--base-url', mock.url, '--only', 'catalog', '--release-id', older]);
    const alias = report.results.find((r) => r.check === 'catalog.latest-alias');
    expect(alias?.outcome).toBe('skipped');
    expect(alias?.message).toContain('published before latest');
    expect(broken(report)).toEqual([]);
  });
});

describe('subcat check against a mock whose lists answer late', () => {
  // The lists create-then-find reads arrive 700 ms late; the plan switch's own lookup (include=plans) does
  // not, so its PUT lands first. Checks that share one subscription would then see each other's writes.
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: 4, subscriptions: 20, products: 5, logLevel: 'silent' });
    mock.fault({ operationId: 'listSubscriptions', query: 'include=plans', delay: 0 });
    mock.fault({ operationId: 'listSubscriptions', query: 'external_ref', delay: 700 });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('does not fail create-then-find because plan-switch changed the plan of a subscription they share', async () => {
    const { code, report } = await kit([
      ...['--base-url', mock.url, '--seed', '3'],
      ...['--only', 'lifecycle.create-then-find,lifecycle.plan-switch'],
    ]);
    expect(broken(report)).toEqual([]);
    const ran = report.results.filter((result) => result.outcome !== 'skipped');
    expect(ran.map((result) => [result.check, result.outcome])).toEqual([
      ['lifecycle.create-then-find', 'passed'],
      ['lifecycle.plan-switch', 'passed'],
    ]);
    expect(code).toBe(0);
  });
});

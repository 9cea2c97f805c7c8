// CI smoke of the benchmark: one short case end to end; it asserts numbers come out, never how fast they are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../src/index.js';
import { packageRoot } from '../src/package-root.js';
import { benchCases } from './bench-cases.js';
import type { CaseResult } from './bench-results.js';
import { discoverIds, type FixtureIds } from './discover-ids.js';
import { runLoad } from './load-run.js';
import { renderCaseTable } from './results-report.js';
import { evaluateTargets } from './targets.js';

const fixtures = JSON.parse(readFileSync(join(packageRoot(), 'fixtures', 'ids.json'), 'utf8')) as FixtureIds;

describe('the benchmark smoke', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({
      port: 0,
      host: '127.0.0.1',
      seed: 1,
      subscriptions: 1000,
      products: 1000,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('drives list subscriptions on a small store for a second and reports finite numbers without errors', async () => {
    const cases = benchCases(await discoverIds(mock.url, fixtures));
    const list = cases.find((c) => c.id === 'list-subscriptions');
    expect(list).toBeDefined();

    const result = await runLoad(mock.url, list?.requests ?? [], { connections: 10, duration: 1, warmup: 0 });
    expect(result.requestsPerSecond).toBeGreaterThan(0);
    expect(Number.isFinite(result.p50Ms)).toBe(true);
    expect(Number.isFinite(result.p99Ms)).toBe(true);
    expect(result).toMatchObject({ errors: 0, non2xx: 0 });
    expect(Object.keys(result.statusCodes)).toEqual(['200']);

    const row: CaseResult = {
      id: 'list-subscriptions',
      title: 'list subscriptions',
      kind: 'get',
      filtered: false,
      store: 'small',
      subcat: result,
      ceiling: null,
      prism: null,
      bodyBytes: { subcat: null, prism: null },
      notes: [],
    };
    expect(renderCaseTable([row])).toContain(`| ${result.requestsPerSecond.toLocaleString('en-US')} |`);
    const p99 = evaluateTargets({ cases: [row], stores: [], check: null }).find((t) =>
      t.target.startsWith('p99'),
    );
    expect(p99?.verdict).toMatch(/^(PASS|MISS)$/);
  });
});

import { describe, expect, it } from 'vitest';
import { renderJson } from './json.js';
import { sampleSummary } from './sample-summary.js';

describe('renderJson', () => {
  const report = JSON.parse(renderJson(sampleSummary())) as {
    summary: Record<string, number>;
    run: { seed: number; baseUrl: string };
    results: Array<{
      check: string;
      operation: string;
      outcome: string;
      message: string;
      failures: unknown[];
    }>;
  };

  it('holds the summary counts', () => {
    expect(report.summary).toEqual({ passed: 2, failed: 1, warned: 1, skipped: 1, inconclusive: 1 });
  });

  it('holds the seed and base URL so the run can be repeated', () => {
    expect(report.run).toMatchObject({ seed: 42, baseUrl: 'http://127.0.0.1:1/staging' });
  });

  const cases = [
    { check: 'schema.list-subscriptions', outcome: 'passed', failures: 0 },
    { check: 'schema.create-subscription', outcome: 'failed', failures: 1 },
    { check: 'status.create-subscription', outcome: 'warned', failures: 1 },
    { check: 'rejection.create-missing-required', outcome: 'skipped', failures: 0 },
    { check: 'paging.node-products-walk', outcome: 'inconclusive', failures: 0 },
  ];
  it.each(cases)('reports $check as $outcome with $failures failures', ({ check, outcome, failures }) => {
    const found = report.results.find((r) => r.check === check);
    expect(found?.outcome).toBe(outcome);
    expect(found?.failures).toHaveLength(failures);
    expect(typeof found?.message).toBe('string');
    expect(typeof found?.operation).toBe('string');
  });
});

describe('renderJson of a run that never started', () => {
  it('says why in run.aborted', () => {
    const report = JSON.parse(renderJson({ ...sampleSummary(), results: [], aborted: 'cannot reach x' })) as {
      run: { aborted?: string };
      results: unknown[];
    };
    expect(report.run.aborted).toBe('cannot reach x');
    expect(report.results).toEqual([]);
  });
});

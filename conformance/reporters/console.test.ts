import { describe, expect, it } from 'vitest';
import { consoleReporter, progressLine } from './console.js';
import { sampleSummary } from './sample-summary.js';

describe('consoleReporter', () => {
  const summary = sampleSummary();
  let out = '';
  const reporter = consoleReporter((text) => (out += text));
  reporter.start(summary.plan);
  for (const result of summary.results) reporter.onResult(result);
  void reporter.finish(summary);

  const cases = [
    {
      text: 'subcat check http://127.0.0.1:1/staging — 5 of 5 checks, seed 42 (read-only)',
      what: 'a start line',
    },
    {
      text: '  ✓ schema.list-subscriptions  all rules held (1 request) (12 ms)',
      what: 'a passed progress line',
    },
    { text: '  ✗ schema.create-subscription', what: 'a failed progress line' },
    { text: '  ! status.create-subscription', what: 'a warned progress line' },
    {
      text: '  - rejection.create-missing-required  --read-only: this check writes',
      what: 'a skipped progress line',
    },
    {
      text: '  ✗ schema.create-subscription  createSubscription  [contract]',
      what: 'failure id, operation and source',
    },
    {
      text: "schema:   /data/attributes required: must have required property 'plan_id'",
      what: 'ajv path and keyword',
    },
    { text: 'expected: 201', what: 'expected' },
    { text: 'actual:   200', what: 'actual' },
    {
      text: "curl -X POST http://127.0.0.1:1/staging/subscriptions/subscriptions -H 'authorization: <redacted>'",
      what: 'a curl line',
    },
    { text: 'FAILED: 2 passed, 1 failed, 1 warned, 1 skipped', what: 'the totals' },
  ];
  it.each(cases)('prints $what', ({ text }) => {
    expect(out).toContain(text);
  });

  it('prints failures before warnings', () => {
    expect(out.indexOf('Failures')).toBeLessThan(out.indexOf('Warnings'));
  });

  const families = [
    { family: 'schema', row: /schema\s+1\s+1\s+0\s+0/ },
    { family: 'status', row: /status\s+0\s+0\s+1\s+0/ },
    { family: 'rejection', row: /rejection\s+0\s+0\s+0\s+1/ },
    { family: 'robustness', row: /robustness\s+1\s+0\s+0\s+0/ },
  ];
  it.each(families)('prints the $family row of the family summary', ({ row }) => {
    expect(out).toMatch(row);
  });

  it('marks each outcome distinctly', () => {
    const marks = summary.results.map((result) => progressLine(result).trim()[0]);
    expect(marks).toEqual(['✓', '✗', '!', '-', '✓']);
  });
});

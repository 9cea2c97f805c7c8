import { describe, expect, it } from 'vitest';
import { consoleReporter, failureLines, progressLine } from './console.js';
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
      text: 'subcat check http://127.0.0.1:1/staging — 6 of 6 checks, seed 42 (read-only)',
      what: 'a start line',
    },
    {
      text: '  ✓ schema.list-subscriptions  all rules held (1 request) (12 ms)',
      what: 'a passed progress line',
    },
    { text: '  ✗ schema.create-subscription', what: 'a failed progress line' },
    { text: '  ! status.create-subscription', what: 'a warned progress line' },
    {
      text: '  ? paging.node-products-walk  GET http://127.0.0.1:1/staging/x got no answer',
      what: 'an inconclusive line',
    },
    { text: '  - rejection.create-missing-required  --read-only: this check writes', what: 'a skipped line' },
    {
      text: '  ✗ schema.create-subscription  createSubscription  [contract] interface.md § Create a subscription',
      what: 'failure id, operation, source and the cited line',
    },
    {
      text: "/data/attributes required: must have required property 'plan_id'",
      what: 'ajv path and keyword',
    },
    {
      text: "curl -X POST http://127.0.0.1:1/staging/subscriptions/subscriptions -H 'authorization: <redacted>'",
      what: 'a curl line',
    },
    {
      text: 'FAILED: 2 passed, 1 failed, 1 warned, 1 inconclusive, 1 skipped — 4 requests in 1.2 s (seed 42)',
      what: 'the totals',
    },
  ];
  it.each(cases)('prints $what', ({ text }) => {
    expect(out).toContain(text);
  });

  it('tells warnings in their progress line only', () => {
    expect(out.match(/status\.create-subscription/g)).toHaveLength(1);
  });

  it('marks each outcome distinctly', () => {
    const marks = summary.results.map((result) => progressLine(result).trim()[0]);
    expect(marks).toEqual(['✓', '✗', '!', '-', '✓', '?']);
  });

  it('tells a failure in at most three lines', () => {
    const failure = summary.results[1]?.failures[0];
    expect(failure).toBeDefined();
    if (failure !== undefined) expect(failureLines(failure, '✗').length).toBeLessThanOrEqual(3);
  });

  it('tells the checks --only left out in one line', () => {
    let text = '';
    const quiet = consoleReporter((chunk) => (text += chunk));
    const left = { ...summary.results[0]!, message: 'not selected by --only', outcome: 'skipped' as const };
    quiet.start(summary.plan);
    quiet.onResult(left);
    quiet.onResult({ ...left });
    void quiet.finish(summary);
    expect(text).toContain('  - 2 other checks not selected by --only');
    expect(text).not.toContain('schema.list-subscriptions  not selected');
  });
});

import { describe, expect, it } from 'vitest';
import { renderJunit } from './junit.js';
import { sampleSummary } from './sample-summary.js';
import { xmlProblems } from './xml-well-formed.js';

describe('renderJunit', () => {
  const xml = renderJunit(sampleSummary());

  it('is well-formed XML', () => {
    expect(xmlProblems(xml)).toEqual([]);
  });

  it('escapes hostile text in attributes and content', () => {
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('&lt;decisions.md&gt;');
    expect(xml).toContain('&amp; &quot;Created&quot;');
  });

  const cases = [
    {
      pattern: /<testsuites [^>]*tests="6" failures="2" errors="0" skipped="2"/,
      what: 'totals on testsuites',
    },
    {
      pattern: /<testsuite name="schema" tests="2" failures="1"/,
      what: 'one testsuite per family with its counts',
    },
    {
      pattern: /<testcase classname="subcat.schema" name="schema.list-subscriptions" time="0.012"\/>/,
      what: 'a passed testcase',
    },
    {
      pattern: /name="schema.create-subscription"[^>]*>\s*<failure message="\[contract\] /,
      what: 'a failure element',
    },
    {
      pattern: /<skipped message="--read-only: this check writes"\/>/,
      what: 'a skipped element with its reason',
    },
    {
      pattern:
        /name="status.create-subscription"[^>]*>\s*<failure message="warning \(a decisions.md convention; does not fail the run\): [^"]+" type="warning">warning: /,
      what: 'a warning as a failure of type warning, which CI test tabs list',
    },
    {
      pattern: /name="paging.node-products-walk"[^>]*>\s*<skipped message="inconclusive: GET /,
      what: 'an inconclusive check as skipped, saying so',
    },
    { pattern: /source: interface.md § Create a subscription/, what: 'the cited line of a failure' },
  ];
  it.each(cases)('writes $what', ({ pattern }) => {
    expect(xml).toMatch(pattern);
  });

  it('writes one failure element per failed or warned check', () => {
    expect(xml.match(/<failure /g)).toHaveLength(2);
  });
});

describe('renderJunit of a run that never started', () => {
  const xml = renderJunit({
    ...sampleSummary(),
    results: [],
    aborted: 'cannot reach http://127.0.0.1:1/: ECONNREFUSED',
  });
  it('is well-formed, with the reason as one failed testcase', () => {
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toMatch(/<testsuites [^>]*tests="1" failures="1"/);
    expect(xml).toMatch(
      /<testcase classname="subcat.run" name="run.start"[^>]*>\s*<failure message="cannot reach http:\/\/127.0.0.1:1\/: ECONNREFUSED"/,
    );
  });
});

describe('renderJunit with a baseline', () => {
  it('shows a check whose failures are all known as skipped, not failed', () => {
    const summary = sampleSummary();
    for (const failure of summary.results[1]?.failures ?? []) failure.known = true;
    const xml = renderJunit(summary);
    expect(xml).toMatch(/<testsuites [^>]*failures="1"/);
    expect(xml.match(/<failure [^>]*type="contract"/g)).toBeNull();
    expect(xml).toMatch(
      /name="schema.create-subscription"[^>]*>\s*<skipped message="known failure \(--baseline\)/,
    );
  });
});

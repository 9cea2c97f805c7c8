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
      pattern: /<testsuites [^>]*tests="5" failures="1" errors="0" skipped="1"/,
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
      pattern: /name="status.create-subscription"[^>]*>\s*<system-out>warning: /,
      what: 'a warning as system-out',
    },
  ];
  it.each(cases)('writes $what', ({ pattern }) => {
    expect(xml).toMatch(pattern);
  });

  it('writes one failure element per failed check', () => {
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });
});

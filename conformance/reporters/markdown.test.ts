import { describe, expect, it } from 'vitest';
import { MARKDOWN_LIMIT, renderMarkdown } from './markdown.js';
import { sampleSummary } from './sample-summary.js';

describe('renderMarkdown', () => {
  const markdown = renderMarkdown(sampleSummary());
  const cases = [
    { text: '## subcat check: http://127.0.0.1:1/staging', what: 'a heading with the base URL' },
    { text: '**FAILED: 2 passed, 1 failed, 1 warned, 1 inconclusive, 1 skipped', what: 'the verdict line' },
    { text: '| family | failed | warned | inconclusive | passed | skipped |', what: 'the family table' },
    { text: '| schema | **1** ❌ | 0 | 0 | 1 | 0 |', what: 'a family row' },
    { text: '#### `schema.create-subscription` (createSubscription)', what: 'a failure heading' },
    { text: '- **source:** contract: interface.md § Create a subscription', what: 'the source' },
    { text: '```sh\ncurl -X POST', what: 'the curl line in a code block' },
    { text: '- `status.create-subscription`: answered 200, not 201', what: 'a warning line' },
    { text: '- `paging.node-products-walk`: GET', what: 'an inconclusive line' },
  ];
  it.each(cases)('holds $what', ({ text }) => {
    expect(markdown).toContain(text);
  });

  it('escapes table pipes and HTML in server text', () => {
    expect(markdown).not.toContain('<decisions.md>');
  });

  it('stays under a pull-request comment limit however many failures', () => {
    const summary = sampleSummary();
    const failed = summary.results[1];
    if (failed !== undefined) failed.failures = Array.from({ length: 2000 }, () => failed.failures[0]!);
    const long = renderMarkdown(summary);
    expect(long.length).toBeLessThan(MARKDOWN_LIMIT + 200);
    expect(long).toContain('cut at 60000 characters');
  });
});

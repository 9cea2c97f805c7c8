import { describe, expect, it } from 'vitest';
import { renderHtml } from './html.js';
import { sampleSummary } from './sample-summary.js';

describe('renderHtml', () => {
  const html = renderHtml(sampleSummary());

  it('is one self-contained page without scripts or external resources', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|src=/);
  });

  it('escapes every piece of server and check text', () => {
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;decisions.md&gt;');
  });

  it('puts failures before warnings and passes', () => {
    const failed = html.indexOf('id="schema.create-subscription"');
    const warned = html.indexOf('id="status.create-subscription"');
    const passed = html.indexOf('id="schema.list-subscriptions"');
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(passed);
    expect(failed).toBeLessThan(warned);
  });

  const cases = [
    { text: 'passed 2', what: 'the summary' },
    { text: 'response 201 (3 ms)', what: 'the response' },
    { text: 'request POST http://127.0.0.1:1/staging/subscriptions/subscriptions', what: 'the request' },
    { text: '<code>/data/attributes</code> required', what: 'the schema error path and keyword' },
    { text: 'authorization: &lt;redacted&gt;', what: 'redacted headers' },
    { text: '--read-only: this check writes', what: 'the skip reason' },
  ];
  it.each(cases)('shows $what', ({ text }) => {
    expect(html).toContain(text);
  });
});

import { describe, expect, it } from 'vitest';
import { renderHtml } from './html.js';
import { sampleSummary } from './sample-summary.js';

describe('renderHtml', () => {
  const html = renderHtml(sampleSummary());

  it('is one self-contained page: inline style and script, nothing loaded from elsewhere', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<link|src=|url\(|@import|https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('escapes every piece of server and check text', () => {
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;decisions.md&gt;');
  });

  it('puts failures before warnings, inconclusive and passes', () => {
    const failed = html.indexOf('id="schema.create-subscription"');
    const warned = html.indexOf('id="status.create-subscription"');
    const inconclusive = html.indexOf('id="paging.node-products-walk"');
    const passed = html.indexOf('id="schema.list-subscriptions"');
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(warned);
    expect(warned).toBeLessThan(inconclusive);
    expect(inconclusive).toBeLessThan(passed);
  });

  const cases = [
    { text: '<span class="verdict failed">FAILED</span>', what: 'the verdict' },
    {
      text: '<div class="bar" role="img" aria-label="1 failed, 1 warned, 1 inconclusive, 2 passed, 1 skipped',
      what: 'the summary bar',
    },
    { text: '<span class="chip failed">1 failed</span>', what: 'coloured outcome chips' },
    { text: '<td class="failed">1</td>', what: 'a coloured family table cell' },
    {
      text: '<a href="#f-schema.create-subscription-1" class="failed">schema.create-subscription</a>',
      what: 'a link to the failure',
    },
    { text: 'id="f-schema.create-subscription-1"', what: 'the failure anchor' },
    { text: '<select id="family-filter">', what: 'the family filter' },
    {
      text: '<input type="checkbox" name="outcome" value="inconclusive" checked>',
      what: 'the outcome filter',
    },
    { text: 'Response: 201 (3 ms)', what: 'the response' },
    { text: 'Request: POST http://127.0.0.1:1/staging/subscriptions/subscriptions', what: 'the request' },
    {
      text: 'Source:</strong> <span class="chip contract">contract</span> interface.md § Create a subscription',
      what: 'the source and cited line',
    },
    {
      text: '/data/attributes required: must have required property &#39;plan_id&#39;',
      what: 'the schema error path and keyword',
    },
    { text: 'authorization: &lt;redacted&gt;', what: 'redacted headers' },
    { text: '<pre><code>curl -X POST', what: 'the curl line' },
    { text: '--read-only: this check writes', what: 'the skip reason' },
  ];
  it.each(cases)('shows $what', ({ text }) => {
    expect(html).toContain(text);
  });

  it('says why a run never started', () => {
    const page = renderHtml({
      ...sampleSummary(),
      results: [],
      aborted: 'cannot reach http://127.0.0.1:1/: ECONNREFUSED',
    });
    expect(page).toContain('<span class="verdict aborted">DID NOT RUN</span>');
    expect(page).toContain('cannot reach http://127.0.0.1:1/: ECONNREFUSED');
  });
});

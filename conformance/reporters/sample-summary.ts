import type { Check, CheckResult, Outcome } from '../check.js';
import type { RunSummary } from './reporter.js';

/** A small run with every outcome and hostile text, shared by the reporters' tests. */
export function sampleSummary(): RunSummary {
  const check = (id: string, extra: Partial<Check> = {}): Check => ({
    id,
    title: `title of ${id}`,
    family: id.split('.')[0] ?? id,
    source: 'contract',
    cites: 'interface.md § List subscriptions: "Returns all subscriptions."',
    operation: 'listSubscriptions',
    run: () => Promise.resolve([]),
    ...extra,
  });
  const result = (
    c: Check,
    outcome: Outcome,
    message: string,
    failures: CheckResult['failures'] = [],
  ): CheckResult => ({
    check: c,
    outcome,
    message,
    failures,
    ms: 12,
  });
  const request = {
    method: 'POST',
    url: 'http://127.0.0.1:1/staging/subscriptions/subscriptions',
    headers: { authorization: '<redacted>', 'content-type': 'application/json' },
    body: '{"data":{"name":"<script>alert(1)</script>"}}',
  };
  const results: CheckResult[] = [
    result(check('schema.list-subscriptions'), 'passed', 'all rules held (1 request)'),
    result(
      check('schema.create-subscription', { operation: 'createSubscription' }),
      'failed',
      'body breaks the schema',
      [
        {
          checkId: 'schema.create-subscription',
          operation: 'createSubscription',
          rule: 'the body matches the 201 response schema',
          source: 'contract',
          cites: 'interface.md § Create a subscription: "Success response: the subscription is created"',
          message: 'body breaks the schema: 1 error',
          schemaErrors: [
            {
              instancePath: '/data/attributes',
              keyword: 'required',
              message: "must have required property 'plan_id'",
            },
          ],
          request,
          response: {
            status: 201,
            headers: { 'content-type': 'application/json' },
            text: '{"data":{}}',
            ms: 3,
          },
          curl: "curl -X POST http://127.0.0.1:1/staging/subscriptions/subscriptions -H 'authorization: <redacted>'",
        },
      ],
    ),
    result(
      check('status.create-subscription', { operation: 'createSubscription' }),
      'warned',
      'answered 200, not 201',
      [
        {
          checkId: 'status.create-subscription',
          operation: 'createSubscription',
          rule: 'create answers 201 & "Created" <decisions.md>',
          source: 'convention',
          cites: 'decisions.md § Status codes',
          message: 'answered 200, not 201',
          expected: 201,
          actual: 200,
        },
      ],
    ),
    result(
      check('rejection.create-missing-required', { readOnly: false }),
      'skipped',
      '--read-only: this check writes',
    ),
    result(check('robustness.no-5xx', { operation: '*', final: true }), 'passed', '4 exchanges, none 5xx'),
    result(
      check('paging.node-products-walk', { operation: 'getNodeProducts' }),
      'inconclusive',
      'GET http://127.0.0.1:1/staging/x got no answer: ETIMEDOUT after 10000 ms (after one retry)',
    ),
  ];
  return {
    plan: {
      baseUrl: 'http://127.0.0.1:1/staging',
      seed: 42,
      strict: false,
      readOnly: true,
      checks: results.map((r) => ({ check: r.check })),
    },
    counts: { passed: 2, failed: 1, warned: 1, skipped: 1, inconclusive: 1 },
    results,
    requests: 4,
    ms: 1234,
  };
}

import { describe, expect, it } from 'vitest';
import type { Check, CheckResult, Failure } from './check.js';
import { Client } from './client.js';
import { createCache, type RunEnvironment } from './context.js';
import { planChecks } from './plan.js';
import type { Reporter, RunSummary } from './reporters/reporter.js';
import { exitCode, outcomeOf, runChecks } from './runner.js';
import { SpecValidator } from './schema.js';

const failure = (source: 'contract' | 'convention'): Failure => ({
  checkId: 'x.y',
  operation: 'op',
  rule: 'r',
  source,
  message: 'm',
});

describe('outcomeOf', () => {
  const cases = [
    { failures: [], strict: false, outcome: 'passed' },
    { failures: [], strict: true, outcome: 'passed' },
    { failures: [failure('contract')], strict: false, outcome: 'failed' },
    { failures: [failure('convention')], strict: false, outcome: 'warned' },
    { failures: [failure('convention')], strict: true, outcome: 'failed' },
    { failures: [failure('convention'), failure('contract')], strict: false, outcome: 'failed' },
  ] as const;
  it.each(cases)(
    'is $outcome for $failures.length failures with strict $strict',
    ({ failures, strict, outcome }) => {
      expect(outcomeOf(failures, strict)).toBe(outcome);
    },
  );
});

describe('exitCode', () => {
  const cases = [
    { counts: { passed: 3, failed: 0, warned: 2, skipped: 1 }, code: 0 },
    { counts: { passed: 0, failed: 1, warned: 0, skipped: 0 }, code: 1 },
    { counts: { passed: 0, failed: 0, warned: 0, skipped: 0 }, code: 0 },
  ];
  it.each(cases)('is $code for $counts', ({ counts, code }) => {
    expect(exitCode(counts)).toBe(code);
  });
});

describe('runChecks', () => {
  const check = (id: string, run: Check['run'], extra: Partial<Check> = {}): Check => ({
    id,
    title: id,
    family: id.split('.')[0] ?? id,
    source: 'contract',
    operation: 'listThings',
    run,
    ...extra,
  });
  const order: string[] = [];
  const checks: Check[] = [
    check('a.final', () => (order.push('a.final'), Promise.resolve([])), { final: true }),
    check('a.passes', () => (order.push('a.passes'), Promise.resolve([]))),
    check('a.throws', () => {
      order.push('a.throws');
      throw new Error('kaput');
    }),
    check('a.skips', (ctx) => (order.push('a.skips'), ctx.skip('no data to derive a value from'))),
    check('b.warns', (ctx) => {
      order.push('b.warns');
      return Promise.resolve([
        ctx.fail(undefined, { rule: 'r', message: 'convention broken', source: 'convention' }),
      ]);
    }),
    check('b.writes', () => (order.push('b.writes'), Promise.resolve([])), { readOnly: false }),
  ];

  const run = async (strict: boolean) => {
    order.length = 0;
    const client = new Client({ headers: [], timeoutMs: 1000 });
    const env: RunEnvironment = {
      baseUrl: new URL('http://127.0.0.1:1'),
      ids: { catalogId: 'c', releaseId: 'r', nodeId: 'n' },
      settings: {
        strict,
        readOnly: true,
        timeoutMs: 1000,
        maxResponseMs: undefined,
        seed: 1,
        secretHeaders: [],
      },
      client,
      validator: new SpecValidator({ paths: {} }),
      cache: createCache(),
    };
    const events: string[] = [];
    const reporter: Reporter = {
      start: () => events.push('start'),
      onResult: (result: CheckResult) => events.push(result.check.id),
      finish: (summary: RunSummary) => void events.push(`finish ${summary.results.length}`),
    };
    const plan = {
      baseUrl: 'http://127.0.0.1:1',
      seed: 1,
      strict,
      readOnly: true,
      checks: planChecks(checks, { only: [], skip: [], readOnly: true }),
    };
    const summary = await runChecks(plan, env, [reporter]);
    await client.close();
    return { summary, events };
  };

  it('runs in plan order, final checks last, and never starts a skipped one', async () => {
    await run(false);
    expect(order).toEqual(['a.passes', 'a.throws', 'a.skips', 'b.warns', 'a.final']);
  });

  it('tells reporters start, each result in order, then finish', async () => {
    const { events } = await run(false);
    expect(events).toEqual([
      'start',
      'a.passes',
      'a.throws',
      'a.skips',
      'b.warns',
      'b.writes',
      'a.final',
      'finish 6',
    ]);
  });

  const outcomes = [
    { id: 'a.passes', strict: false, outcome: 'passed', message: /^all rules held$/ },
    { id: 'a.throws', strict: false, outcome: 'failed', message: /the check threw: kaput/ },
    { id: 'a.skips', strict: false, outcome: 'skipped', message: /no data to derive a value from/ },
    { id: 'b.warns', strict: false, outcome: 'warned', message: /convention broken/ },
    { id: 'b.warns', strict: true, outcome: 'failed', message: /convention broken/ },
    { id: 'b.writes', strict: false, outcome: 'skipped', message: /--read-only/ },
  ];
  it.each(outcomes)('reports $id as $outcome (strict $strict)', async ({ id, strict, outcome, message }) => {
    const { summary } = await run(strict);
    const result = summary.results.find((r) => r.check.id === id);
    expect(result?.outcome).toBe(outcome);
    expect(result?.message).toMatch(message);
  });

  it('counts outcomes', async () => {
    const { summary } = await run(false);
    expect(summary.counts).toEqual({ passed: 2, failed: 1, warned: 1, skipped: 2 });
  });
});

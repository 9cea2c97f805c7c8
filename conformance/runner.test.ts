import { describe, expect, it } from 'vitest';
import type { Check, CheckResult, Failure } from './check.js';
import { Client } from './client.js';
import { createCache, type RunEnvironment } from './context.js';
import { planChecks } from './plan.js';
import type { Reporter, RunSummary } from './reporters/reporter.js';
import { exitCode, outcomeOf, runChecks, startOrder, verdictOf } from './runner.js';
import { SpecValidator } from './schema.js';
import { testSettings } from '../test/support/scripted-context.js';

const failure = (source: 'contract' | 'convention', known?: boolean): Failure => ({
  checkId: 'x.y',
  operation: 'op',
  rule: 'r',
  source,
  cites: source === 'contract' ? 'interface.md § X: "y"' : 'decisions.md § Paging',
  message: 'm',
  ...(known === undefined ? {} : { known }),
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
  const result = (outcome: CheckResult['outcome'], failures: Failure[] = []) =>
    ({ outcome, failures }) as unknown as CheckResult;
  const plan = { strict: false } as RunSummary['plan'];
  const cases = [
    {
      what: 'only passes and warnings',
      results: [result('passed'), result('warned', [failure('convention')])],
      code: 0,
    },
    { what: 'a failed check', results: [result('failed', [failure('contract')])], code: 1 },
    {
      what: 'a failed check the baseline knows',
      results: [result('failed', [failure('contract', true)])],
      code: 0,
    },
    {
      what: 'a failed check with one new failure among known ones',
      results: [result('failed', [failure('contract', true), failure('contract')])],
      code: 1,
    },
    { what: 'an inconclusive check (incomplete)', results: [result('inconclusive')], code: 3 },
    {
      what: 'a failed check and an inconclusive one (failed wins)',
      results: [result('failed', [failure('contract')]), result('inconclusive')],
      code: 1,
    },
    { what: 'no checks', results: [], code: 0 },
  ];
  it.each(cases)('is $code for $what', ({ results, code }) => {
    expect(exitCode({ results, plan })).toBe(code);
  });

  it('is 143 for a run cancelled by SIGTERM and 130 by SIGINT, whatever failed', () => {
    const results = [result('failed', [failure('contract')])];
    expect(exitCode({ results, plan, cancelledBy: 'SIGTERM' })).toBe(143);
    expect(exitCode({ results, plan, cancelledBy: 'SIGINT' })).toBe(130);
  });
});

describe('verdictOf', () => {
  const result = (outcome: CheckResult['outcome']) => ({ outcome, failures: [] }) as unknown as CheckResult;
  const plan = { strict: false } as RunSummary['plan'];
  // 20 checks that ran, 1 of them inconclusive, and one skipped (not counted in the share).
  const results = [
    ...Array.from({ length: 19 }, () => result('passed')),
    result('inconclusive'),
    result('skipped'),
  ];
  const cases = [
    { allowance: { count: 0 }, verdict: 'incomplete' },
    { allowance: { count: 1 }, verdict: 'passed' },
    { allowance: { share: 0.05 }, verdict: 'passed' },
    { allowance: { share: 0.04 }, verdict: 'incomplete' },
  ] as const;
  it.each(cases)('is $verdict with --allow-inconclusive $allowance', ({ allowance, verdict }) => {
    expect(verdictOf({ results, plan }, allowance).verdict).toBe(verdict);
  });

  it('says how many were inconclusive and how many were allowed', () => {
    expect(verdictOf({ results, plan }).reason).toBe(
      '1 of 20 checks were inconclusive, 0 allowed (--allow-inconclusive)',
    );
  });
});

describe('startOrder', () => {
  const planned = (trips: ReadonlyArray<number | undefined>) => ({
    checks: trips.map((roundTrips, i) => ({
      check: {
        id: `a.c${i}`,
        title: 't',
        family: 'a',
        source: 'contract' as const,
        cites: 'c',
        operation: 'op',
        ...(roundTrips === undefined ? {} : { roundTrips }),
      },
    })),
  });
  const cases = [
    {
      name: 'keeps plan order when no check says how long its chain is',
      trips: [undefined, undefined, undefined],
      indices: [0, 1, 2],
      order: [0, 1, 2],
    },
    {
      name: 'starts the longest chain first, plan order among equals',
      trips: [undefined, 3, 5, 3],
      indices: [0, 1, 2, 3],
      order: [2, 1, 3, 0],
    },
    {
      name: 'orders only the indices of the phase it is given',
      trips: [4, undefined, 2, 6],
      indices: [1, 2],
      order: [2, 1],
    },
  ];
  it.each(cases)('$name', ({ trips, indices, order }) => {
    expect(startOrder(indices, planned(trips))).toEqual(order);
  });
});

describe('runChecks', () => {
  const check = (id: string, run: Check['run'], extra: Partial<Check> = {}): Check => ({
    id,
    title: id,
    family: id.split('.')[0] ?? id,
    source: 'contract',
    cites: 'interface.md § X: "y"',
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
    check(
      'b.cannot-tell',
      (ctx) => (order.push('b.cannot-tell'), ctx.inconclusive('one record: the data cannot tell')),
    ),
    check('b.watches', undefined, { watch: () => undefined }),
  ];

  const run = async (strict: boolean, concurrency = 1) => {
    order.length = 0;
    const client = new Client({ headers: [], timeoutMs: 1000, maxInFlight: concurrency });
    const env: RunEnvironment = {
      baseUrl: new URL('http://127.0.0.1:1'),
      ids: { catalogId: 'c', releaseId: 'r', nodeId: 'n' },
      settings: testSettings({ strict, readOnly: true }),
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
    expect(order).toEqual(['a.passes', 'a.throws', 'a.skips', 'b.warns', 'b.cannot-tell', 'a.final']);
  });

  const plannedOrder = [
    'start',
    'a.passes',
    'a.throws',
    'a.skips',
    'b.warns',
    'b.cannot-tell',
    'b.writes',
    'a.final',
    'b.watches',
    'finish 8',
  ];
  it.each([1, 4])(
    'tells reporters start, each result in plan order, then finish (concurrency %i)',
    async (n) => {
      const { events } = await run(false, n);
      expect(events).toEqual(plannedOrder);
    },
  );

  const outcomes = [
    { id: 'a.passes', strict: false, outcome: 'passed', message: /^all rules held$/ },
    { id: 'a.throws', strict: false, outcome: 'inconclusive', message: /check threw \(a kit bug.*kaput/ },
    { id: 'b.cannot-tell', strict: false, outcome: 'inconclusive', message: /data cannot tell/ },
    { id: 'b.watches', strict: false, outcome: 'inconclusive', message: /saw no answer it could judge/ },
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
    expect(summary.counts).toEqual({ passed: 2, failed: 0, warned: 1, skipped: 2, inconclusive: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import { FaultRules, faultNote, type FaultRuleInput, type FaultTarget } from './faults.js';

const LIST: FaultTarget = {
  operationId: 'listSubscriptions',
  method: 'GET',
  path: '/subscriptions/subscriptions',
  query: 'page%5Blimit%5D=5&include=plans',
  headers: { 'user-agent': 'checkout-app/2.1', 'x-canary': ['a', 'b'] },
  session: 'worker-1',
};

const rulesOf = (...inputs: FaultRuleInput[]) => {
  const rules = new FaultRules(() => Date.UTC(2026, 0, 2));
  for (const input of inputs) rules.add(input);
  return rules;
};

describe('FaultRules matching', () => {
  const cases: { name: string; rule: FaultRuleInput; target?: Partial<FaultTarget>; matches: boolean }[] = [
    { name: 'a rule with no match field matches every request', rule: { status: 500 }, matches: true },
    {
      name: 'the same operationId matches',
      rule: { operationId: 'listSubscriptions', status: 500 },
      matches: true,
    },
    {
      name: 'another operationId does not',
      rule: { operationId: 'getNodeProducts', status: 500 },
      matches: false,
    },
    {
      name: 'a request of no operation never matches an operationId',
      rule: { operationId: 'listSubscriptions', status: 500 },
      target: { operationId: undefined },
      matches: false,
    },
    { name: 'the same method matches', rule: { method: 'GET', status: 500 }, matches: true },
    { name: 'another method does not', rule: { method: 'POST', status: 500 }, matches: false },
    {
      name: 'a path pattern with * matches a run of characters',
      rule: { path: '/subscriptions/*', status: 500 },
      matches: true,
    },
    { name: '* also matches across slashes', rule: { path: '/*s', status: 500 }, matches: true },
    { name: 'the whole path must match', rule: { path: '/subscriptions', status: 500 }, matches: false },
    {
      name: 'dots in a pattern are literal',
      rule: { path: '/subscriptions.subscriptions', status: 500 },
      target: { path: '/subscriptionsXsubscriptions' },
      matches: false,
    },
    { name: 'a query substring matches', rule: { query: 'include=plans', status: 500 }, matches: true },
    {
      name: 'a query substring absent does not',
      rule: { query: 'include=products', status: 500 },
      matches: false,
    },
    { name: 'a header present matches', rule: { header: 'User-Agent', status: 500 }, matches: true },
    { name: 'a header absent does not', rule: { header: 'x-absent', status: 500 }, matches: false },
    {
      name: 'a header value holding the substring matches',
      rule: { header: 'user-agent: checkout', status: 500 },
      matches: true,
    },
    {
      name: 'a header value without it does not',
      rule: { header: 'user-agent: catalog', status: 500 },
      matches: false,
    },
    {
      name: 'any value of a repeated header may hold it',
      rule: { header: 'x-canary: b', status: 500 },
      matches: true,
    },
    { name: 'the same session matches', rule: { session: 'worker-1', status: 500 }, matches: true },
    { name: 'another session does not', rule: { session: 'worker-2', status: 500 }, matches: false },
    {
      name: 'every field given must match',
      rule: { operationId: 'listSubscriptions', method: 'POST', status: 500 },
      matches: false,
    },
  ];
  it.each(cases)('$name', ({ rule, target, matches }) => {
    const action = rulesOf(rule).actOn({ ...LIST, ...target });
    expect(action !== undefined).toBe(matches);
  });
});

describe('faultNote', () => {
  const cases: { rule: FaultRuleInput; note: string }[] = [
    { rule: { status: 429 }, note: 'fault-1: status 429' },
    { rule: { status: 402, body: { no: 'money' } }, note: 'fault-1: status 402' },
    { rule: { reset: true }, note: 'fault-1: connection reset' },
    { rule: { hang: true }, note: 'fault-1: no answer' },
    { rule: { truncate: true }, note: 'fault-1: body cut short' },
    { rule: { delay: 300 }, note: 'fault-1: delay 300 ms' },
    { rule: { delay: [100, 200], status: 503 }, note: 'fault-1: delay [100,200] ms, status 503' },
  ];
  it.each(cases)('$note', ({ rule, note }) => {
    expect(faultNote('fault-1', rule)).toBe(note);
  });
});

describe('FaultRules limits and order', () => {
  it('times: N acts on N requests, then the rule retires', () => {
    const rules = rulesOf({ status: 503, times: 3 });
    const acted = Array.from({ length: 5 }, () => rules.actOn(LIST) !== undefined);
    expect(acted).toEqual([true, true, true, false, false]);
    expect(rules.size).toBe(0);
  });

  it('probability with a seed draws the same requests on every run, and counts matched and applied', () => {
    const run = (seed: number) => {
      const rules = rulesOf({ status: 500, probability: 0.5, seed });
      const hits = Array.from({ length: 40 }, () => rules.actOn(LIST) !== undefined);
      return { hits, view: rules.list()[0] };
    };
    const first = run(7);
    expect(run(7).hits).toEqual(first.hits);
    expect(run(8).hits).not.toEqual(first.hits);
    const applied = first.hits.filter(Boolean).length;
    expect(applied).toBeGreaterThan(5);
    expect(applied).toBeLessThan(35);
    expect(first.view).toMatchObject({ matched: 40, applied });
  });

  const edges = [
    { name: 'probability 0 never acts', probability: 0, acted: 0 },
    { name: 'probability 1 always acts', probability: 1, acted: 10 },
  ];
  it.each(edges)('$name', ({ probability, acted }) => {
    const rules = rulesOf({ status: 500, probability });
    expect(Array.from({ length: 10 }, () => rules.actOn(LIST)).filter(Boolean)).toHaveLength(acted);
  });

  it('times counts the requests acted on, not the ones a probability passed over', () => {
    const rules = rulesOf({ status: 500, probability: 0.5, seed: 3, times: 2 });
    const hits = Array.from({ length: 40 }, () => rules.actOn(LIST) !== undefined);
    expect(hits.filter(Boolean)).toHaveLength(2);
    expect(rules.size).toBe(0);
  });

  it('the first rule that matches acts; a rule passed over by its draw lets the next one act', () => {
    const rules = rulesOf({ status: 502, probability: 0 }, { status: 503 }, { status: 504 });
    expect(rules.actOn(LIST)).toMatchObject({ status: 503 });
    expect(rules.list().map((rule) => [rule.id, rule.matched, rule.applied])).toEqual([
      ['fault-1', 1, 0],
      ['fault-2', 1, 1],
      ['fault-3', 0, 0],
    ]);
  });

  it('lists rules as added, with their id and time; remove and clear take them away', () => {
    const rules = rulesOf({ status: 500 }, { reset: true });
    expect(rules.list()).toEqual([
      { status: 500, id: 'fault-1', matched: 0, applied: 0, created_at: '2026-01-02T00:00:00.000Z' },
      { reset: true, id: 'fault-2', matched: 0, applied: 0, created_at: '2026-01-02T00:00:00.000Z' },
    ]);
    expect([rules.remove('fault-1'), rules.remove('fault-1')]).toEqual([true, false]);
    expect(rules.list().map((rule) => rule.id)).toEqual(['fault-2']);
    rules.clear();
    expect(rules.size).toBe(0);
    expect(rules.add({ status: 500 }).id).toBe('fault-3');
  });
});

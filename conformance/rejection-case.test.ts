import { describe, expect, it } from 'vitest';
import { holdsFirstBodyWhileWaiting } from '../test/support/scripted-context.js';
import { recordCount, rejectionCheck, setPath, type RejectionCase } from './rejection-case.js';

describe('setPath', () => {
  const cases = [
    { path: ['a'], value: 1, result: { a: 1, b: { c: [1, 2] } } },
    { path: ['b', 'c', 0], value: 9, result: { a: 0, b: { c: [9, 2] } } },
    { path: ['b', 'c'], value: [], result: { a: 0, b: { c: [] } } },
    { path: ['a'], value: undefined, result: { b: { c: [1, 2] } } },
    { path: ['b', 'd'], value: 'x', result: { a: 0, b: { c: [1, 2], d: 'x' } } },
  ];
  it.each(cases)('sets $path to $value', ({ path, value, result }) => {
    const body = { a: 0, b: { c: [1, 2] } };
    setPath(body, path, value);
    expect(body).toEqual(result);
  });

  it('refuses a path through a missing parent', () => {
    expect(() => setPath({ a: 1 }, ['x', 'y'], 1)).toThrow(/no x.y/);
  });
});

describe('recordCount', () => {
  const cases = [
    { body: { data: [1, 2, 3] }, count: 3 },
    { body: { data: [] }, count: 0 },
    { body: { data: {} }, count: undefined },
    { body: undefined, count: undefined },
    { body: 'text', count: undefined },
  ];
  it.each(cases)('counts $count records in $body', ({ body, count }) => {
    expect(recordCount(body)).toBe(count);
  });
});

describe('rejectionCheck', () => {
  const cases: RejectionCase[] = ['one', 'two', 'three'].map((label) => ({
    label: `a limit of ${label}`,
    rule: 'page[limit] is a number',
    source: 'contract',
    request: () => ({ query: { 'page[limit]': label } }),
  }));
  const check = rejectionCheck({
    id: 'rejection.list-test',
    title: 'odd limits are rejected',
    operation: 'listSubscriptions',
    source: 'contract',
    cites: 'interface.md',
    cases,
  });

  it('judges each answer as it comes: a body is not held while the other answers are awaited', async () => {
    expect(await holdsFirstBodyWhileWaiting(check, cases.length)).toBe(false);
  });
});

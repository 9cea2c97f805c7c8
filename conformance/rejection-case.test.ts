import { describe, expect, it } from 'vitest';
import { recordCount, setPath } from './rejection-case.js';

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

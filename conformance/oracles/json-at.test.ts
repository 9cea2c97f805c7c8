import { describe, expect, it } from 'vitest';
import { arrayOf, idOf, jsonAt, objectEntries } from './json-at.js';

describe('json accessors', () => {
  const body = { data: [{ id: 'a' }], meta: { page: { limit: 5 } }, list: [1] };
  const cases = [
    { name: 'jsonAt follows object keys', actual: () => jsonAt(body, 'meta', 'page', 'limit'), expected: 5 },
    {
      name: 'jsonAt stops at a missing key',
      actual: () => jsonAt(body, 'meta', 'nope', 'limit'),
      expected: undefined,
    },
    {
      name: 'jsonAt does not index arrays by key',
      actual: () => jsonAt(body, 'list', '0'),
      expected: undefined,
    },
    { name: 'arrayOf gives an array as it is', actual: () => arrayOf(body.data), expected: [{ id: 'a' }] },
    { name: 'arrayOf gives none for a non-array', actual: () => arrayOf(body.meta), expected: [] },
    { name: 'objectEntries lists an object', actual: () => objectEntries({ a: 1 }), expected: [['a', 1]] },
    { name: 'objectEntries gives none for an array', actual: () => objectEntries([1]), expected: [] },
    { name: 'idOf reads a string id', actual: () => idOf({ id: 'x' }), expected: 'x' },
    { name: 'idOf ignores a numeric id', actual: () => idOf({ id: 1 }), expected: undefined },
  ];
  it.each(cases)('$name', ({ actual, expected }) => {
    expect(actual()).toEqual(expected);
  });
});

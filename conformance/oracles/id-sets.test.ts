import { describe, expect, it } from 'vitest';
import { commonIds, duplicateIds, idsOf, listIds, missingIds } from './id-sets.js';

describe('id sets', () => {
  const cases = [
    {
      name: 'idsOf keeps string ids in order',
      actual: () => idsOf([{ id: 'b' }, { id: 1 }, null, { id: 'a' }]),
      expected: ['b', 'a'],
    },
    {
      name: 'duplicateIds lists each repeated id once',
      actual: () => duplicateIds(['a', 'b', 'a', 'c', 'a', 'b']),
      expected: ['a', 'b'],
    },
    { name: 'duplicateIds finds none in distinct ids', actual: () => duplicateIds(['a', 'b']), expected: [] },
    {
      name: 'missingIds lists expected ids the actual lacks',
      actual: () => missingIds(['a', 'b', 'c'], ['b']),
      expected: ['a', 'c'],
    },
    {
      name: 'missingIds is empty when all are there',
      actual: () => missingIds(['a'], ['a', 'z']),
      expected: [],
    },
    {
      name: 'commonIds intersects in the left order',
      actual: () => commonIds(['c', 'a', 'b'], ['b', 'c']),
      expected: ['c', 'b'],
    },
  ];
  it.each(cases)('$name', ({ actual, expected }) => {
    expect(actual()).toEqual(expected);
  });

  it.each([
    [['a', 'b'], 'a, b'],
    [['a', 'b', 'c', 'd', 'e', 'f', 'g'], 'a, b, c, d, e and 2 more'],
  ])('lists %j as %j', (ids, text) => {
    expect(listIds(ids)).toBe(text);
  });
});

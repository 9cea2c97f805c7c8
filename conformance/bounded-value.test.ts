import { describe, expect, it } from 'vitest';
import { boundValue } from './bounded-value.js';

describe('boundValue', () => {
  const cases = [
    { what: 'a short string as it is', value: 'abc', expected: 'abc' },
    {
      what: 'a long string cut with its length',
      value: 'x'.repeat(20),
      expected: `${'x'.repeat(12)}… (20 characters)`,
    },
    { what: 'a short array as it is', value: [1, 2, 3], expected: [1, 2, 3] },
    { what: 'a long array cut with a count', value: [1, 2, 3, 4, 5, 6], expected: [1, 2, 3, '… and 3 more'] },
    { what: 'a small object as it is', value: { a: 1 }, expected: { a: 1 } },
    {
      what: 'a large object as cut JSON',
      value: { key: 'a long value' },
      expected: '{"key":"a lo… (22 characters of JSON)',
    },
    { what: 'numbers and null as they are', value: null, expected: null },
  ];
  it.each(cases)('keeps $what', ({ value, expected }) => {
    expect(boundValue(value, 3, 12)).toEqual(expected);
  });
});

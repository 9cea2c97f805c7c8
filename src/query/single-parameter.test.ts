import { describe, expect, it } from 'vitest';
import { singleParameter } from './single-parameter.js';

const cases = [
  { name: 'an absent parameter is null', query: 'a=1', expected: { ok: true, value: null } },
  {
    name: 'a present parameter is its decoded value',
    query: 'include=plans%2Cproducts',
    expected: { ok: true, value: 'plans,products' },
  },
  { name: 'an empty parameter is the empty string', query: 'include=', expected: { ok: true, value: '' } },
  {
    name: 'a repeated parameter is refused with the count',
    query: 'include=plans&include=products&include=plans',
    expected: {
      ok: false,
      problems: [{ parameter: 'include', detail: 'include must be given at most once; got 3 values' }],
    },
  },
];

describe('singleParameter', () => {
  it.each(cases)('$name', ({ query, expected }) => {
    expect(singleParameter(new URLSearchParams(query), 'include')).toEqual(expected);
  });
});

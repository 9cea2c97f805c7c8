import { describe, expect, it } from 'vitest';
import { nestingPast } from './read-body.js';

describe('nestingPast', () => {
  const cases = [
    { title: 'a flat object is within any limit', text: '{"a":1,"b":[1,2]}', limit: 2, expected: -1 },
    { title: 'the bracket that goes one past the limit is named', text: '[[[1]]]', limit: 2, expected: 2 },
    { title: 'objects and arrays count alike', text: '{"a":{"b":[{}]}}', limit: 3, expected: 11 },
    { title: 'brackets inside strings do not count', text: '{"a":"[[[[{{{{"}', limit: 1, expected: -1 },
    { title: 'an escaped quote does not end the string', text: '{"a":"\\"[[[["}', limit: 1, expected: -1 },
    { title: 'closing brackets bring the depth back down', text: '[[1],[2],[3],[[4]]]', limit: 3, expected: -1 },
    { title: 'half a million brackets are found at once', text: '['.repeat(500_000), limit: 32, expected: 32 },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ text, limit, expected }) => {
    expect(nestingPast(text, limit)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { boundProblem, describeBound, type Bound } from './limit-rules.js';

const name: Bound = { kind: 'length', min: 3, max: 1024 };
const percentage: Bound = { kind: 'number', max: 100 };
const minimum: Bound = { kind: 'number', min: 1 };
const depth: Bound = { kind: 'items', max: 10 };

describe('boundProblem', () => {
  const cases: Array<{ name: string; value: unknown; bound: Bound; problem: string | undefined }> = [
    { name: 'a name within bounds', value: 'Oak', bound: name, problem: undefined },
    { name: 'a name too short', value: 'Ok', bound: name, problem: '2 characters, at least 3' },
    {
      name: 'a name too long',
      value: 'x'.repeat(1025),
      bound: name,
      problem: '1025 characters, at most 1024',
    },
    { name: 'emoji counted as one character each', value: '😀😀😀', bound: name, problem: undefined },
    { name: 'an absent value', value: undefined, bound: name, problem: undefined },
    { name: 'a percentage of 100', value: 100, bound: percentage, problem: undefined },
    { name: 'a percentage over 100', value: 100.5, bound: percentage, problem: '100.5, at most 100' },
    { name: 'a minimum of 0', value: 0, bound: minimum, problem: '0, at least 1' },
    { name: 'ten breadcrumb levels', value: Array(10).fill('n'), bound: depth, problem: undefined },
    {
      name: 'eleven breadcrumb levels',
      value: Array(11).fill('n'),
      bound: depth,
      problem: '11 entries, at most 10',
    },
  ];
  it.each(cases)('judges $name', ({ value, bound, problem }) => {
    expect(boundProblem(value, bound)).toBe(problem);
  });
});

describe('describeBound', () => {
  it.each([
    [name, '3 to 1024 characters'],
    [percentage, 'at most 100'],
    [minimum, 'at least 1'],
    [depth, 'at most 10 levels'],
  ] as const)('describes %j as %s', (bound, text) => {
    expect(describeBound(bound)).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { childFigures } from './child-figures.js';

const cases = [
  { name: 'the last line is read', stdout: 'a warning\n{"a":1.5,"b":2}\n', figures: { a: 1.5, b: 2 } },
  { name: 'other fields are left out', stdout: '{"a":1,"b":2,"c":"x"}', figures: { a: 1, b: 2 } },
  { name: 'no JSON is said so', stdout: 'Error: boom\n', problem: "no JSON line in the child's output" },
  { name: 'an empty output is said so', stdout: '', problem: "no JSON line in the child's output" },
  { name: 'a missing figure is said so', stdout: '{"a":1}\n', problem: 'no positive a and b: {"a":1}' },
  { name: 'a zero is refused', stdout: '{"a":0,"b":1}', problem: 'no positive a and b' },
  { name: 'a number as text is refused', stdout: '{"a":"1","b":1}', problem: 'no positive a and b' },
  { name: 'a JSON null is refused', stdout: 'null', problem: 'no positive a and b' },
];

describe('childFigures', () => {
  it.each(cases)('$name', ({ stdout, figures, problem }) => {
    const parsed = childFigures(stdout, ['a', 'b']);
    if (figures !== undefined) expect(parsed).toEqual(figures);
    else expect(parsed).toContain(problem);
  });
});

import { describe, expect, it } from 'vitest';
import { seededDraws } from './seeded-draws.js';

const draws = (seed: number, count: number) => {
  const draw = seededDraws(seed);
  return Array.from({ length: count }, () => draw());
};

describe('seededDraws', () => {
  it('the same seed gives the same numbers', () => {
    expect(draws(7, 50)).toEqual(draws(7, 50));
  });

  const pairs = [
    { name: 'seeds 7 and 8 give other numbers', a: 7, b: 8, same: false },
    { name: 'seeds 0 and 1 give other numbers', a: 0, b: 1, same: false },
    { name: 'seeds are read as 32 bits: 1 and 2^32 + 1 give the same', a: 1, b: 2 ** 32 + 1, same: true },
  ];
  it.each(pairs)('$name', ({ a, b, same }) => {
    expect(draws(a, 20).join() === draws(b, 20).join()).toBe(same);
  });

  it('draws in [0, 1), spread over the interval', () => {
    const values = draws(42, 2_000);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    const low = values.filter((value) => value < 0.5).length;
    expect(low).toBeGreaterThan(900);
    expect(low).toBeLessThan(1_100);
  });
});

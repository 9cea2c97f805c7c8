import { describe, expect, it } from 'vitest';
import { deriveSeed, seededFaker } from './seeded-faker.js';

describe('deriveSeed', () => {
  const cases = [
    { a: [1, 'catalog', 0], b: [1, 'catalog', 1], why: 'another catalog index' },
    { a: [1, 'catalog', 0], b: [2, 'catalog', 0], why: 'another run seed' },
    { a: [1, 'catalog', 0, 'content'], b: [1, 'catalog', 0, 'skeleton'], why: 'another part' },
  ] as const;
  it.each(cases)('changes with $why and repeats for the same inputs', ({ a, b }) => {
    const [seedA, ...labelsA] = a;
    const [seedB, ...labelsB] = b;
    expect(deriveSeed(seedA, ...labelsA)).toBe(deriveSeed(seedA, ...labelsA));
    expect(deriveSeed(seedA, ...labelsA)).not.toBe(deriveSeed(seedB, ...labelsB));
  });

  it('stays a non-negative 32-bit integer', () => {
    for (let seed = 0; seed < 50; seed++) {
      const derived = deriveSeed(seed, 'x');
      expect(Number.isInteger(derived) && derived >= 0 && derived < 2 ** 32).toBe(true);
    }
  });
});

describe('seededFaker', () => {
  it('gives the same values for the same seed and labels, dates included', () => {
    const draw = () => {
      const faker = seededFaker(7, 'catalog', 1);
      return [faker.string.uuid(), faker.date.past().toISOString(), faker.number.int(1000)];
    };
    expect(draw()).toEqual(draw());
  });
});

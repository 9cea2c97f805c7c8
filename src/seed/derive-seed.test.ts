import { describe, expect, it } from 'vitest';
import { deriveSeed, seededRandom } from './derive-seed.js';

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

describe('seededRandom', () => {
  it('gives the same values for the same seed and labels, dates included, and others for other labels', () => {
    const draw = (...labels: string[]) => {
      const { faker } = seededRandom(7, ...labels);
      return [faker.string.uuid(), faker.date.past().toISOString(), faker.number.int(1000)];
    };
    expect(draw('catalog', '1')).toEqual(draw('catalog', '1'));
    expect(draw('catalog', '1')).not.toEqual(draw('catalog', '2'));
    // The reference date is fixed, so "past" is the same year whatever the clock says.
    expect(String(draw('catalog', '1')[1]).slice(0, 4)).toBe('2025');
  });
});

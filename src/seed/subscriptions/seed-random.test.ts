import { en, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { SeedRandom } from './seed-random.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('SeedRandom', () => {
  it('makes version 4 UUIDs that do not repeat', () => {
    const random = new SeedRandom(7);
    const ids = Array.from({ length: 5000 }, () => random.uuid());
    expect(ids.every((id) => UUID_V4.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  const tokenCases = [
    { length: 1, prefix: '' },
    { length: 6, prefix: 'cus_' },
    { length: 14, prefix: 'card_' },
    { length: 40, prefix: 'sub-' },
  ];
  it.each(tokenCases)('makes tokens of $length characters after the prefix $prefix', ({ length, prefix }) => {
    const token = new SeedRandom(3).token(length, prefix);
    expect(token.startsWith(prefix)).toBe(true);
    expect(token.slice(prefix.length)).toMatch(new RegExp(`^[0-9a-z]{${length}}$`));
  });

  it('draws the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => {
      const random = new SeedRandom(seed);
      return [
        random.uuid(),
        random.token(10),
        random.int(0, 1000),
        random.pick(['a', 'b', 'c']),
        random.chance(0.5),
      ];
    };
    expect(draw(11)).toEqual(draw(11));
    expect(draw(11)).not.toEqual(draw(12));
  });

  it('keeps ints inside their bounds, both included', () => {
    const random = new SeedRandom(5);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(2, 4)));
    expect([...seen].sort()).toEqual([2, 3, 4]);
  });
  const parityCases = [
    { seed: 1, min: 0, max: 9999 },
    { seed: 2, min: 0, max: 0xffffffff },
    { seed: 3, min: -5, max: 7 },
    { seed: 4, min: 3, max: 3 },
  ];
  it.each(parityCases)(
    'draws ints in $min..$max exactly as faker.number.int does for seed $seed, words interleaved',
    ({ seed, min, max }) => {
      const random = new SeedRandom(seed);
      const faker = new Faker({ locale: [en], seed });
      const ours = Array.from({ length: 200 }, (_, index) =>
        index % 50 === 0 ? random.faker.person.firstName() : random.int(min, max),
      );
      const fakers = Array.from({ length: 200 }, (_, index) =>
        index % 50 === 0 ? faker.person.firstName() : faker.number.int({ min, max }),
      );
      expect(ours).toEqual(fakers);
    },
  );

  it('refuses an empty range and an empty pick', () => {
    const random = new SeedRandom(1);
    expect(() => random.int(5, 4)).toThrow(RangeError);
    expect(() => random.pick([])).toThrow(/empty/);
  });
});

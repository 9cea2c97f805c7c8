import { en, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { SEED_REF_DATE, SeedRandom } from './seed-random.js';

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

  // Each of faker's draws beside the SeedRandom method that promises its values, on equally seeded
  // generators, with a faker word drawn now and then so both keep sharing one sequence.
  const ITEMS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const fakerCases: {
    name: string;
    ours: (random: SeedRandom) => unknown;
    fakers: (faker: Faker) => unknown;
  }[] = [
    { name: 'float', ours: (r) => r.float(), fakers: (f) => f.number.float() },
    { name: 'float in 0..1', ours: (r) => r.float(), fakers: (f) => f.number.float({ min: 0, max: 1 }) },
    { name: 'boolean', ours: (r) => r.boolean(), fakers: (f) => f.datatype.boolean() },
    { name: 'boolean(0.12)', ours: (r) => r.boolean(0.12), fakers: (f) => f.datatype.boolean(0.12) },
    { name: 'boolean(0)', ours: (r) => r.boolean(0), fakers: (f) => f.datatype.boolean(0) },
    { name: 'boolean(1)', ours: (r) => r.boolean(1), fakers: (f) => f.datatype.boolean(1) },
    { name: 'pick', ours: (r) => r.pick(ITEMS), fakers: (f) => f.helpers.arrayElement(ITEMS) },
    { name: 'pick of one', ours: (r) => r.pick(['x']), fakers: (f) => f.helpers.arrayElement(['x']) },
    {
      name: 'pickSome(3)',
      ours: (r) => r.pickSome(ITEMS, 3),
      fakers: (f) => f.helpers.arrayElements(ITEMS, 3),
    },
    {
      name: 'pickSome(1..3)',
      ours: (r) => r.pickSome(ITEMS, { min: 1, max: 3 }),
      fakers: (f) => f.helpers.arrayElements(ITEMS, { min: 1, max: 3 }),
    },
    {
      name: 'pickSome(all)',
      ours: (r) => r.pickSome(ITEMS, 9),
      fakers: (f) => f.helpers.arrayElements(ITEMS, 9),
    },
    {
      name: 'pickSome(0)',
      ours: (r) => r.pickSome(ITEMS, 0),
      fakers: (f) => f.helpers.arrayElements(ITEMS, 0),
    },
    {
      name: 'pickSome of nothing',
      ours: (r) => r.pickSome([], { min: 1, max: 3 }),
      fakers: (f) => f.helpers.arrayElements([], { min: 1, max: 3 }),
    },
    { name: 'shuffle', ours: (r) => r.shuffle(ITEMS), fakers: (f) => f.helpers.shuffle(ITEMS) },
    { name: 'fakerUuid', ours: (r) => r.fakerUuid(), fakers: (f) => f.string.uuid() },
    { name: 'digits(12)', ours: (r) => r.digits(12), fakers: (f) => f.string.numeric(12) },
    {
      name: 'upperAlphanumeric(8)',
      ours: (r) => r.upperAlphanumeric(8),
      fakers: (f) => f.string.alphanumeric({ length: 8, casing: 'upper' }),
    },
    {
      name: 'between',
      ours: (r) => r.between(1_700_000_000_000, 1_760_000_000_000),
      fakers: (f) => f.date.between({ from: 1_700_000_000_000, to: 1_760_000_000_000 }).getTime(),
    },
    { name: 'soon(120)', ours: (r) => r.soon(120), fakers: (f) => f.date.soon({ days: 120 }).getTime() },
    { name: 'firstName', ours: (r) => r.firstName(), fakers: (f) => f.person.firstName() },
    { name: 'lastName', ours: (r) => r.lastName(), fakers: (f) => f.person.lastName() },
  ];
  it.each(fakerCases)("draws faker's own values: $name", ({ ours, fakers }) => {
    for (const seed of [1, 99]) {
      const random = new SeedRandom(seed);
      const faker = new Faker({ locale: [en], seed });
      faker.setDefaultRefDate(SEED_REF_DATE);
      const draw = <T>(source: T, value: (source: T) => unknown, word: (source: T) => string) =>
        Array.from({ length: 300 }, (_, index) => (index % 40 === 0 ? word(source) : value(source)));
      expect(draw(random, ours, (r) => r.faker.commerce.department())).toEqual(
        draw(faker, fakers, (f) => f.commerce.department()),
      );
    }
  });

  it('refuses an empty range, an empty pick and strings longer than its buffer', () => {
    const random = new SeedRandom(1);
    expect(() => random.int(5, 4)).toThrow(RangeError);
    expect(() => random.pick([])).toThrow(/empty/);
    expect(() => random.digits(257)).toThrow(RangeError);
    expect(() => random.token(250, 'prefix_')).toThrow(RangeError);
    expect(random.digits(256)).toMatch(/^[0-9]{256}$/);
  });
});

import { Faker as MainFaker, en as mainEn, generateMersenne53Randomizer } from '@faker-js/faker';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { en, Faker, firstName, lastName, MersenneTwister53 } from './faker-english.js';

// 1,500 draws take 3,000 words: the state is regenerated several times, not only after seeding.
const DRAWS = 1500;
const drawsOf = (randomizer: { next(): number }) => Array.from({ length: DRAWS }, () => randomizer.next());

describe('MersenneTwister53', () => {
  const seeds = [
    { seed: 0 },
    { seed: 1 },
    { seed: 5489 },
    { seed: 2 ** 31 - 1 },
    { seed: 2 ** 31 },
    { seed: 2 ** 32 - 1 },
    { seed: -7 },
    { seed: [1, 2, 3] },
    // A missing word adds NaN in faker, which the state then reads as 0: ours must do the same.
    { seed: [] as number[] },
    { seed: Object.assign(new Array<number>(3), { 0: 1, 2: 3 }) },
    { seed: [0x123, 0x234, 0x345, 0x456] },
    { seed: Array.from({ length: 700 }, (_, at) => at * 2654435761) },
  ];
  it.each(seeds)("draws faker's own values for seed $seed", ({ seed }) => {
    const faker = generateMersenne53Randomizer();
    faker.seed(seed);
    expect(drawsOf(new MersenneTwister53(seed))).toEqual(drawsOf(faker));
  });

  it('draws when `next` is called on its own, as faker calls it', () => {
    const { next } = new MersenneTwister53(9);
    expect(Array.from({ length: 3 }, () => next())).toEqual(drawsOf(new MersenneTwister53(9)).slice(0, 3));
  });

  it('starts over when seeded again, and draws in [0, 1)', () => {
    const random = new MersenneTwister53(42);
    const first = drawsOf(random);
    random.seed(42);
    expect(drawsOf(random)).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(first).size).toBe(DRAWS);
  });
});

describe('faker runtime from the English entry', () => {
  it('makes fakers that draw what the main entry with [en] draws, words and numbers alike', () => {
    const draw = (faker: MainFaker) => [
      faker.person.firstName(),
      faker.person.lastName(),
      faker.commerce.productName(),
      faker.commerce.department(),
      faker.company.name(),
      faker.lorem.sentence(),
      faker.word.noun(),
      faker.color.human(),
      faker.string.uuid(),
      faker.number.int({ min: 0, max: 1000 }),
      faker.date.past({ years: 2, refDate: '2026-01-01T00:00:00.000Z' }).toISOString(),
    ];
    for (const seed of [1, 7, 12345]) {
      const ours = new Faker({ locale: en, seed });
      const mains = new MainFaker({ locale: [mainEn], seed });
      expect(Array.from({ length: 20 }, () => draw(ours))).toEqual(
        Array.from({ length: 20 }, () => draw(mains)),
      );
    }
  });

  it("is the main entry's class, with English data", () => {
    expect(Faker).toBe(MainFaker);
    expect(new Faker({ locale: en }).getMetadata().code).toBe('en');
  });
});

describe('person names drawn without faker', () => {
  // 2,000 names per seed reach the double-barrelled last names (1 in 20) many times over.
  it.each([{ seed: 1 }, { seed: 7 }, { seed: 424242 }])(
    "are faker's firstName and lastName, value for value and draw for draw, for seed $seed",
    ({ seed }) => {
      const faker = new MainFaker({ locale: [mainEn], seed });
      const { next } = new MersenneTwister53(seed);
      const draw = (index: number) => (index % 3 === 0 ? firstName(next) : lastName(next));
      const fakers = (index: number) =>
        index % 3 === 0 ? faker.person.firstName() : faker.person.lastName();
      const names = Array.from({ length: 2000 }, (_, index) => draw(index));
      expect(names).toEqual(Array.from({ length: 2000 }, (_, index) => fakers(index)));
      expect(names.some((name) => name.includes('-'))).toBe(true);
      // Still in step afterwards: the same number of draws was taken.
      expect(next()).toBe(faker.number.float());
    },
  );
});

describe('the faker this file follows', () => {
  it('is @faker-js/faker 10.6.0: on an upgrade, check this file against the new version before moving the pin', () => {
    const manifest = createRequire(import.meta.url).resolve('@faker-js/faker/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    expect(version, 'faker-english.ts reads faker internals of 10.6.0; seeded ids may move').toBe('10.6.0');
  });
});

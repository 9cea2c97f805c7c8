import { Faker as MainFaker, en as mainEn } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { en, Faker } from './faker-runtime.js';

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

import type { Faker as FakerType, LocaleDefinition } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';

// Importing '@faker-js/faker' itself loads all 70 locales, about 150 ms of every start-up and test file.
// The English entry loads one, but exports only a ready instance: the class is that instance's constructor,
// and the locale is its merged definitions (en, then base). faker-runtime.test.ts checks both against the
// main entry's, value for value.

/** faker's `Faker` class. */
export const Faker = englishFaker.constructor as typeof FakerType;
export type Faker = FakerType;

/** faker's English locale (with base as the fallback), as `new Faker({ locale })` takes it. */
export const en: LocaleDefinition = englishFaker.rawDefinitions;

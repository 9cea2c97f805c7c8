import { Faker, en } from '@faker-js/faker';

/** Faker's reference date for every seeded catalog: relative dates never depend on the clock. */
export const SEED_REFERENCE_DATE = '2026-01-01T00:00:00.000Z';

/**
 * A 32-bit seed for one part of the data (FNV-1a over the run's seed and a label), so each catalog is
 * seeded on its own: seeding them lazily, in any order, gives the same records.
 * @example deriveSeed(1, 'catalog', 2) // the same number on every run and machine
 */
export function deriveSeed(seed: number, ...labels: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of [String(seed), ...labels.map(String)].join('/')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A faker instance seeded for one part of the data, with the fixed reference date. */
export function seededFaker(seed: number, ...labels: readonly (string | number)[]): Faker {
  const faker = new Faker({ locale: [en], seed: deriveSeed(seed, ...labels) });
  faker.setDefaultRefDate(SEED_REFERENCE_DATE);
  return faker;
}

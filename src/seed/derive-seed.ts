import { SeedRandom } from './seed-random.js';

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

/** The seeded randomness of one part of the data (its faker included, with the fixed reference date). */
export function seededRandom(seed: number, ...labels: readonly (string | number)[]): SeedRandom {
  return new SeedRandom(deriveSeed(seed, ...labels));
}

import { SeedRandom } from './seed-random.js';

/** A 32-bit seed per part of the data (FNV-1a), so lazily seeded catalogs come out the same in any order. */
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

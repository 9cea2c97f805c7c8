import type { Faker as FakerType, LocaleDefinition, Randomizer } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';

// faker internals, for speed (its main entry loads 70 locales); faker-english.test.ts checks each against faker.

/** faker's `Faker` class. */
export const Faker = englishFaker.constructor as typeof FakerType;
export type Faker = FakerType;

/** faker's English locale (with base as the fallback), as `new Faker({ locale })` takes it. */
export const en: LocaleDefinition = englishFaker.rawDefinitions;

type Next = () => number;
interface BySex<T> {
  generic?: readonly T[];
  female?: readonly T[];
  male?: readonly T[];
}

/** `helpers.arrayElement(items)`: no draw for a single item. */
function arrayElement<T>(next: Next, items: readonly T[]): T | undefined {
  return items[items.length > 1 ? Math.floor(next() * items.length) : 0];
}

/** `helpers.weightedArrayElement`: one draw scaled to the sum of the weights. */
function weightedElement<T>(next: Next, entries: readonly { weight: number; value: T }[]): T | undefined {
  const total = entries.reduce((sum, { weight }) => sum + weight, 0);
  const drawn = next() * total;
  let reached = 0;
  for (const { weight, value } of entries) {
    reached += weight;
    if (drawn < reached) return value;
  }
  return entries.at(-1)?.value;
}

/** The person module's choice of list for a sex drawn by `sexType()` (female or male, one draw). */
function listForDrawnSex<T>(next: Next, entry: BySex<T> | null | undefined): readonly T[] {
  const sexed = Math.floor(next() * 2) === 0 ? entry?.female : entry?.male;
  const generic = entry?.generic;
  if (sexed === undefined) return generic ?? [];
  if (generic === undefined) return sexed;
  const lists = [
    { weight: 3 * Math.sqrt(sexed.length), value: sexed },
    { weight: Math.sqrt(generic.length), value: generic },
  ];
  return weightedElement(next, lists) ?? generic;
}

/** `faker.person.firstName()` drawn on `next`. */
export function firstName(next: Next): string {
  return arrayElement(next, listForDrawnSex(next, en.person?.first_name)) ?? '';
}

/** `faker.person.lastName()` drawn on `next`: a weighted pattern, its names filled in from left to right. */
export function lastName(next: Next): string {
  const pattern = weightedElement(next, listForDrawnSex(next, en.person?.last_name_pattern)) ?? '';
  const names: BySex<string> = en.person?.last_name ?? {};
  return pattern.replace(
    /\{\{person\.last_name\.(generic|female|male)\}\}/g,
    (_, list: keyof BySex<string>) => arrayElement(next, names[list] ?? []) ?? '',
  );
}

// MT19937 (Matsumoto and Nishimura, 1998), faker's default generator.
const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/** Faker's default randomizer (generateMersenne53Randomizer): MT19937 with 53-bit floats in [0, 1). */
export class MersenneTwister53 implements Randomizer {
  // Int32Array stores what every use of faker's state words reads anyway: the words as 32-bit integers.
  private readonly words = new Int32Array(N);
  private index = N;

  constructor(seed: number | readonly number[] = 0) {
    this.seed(seed);
  }

  seed(seed: number | readonly number[]): void {
    if (typeof seed === 'number') this.seedWithNumber(seed);
    else this.seedWithArray(seed);
    this.twist();
  }

  /** genrand_res53; a bound field because faker's distributor calls `next` detached from the randomizer. */
  readonly next = (): number => {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) * (1 / 9007199254740992);
  };

  private nextUint32(): number {
    if (this.index >= N) this.twist();
    let y = this.words[this.index++] ?? 0;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  private seedWithNumber(seed: number): void {
    const words = this.words;
    words[0] = seed;
    for (let at = 1; at < N; at++) {
      const previous = words[at - 1] ?? 0;
      words[at] = Math.imul(1812433253, previous ^ (previous >>> 30)) + at;
    }
  }

  /** init_by_array: the seed words mixed into the state seeded with 19650218. */
  private seedWithArray(key: readonly number[]): void {
    const words = this.words;
    this.seedWithNumber(19650218);
    let at = 1;
    let keyAt = 0;
    for (let left = Math.max(N, key.length); left > 0; left--) {
      const previous = words[at - 1] ?? 0;
      // A missing key word (an empty or sparse array) adds undefined, so NaN, stored as 0: as in faker.
      words[at] =
        ((words[at] ?? 0) ^ Math.imul(previous ^ (previous >>> 30), 1664525)) +
        (key[keyAt] as number) +
        keyAt;
      at++;
      keyAt++;
      if (at >= N) {
        words[0] = words[N - 1] ?? 0;
        at = 1;
      }
      if (keyAt >= key.length) keyAt = 0;
    }
    for (let left = N - 1; left > 0; left--) {
      const previous = words[at - 1] ?? 0;
      words[at] = ((words[at] ?? 0) ^ Math.imul(previous ^ (previous >>> 30), 1566083941)) - at;
      at++;
      if (at >= N) {
        words[0] = words[N - 1] ?? 0;
        at = 1;
      }
    }
    words[0] = UPPER_MASK;
  }

  /** Regenerates all 624 words (faker does this right after seeding, then every 624 draws). */
  private twist(): void {
    const words = this.words;
    // Three runs instead of `% N`: the word M places on wraps past the state's end in the second and third.
    for (let at = 0; at < N - M; at++) words[at] = mix(words[at], words[at + 1], words[at + M]);
    for (let at = N - M; at < N - 1; at++) words[at] = mix(words[at], words[at + 1], words[at + M - N]);
    words[N - 1] = mix(words[N - 1], words[0], words[M - 1]);
    this.index = 0;
  }
}

function mix(word = 0, next = 0, far = 0): number {
  const y = (word & UPPER_MASK) | (next & LOWER_MASK);
  return far ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
}

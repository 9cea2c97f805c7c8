import { en, Faker, generateMersenne53Randomizer, type Randomizer } from '@faker-js/faker';

/** Faker's fixed reference date: seeded "past" and "future" are relative to it, never to the clock. */
export const SEED_REF_DATE = '2026-01-01T00:00:00.000Z';
export const SEED_REF_MS = Date.parse(SEED_REF_DATE);

const HEX_CODES = Buffer.from('0123456789abcdef', 'latin1');
const TOKEN_CODES = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz', 'latin1');
const DASH = 0x2d;

/**
 * The seeded randomness of the subscription side: faker for words, and cheap draws (ints, uuids, tokens,
 * picks) on faker's own generator, because faker's richer helpers cost microseconds each and 100,000
 * records would take seconds.
 * @example const random = new SeedRandom(1); random.uuid() // same value for seed 1 on every run
 */
export class SeedRandom {
  readonly faker: Faker;
  // Faker's default generator, held here so that the cheap draws skip faker.number.int's option handling
  // while giving exactly its values (seed-random.test.ts): the same seed still gives the same data.
  private readonly randomizer: Randomizer = generateMersenne53Randomizer();
  // Strings are written here and copied out flat: joining pieces with + would leave each id a tree of
  // cons strings, several times its size, and 100,000 records would hold hundreds of MB.
  private readonly bytes = Buffer.alloc(16);
  private readonly text = Buffer.alloc(256);

  constructor(seed: number) {
    this.faker = new Faker({ locale: [en], seed, randomizer: this.randomizer });
    this.faker.setDefaultRefDate(SEED_REF_DATE);
  }

  /** An integer in [min, max], both included: `faker.number.int({ min, max })`, drawn the same way. */
  int(min: number, max: number): number {
    const low = Math.ceil(min);
    const high = Math.floor(max);
    if (low === high) return low; // faker draws nothing here either
    if (high < low) throw new RangeError(`no integer between ${min} and ${max}`);
    return Math.floor(this.randomizer.next() * (high - low + 1) + low);
  }

  /** True with probability `p` (0..1). */
  chance(p: number): boolean {
    return this.int(0, 9999) < p * 10_000;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** A version 4 UUID from four 32-bit draws (about ten times cheaper than faker.string.uuid). */
  uuid(): string {
    const bytes = this.bytes;
    for (let word = 0; word < 4; word += 1) bytes.writeUInt32BE(this.uint32(), word * 4);
    bytes[6] = 0x40 | ((bytes[6] ?? 0) & 0x0f);
    bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
    const text = this.text;
    let at = 0;
    for (let index = 0; index < 16; index += 1) {
      if (index === 4 || index === 6 || index === 8 || index === 10) text[at++] = DASH;
      const byte = bytes[index] ?? 0;
      text[at++] = HEX_CODES[byte >>> 4] ?? 0;
      text[at++] = HEX_CODES[byte & 0x0f] ?? 0;
    }
    return text.toString('latin1', 0, at);
  }

  /** `prefix` then `length` lowercase letters and digits. */
  token(length: number, prefix = ''): string {
    const text = this.text;
    let at = text.write(prefix, 0, 'latin1');
    const end = Math.min(at + length, text.length);
    while (at < end) {
      let draw = this.uint32();
      // Six base-36 digits per draw: 36^6 is below 2^32.
      for (let digit = 0; digit < 6 && at < end; digit += 1) {
        text[at++] = TOKEN_CODES[draw % 36] ?? 0;
        draw = Math.floor(draw / 36);
      }
    }
    return text.toString('latin1', 0, at);
  }

  private uint32(): number {
    return this.int(0, 0xffffffff);
  }
}

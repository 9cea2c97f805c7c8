import { en, Faker, firstName, lastName, MersenneTwister53 } from './faker-english.js';

/** Faker's fixed reference date: seeded "past" and "future" are relative to it, never to the clock. */
export const SEED_REF_DATE = '2026-01-01T00:00:00.000Z';
export const SEED_REF_MS = Date.parse(SEED_REF_DATE);

export const DAY_MS = 86_400_000;
const HEX_CODES = Buffer.from('0123456789abcdef', 'latin1');
const TOKEN_CODES = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz', 'latin1');
// faker.string's alphabets, in faker's order: a draw is an index into them.
const DIGIT_CODES = Buffer.from('0123456789', 'latin1');
const UPPER_ALPHANUMERIC_CODES = Buffer.from('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'latin1');
const DASH = 0x2d;

/** How many items `pickSome` takes: a count, or a range drawn like faker's `{ min, max }`. */
export type ItemCount = number | { min: number; max: number };

/** Cheap draws on faker's generator; most match faker's helpers value for value (tests compare), so ids stay. */
export class SeedRandom {
  readonly faker: Faker;
  private readonly randomizer: MersenneTwister53;
  // Copied out flat: + joins would leave each id a tree of cons strings, several times its size.
  private readonly text = Buffer.alloc(256);

  constructor(seed: number) {
    this.randomizer = new MersenneTwister53(seed);
    this.faker = new Faker({ locale: en, randomizer: this.randomizer });
    this.faker.setDefaultRefDate(SEED_REF_DATE);
  }

  /** An integer in [min, max], both included: `faker.number.int({ min, max })`. */
  int(min: number, max: number): number {
    const low = Math.ceil(min);
    const high = Math.floor(max);
    if (low === high) return low; // faker draws nothing here either
    if (high < low) throw new RangeError(`no integer between ${min} and ${max}`);
    return Math.floor(this.randomizer.next() * (high - low + 1) + low);
  }

  /** A float in [0, 1): `faker.number.float()`. */
  float(): number {
    return this.randomizer.next();
  }

  /** True with probability `probability`: `faker.datatype.boolean(probability)`. */
  boolean(probability = 0.5): boolean {
    if (probability <= 0) return false;
    if (probability >= 1) return true;
    return this.randomizer.next() < probability;
  }

  /** True with probability `p` (0..1), to four decimals. */
  chance(p: number): boolean {
    return this.int(0, 9999) < p * 10_000;
  }

  /** One item: `faker.helpers.arrayElement(items)`. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Distinct items in random order: `faker.helpers.arrayElements(items, count)`. */
  pickSome<T>(items: readonly T[], count: ItemCount): T[] {
    if (items.length === 0) return [];
    const wanted = typeof count === 'number' ? count : this.int(count.min, count.max);
    if (wanted >= items.length) return this.shuffle(items);
    if (wanted <= 0) return [];
    // A Fisher-Yates shuffle of the last `wanted` places only.
    const copy = [...items];
    const stop = copy.length - wanted;
    for (let at = copy.length - 1; at >= stop; at--) this.swap(copy, at, this.int(0, at));
    return copy.slice(stop);
  }

  /** The items in random order: `faker.helpers.shuffle(items)`. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let at = copy.length - 1; at > 0; at--) this.swap(copy, at, this.int(0, at));
    return copy;
  }

  /** `faker.person.firstName()`. */
  firstName(): string {
    return firstName(this.randomizer.next);
  }

  /** `faker.person.lastName()`. */
  lastName(): string {
    return lastName(this.randomizer.next);
  }

  /** A version 4 UUID from four 32-bit draws (about ten times cheaper than faker.string.uuid). */
  uuid(): string {
    const text = this.text;
    let at = 0;
    for (let word = 0; word < 4; word += 1) {
      let bits = this.uint32() | 0;
      if (word === 1) bits = (bits & ~0xf000) | 0x4000; // the version nibble
      if (word === 2) bits = (bits & 0x3fffffff) | 0x80000000; // the variant bits
      for (let shift = 28; shift >= 0; shift -= 4) {
        if (at === 8 || at === 13 || at === 18 || at === 23) text[at++] = DASH;
        text[at++] = HEX_CODES[(bits >>> shift) & 0x0f] ?? 0;
      }
    }
    return text.toString('latin1', 0, at);
  }

  /** `faker.string.uuid()`: the 30 free hex digits left to right, then the variant digit. */
  fakerUuid(): string {
    const text = this.text;
    let at = 0;
    for (let digit = 0; digit < 32; digit++) {
      if (digit === 8 || digit === 12 || digit === 16 || digit === 20) text[at++] = DASH;
      if (digit === 12)
        text[at++] = 0x34; // '4', the version
      else if (digit !== 16) text[at++] = HEX_CODES[this.int(0, 15)] ?? 0;
      else at++; // the variant digit, drawn last
    }
    text[19] = HEX_CODES[this.int(8, 11)] ?? 0;
    return text.toString('latin1', 0, at);
  }

  /** `length` decimal digits, leading zeros allowed: `faker.string.numeric(length)`. */
  digits(length: number): string {
    return this.characters(DIGIT_CODES, length);
  }

  /** `length` of 0-9 and A-Z: `faker.string.alphanumeric({ length, casing: 'upper' })`. */
  upperAlphanumeric(length: number): string {
    return this.characters(UPPER_ALPHANUMERIC_CODES, length);
  }

  /** Epoch ms in [from, to] (whole ms): `faker.date.between({ from, to }).getTime()`. */
  between(from: number, to: number): number {
    return this.int(from, to);
  }

  /** Epoch ms within `days` after the reference date: `faker.date.soon({ days }).getTime()`. */
  soon(days: number): number {
    return this.between(SEED_REF_MS + 1000, SEED_REF_MS + days * DAY_MS);
  }

  /** `prefix` then `length` lowercase letters and digits. */
  token(length: number, prefix = ''): string {
    const text = this.text;
    let at = text.write(prefix, 0, 'latin1');
    const end = at + Math.max(0, length);
    if (end > text.length) throw new RangeError(`at most ${text.length} characters, not ${end}`);
    while (at < end) {
      let draw = this.uint32();
      // Six base-36 digits per draw: 36^6 is below 2^32.
      for (let digit = 0; digit < 6 && at < end; digit += 1) {
        // draw % 36 without %: on a draw above 2^31 it is a floating-point remainder, a call into C.
        const rest = Math.floor(draw / 36);
        text[at++] = TOKEN_CODES[draw - rest * 36] ?? 0;
        draw = rest;
      }
    }
    return text.toString('latin1', 0, at);
  }

  private characters(codes: Buffer, length: number): string {
    const text = this.text;
    const end = Math.max(0, length);
    if (end > text.length) throw new RangeError(`at most ${text.length} characters, not ${length}`);
    for (let at = 0; at < end; at++) text[at] = codes[this.int(0, codes.length - 1)] ?? 0;
    return text.toString('latin1', 0, end);
  }

  private swap<T>(items: T[], a: number, b: number): void {
    const item = items[a] as T;
    items[a] = items[b] as T;
    items[b] = item;
  }

  private uint32(): number {
    return this.int(0, 0xffffffff);
  }
}

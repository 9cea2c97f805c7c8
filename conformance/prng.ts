/** A small seeded generator: the same seed gives the same sequence on every machine (no Math.random). */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A string of `length` characters (code points) drawn from `alphabet`. */
  string(length: number, alphabet?: string): string;
  /** A version 4 UUID built from the sequence, so generated ids are reproducible too. */
  uuid(): string;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** mulberry32: 32-bit state, good enough spread for test input generation. */
export function mulberry32(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    string: (length, alphabet = ALPHANUMERIC) => {
      // By code point, so an emoji in the alphabet never yields a lone surrogate.
      const characters = [...alphabet];
      let out = '';
      for (let i = 0; i < length; i++) out += characters[int(0, characters.length - 1)] ?? '';
      return out;
    },
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16));
      hex[12] = '4';
      hex[16] = '89ab'[int(0, 3)] ?? '8';
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}

/**
 * One seed per check (FNV-1a of the check id mixed with the run seed): a check sends the same requests
 * for the same seed whichever other checks `--only`/`--skip` leave in the run.
 */
export function deriveSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

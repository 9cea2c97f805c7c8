import { describe, expect, it } from 'vitest';
import { seedMock } from './seed-mock.js';
import { seededStores } from './seeded-stores.js';

const small = { seed: 5, subscriptions: 3, products: 2 };
const cases = [
  { name: 'the same seed and sizes share the stores', second: small, shared: true },
  { name: 'another seed gets its own', second: { ...small, seed: 6 }, shared: false },
  { name: 'other sizes get their own', second: { ...small, subscriptions: 4 }, shared: false },
];

describe('seededStores', () => {
  it.each(cases)('$name', ({ second, shared }) => {
    const first = seededStores(small);
    expect(seededStores(second) === first).toBe(shared);
  });

  it('keeps only the last seed: asking for an earlier one again seeds it anew', () => {
    const first = seededStores(small);
    seededStores({ ...small, seed: 7 });
    expect(seededStores(small)).not.toBe(first);
  });

  it('seeds each catalog on its first read, the same records whenever and in whatever order they are read', () => {
    const json = (value: unknown) =>
      JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Map ? [...inner] : inner));
    const inOrder = seedMock(small).catalogs.map((source) => json(source.seed()));
    const late = seedMock(small);
    seedMock({ seed: 9, subscriptions: 5, products: 3 }).catalogs[1]?.seed(); // other draws between
    const reversed = [...late.catalogs].reverse().map((source) => json(source.seed()));
    expect(reversed.reverse()).toEqual(inOrder);
    expect(late.catalogs[1]?.seed()).toBe(late.catalogs[1]?.seed());
  });
});

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

  it('seeds the catalogs on first read, the same records whenever they are read', () => {
    const json = (value: unknown) =>
      JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Map ? [...inner] : inner));
    const late = seedMock(small);
    expect(typeof Object.getOwnPropertyDescriptor(late, 'catalogs')?.get).toBe('function');
    const atOnce = json(seedMock(small).catalogs);
    expect(seedMock({ seed: 9, subscriptions: 5, products: 3 }).catalogs.length).toBeGreaterThan(0); // other draws between
    expect(json(late.catalogs)).toBe(atOnce);
    expect(late.catalogs).toBe(late.catalogs);
  });
});

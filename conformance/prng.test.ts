import { describe, expect, it } from 'vitest';
import { deriveSeed, mulberry32 } from './prng.js';

describe('mulberry32', () => {
  it('gives the same sequence for the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
  });

  it('gives different sequences for different seeds', () => {
    expect(mulberry32(1).next()).not.toEqual(mulberry32(2).next());
  });

  const intCases = [
    { min: 0, max: 0 },
    { min: 1, max: 6 },
    { min: -5, max: 5 },
    { min: 1000, max: 1002 },
  ];
  it.each(intCases)('keeps int($min, $max) inside its bounds', ({ min, max }) => {
    const prng = mulberry32(7);
    for (let i = 0; i < 200; i++) {
      const value = prng.int(min, max);
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(min);
      expect(value).toBeLessThanOrEqual(max);
    }
  });

  it('reaches both ends of an int range', () => {
    const prng = mulberry32(3);
    const seen = new Set(Array.from({ length: 100 }, () => prng.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });

  it('draws strings of the asked length from the asked alphabet', () => {
    const value = mulberry32(9).string(50, 'xy');
    expect(value).toMatch(/^[xy]{50}$/);
  });

  it('never splits a character made of two code units', () => {
    const value = mulberry32(4).string(200, 'a😀');
    expect(() => encodeURIComponent(value)).not.toThrow();
    expect([...value]).toHaveLength(200);
  });

  it('draws version 4 UUIDs', () => {
    const prng = mulberry32(11);
    for (let i = 0; i < 20; i++) {
      expect(prng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('refuses to pick from an empty list', () => {
    expect(() => mulberry32(1).pick([])).toThrow(/empty/);
  });
});

describe('deriveSeed', () => {
  const cases = [
    { a: [1, 'schema.x'], b: [1, 'schema.y'] },
    { a: [1, 'schema.x'], b: [2, 'schema.x'] },
  ] as const;
  it.each(cases)('separates $a from $b', ({ a, b }) => {
    expect(deriveSeed(a[0], a[1])).not.toEqual(deriveSeed(b[0], b[1]));
  });

  it('is stable for the same seed and label', () => {
    expect(deriveSeed(5, 'rejection.create')).toBe(deriveSeed(5, 'rejection.create'));
  });
});

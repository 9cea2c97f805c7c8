import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

const toIso = (ms: number): string => new Date(ms).toISOString();

describe('isoTime', () => {
  const cases = [
    { title: 'the epoch', ms: 0 },
    { title: 'a leap day', ms: Date.UTC(2024, 1, 29, 23, 59, 59, 999) },
    { title: 'the day after a century non-leap February', ms: Date.UTC(2100, 2, 1) },
    { title: 'a 400-year leap day', ms: Date.UTC(2000, 1, 29, 12) },
    { title: 'the last millisecond of year 9999', ms: Date.UTC(9999, 11, 31, 23, 59, 59, 999) },
    { title: 'year 10000 (six-digit year)', ms: Date.UTC(10_000, 0, 1) },
    { title: 'a time before 1970', ms: Date.UTC(1969, 11, 31, 23, 59, 59, 1) },
    { title: 'the earliest date', ms: -8.64e15 },
    { title: 'a fractional millisecond', ms: 1_700_000_000_000.75 },
  ];
  it.each(cases)('writes $title exactly as toISOString', ({ ms }) => {
    expect(isoTime(ms)).toBe(toIso(ms));
  });

  it('writes every whole millisecond from 1970 to 10000 exactly as toISOString', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_800_000 }), (ms) => {
        expect(isoTime(ms)).toBe(toIso(ms));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([Number.NaN, 8.64e15 + 1, Number.POSITIVE_INFINITY])('refuses %s as toISOString does', (ms) => {
    expect(() => isoTime(ms)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { addIntervals, isoTime } from './calendar.js';
import type { BillingIntervalType } from './subscriptions/records.js';

const cases: { from: string; unit: BillingIntervalType; count: number; expected: string }[] = [
  { from: '2026-01-01T10:00:00.000Z', unit: 'day', count: 0, expected: '2026-01-01T10:00:00.000Z' },
  { from: '2026-01-01T10:00:00.000Z', unit: 'day', count: 3, expected: '2026-01-04T10:00:00.000Z' },
  { from: '2026-01-01T10:00:00.000Z', unit: 'week', count: 2, expected: '2026-01-15T10:00:00.000Z' },
  { from: '2026-01-15T10:00:00.000Z', unit: 'month', count: 1, expected: '2026-02-15T10:00:00.000Z' },
  { from: '2026-01-31T10:00:00.000Z', unit: 'month', count: 1, expected: '2026-02-28T10:00:00.000Z' },
  { from: '2028-01-31T10:00:00.000Z', unit: 'month', count: 1, expected: '2028-02-29T10:00:00.000Z' },
  { from: '2026-11-30T00:00:00.000Z', unit: 'month', count: 3, expected: '2027-02-28T00:00:00.000Z' },
  { from: '2028-02-29T00:00:00.000Z', unit: 'year', count: 1, expected: '2029-02-28T00:00:00.000Z' },
  { from: '2026-05-20T08:30:00.000Z', unit: 'year', count: 2, expected: '2028-05-20T08:30:00.000Z' },
];

describe('addIntervals', () => {
  it.each(cases)('adds $count $unit to $from giving $expected', ({ from, unit, count, expected }) => {
    expect(new Date(addIntervals(Date.parse(from), unit, count)).toISOString()).toBe(expected);
  });
});

/** The Date-based version addMonths replaced: day of month kept, clamped to the target month's last day. */
function dateAddMonths(from: number, months: number): number {
  const day = new Date(from).getUTCDate();
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

describe('addIntervals in months and years, against Date', () => {
  // A fixed pseudo-random walk over four centuries either side of 1970 (leap days and centuries
  // included), times of day included, and month counts from -30 years to +30 years.
  let state = 12345;
  const draw = (size: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % size;
  };
  const YEAR_MS = 365.2425 * 86_400_000;
  const samples = Array.from({ length: 20_000 }, () => ({
    from: Math.round((draw(1_000_000) / 1_000_000 - 0.5) * 800 * YEAR_MS) + draw(86_400_000),
    months: draw(721) - 360,
  }));
  const edges = [
    { from: Date.parse('2000-02-29T23:59:59.999Z'), months: 12 },
    { from: Date.parse('1900-01-31T00:00:00.000Z'), months: 1 },
    { from: Date.parse('1969-12-31T23:59:59.999Z'), months: 2 },
    { from: Date.parse('1970-01-01T00:00:00.000Z'), months: -1 },
    { from: -62135596800000, months: -1 },
    { from: 8.64e15 - 86_400_000, months: 1 },
    { from: -8.64e15, months: -1 },
    { from: Date.parse('2026-01-31T00:00:00.000Z'), months: 1e15 },
    { from: Number.NaN, months: 1 },
  ];

  it('gives what the Date version gives for whole ms and month counts, out-of-range as NaN', () => {
    for (const { from, months } of [...edges, ...samples]) {
      expect([from, months, addIntervals(from, 'month', months)]).toEqual([
        from,
        months,
        dateAddMonths(from, months),
      ]);
    }
  });

  it('adds years as twelve months', () => {
    for (const { from, months } of samples.slice(0, 500)) {
      const years = Math.trunc(months / 12);
      expect(addIntervals(from, 'year', years)).toBe(dateAddMonths(from, years * 12));
    }
  });
});

describe('isoTime', () => {
  const cases: { title: string; ms: number }[] = [
    { title: 'the epoch', ms: 0 },
    { title: 'a time of today', ms: Date.parse('2026-11-23T17:45:09.042Z') },
    { title: 'the last millisecond of a leap day', ms: Date.parse('2028-02-29T23:59:59.999Z') },
    { title: 'a century that is no leap year', ms: Date.parse('2100-03-01T00:00:00.000Z') },
    { title: 'a time before 1970', ms: Date.parse('1969-12-31T23:59:59.999Z') },
    { title: 'year 1 (a four-digit year with zeros)', ms: Date.parse('0001-06-15T12:30:00.000Z') },
    { title: 'the first millisecond of year 0', ms: -62_167_219_200_000 },
    { title: 'the last millisecond of year 9999', ms: 253_402_300_799_999 },
    { title: 'year 10000 (six digits, left to toISOString)', ms: 253_402_300_800_000 },
    { title: 'a year before 0 (left to toISOString)', ms: -62_167_219_200_001 },
    { title: 'a fraction of a millisecond (left to toISOString)', ms: 1.5 },
  ]; // prettier-ignore
  it.each(cases)('writes $title as toISOString does', ({ ms }) => {
    expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });

  it('throws on a time that is not one, as toISOString does', () => {
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });

  it('agrees with toISOString over a walk of times from year 0 to 9999', () => {
    let state = 777;
    const draw = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 2 ** 32;
    };
    const differing: number[] = [];
    for (let index = 0; index < 20_000; index++) {
      const ms = Math.floor(-62_167_219_200_000 + draw() * 315_569_520_000_000);
      if (isoTime(ms) !== new Date(ms).toISOString()) differing.push(ms);
    }
    expect(differing).toEqual([]);
  });
});

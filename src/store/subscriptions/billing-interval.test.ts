import { describe, expect, it } from 'vitest';
import { addIntervals } from './billing-interval.js';
import type { BillingIntervalType } from './subscription-resources.js';

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

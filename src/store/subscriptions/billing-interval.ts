import type { BillingIntervalType } from './subscription-resources.js';

const DAY_MS = 86_400_000;

/**
 * `count` billing intervals after `from` (epoch ms, UTC). Months and years keep the day of the month,
 * clamped to the last day of a shorter month (Jan 31 + 1 month = Feb 28/29), as billing calendars do.
 * @example addIntervals(Date.parse('2026-01-31T00:00:00Z'), 'month', 1) // 2026-02-28T00:00:00Z
 */
export function addIntervals(from: number, unit: BillingIntervalType, count: number): number {
  switch (unit) {
    case 'day':
      return from + count * DAY_MS;
    case 'week':
      return from + count * 7 * DAY_MS;
    case 'month':
      return addMonths(from, count);
    case 'year':
      return addMonths(from, count * 12);
  }
}

function addMonths(from: number, months: number): number {
  const date = new Date(from);
  const day = date.getUTCDate();
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

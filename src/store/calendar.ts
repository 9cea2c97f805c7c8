import type { BillingIntervalType } from './subscriptions/records.js';

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

/** The most milliseconds from the epoch a Date can hold, either way. */
const MAX_TIME_MS = 8.64e15;

// Calendar arithmetic on day numbers (H. Hinnant's civil-from-days and days-from-civil, proleptic
// Gregorian, as Date uses): seeding adds months to 100,000 subscriptions, and Date objects cost several
// times more. billing-interval.test.ts checks it against the Date-based version over many dates.
function addMonths(from: number, months: number): number {
  const days = Math.floor(from / DAY_MS);
  const timeOfDay = from - days * DAY_MS;
  const { year, month, day } = civilFromDays(days);
  const total = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = total - targetYear * 12 + 1;
  const result =
    daysFromCivil(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth))) * DAY_MS +
    timeOfDay;
  // Out of Date's range is not a time, as with Date (and the caller's checks rely on that).
  return Math.abs(result) <= MAX_TIME_MS ? result : Number.NaN;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a date (month 1..12). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The date (month 1..12) of a day number. */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1,
  };
}

import type { BillingIntervalType } from './subscriptions/records.js';

const DAY_MS = 86_400_000;

/** `count` intervals after `from` (UTC ms); months and years clamp to a shorter month's last day, as billing does. */
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

// Hinnant's days-from-civil: Date objects cost several times more over 100,000 seeded subscriptions.
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

/** Year 0 to year 9999: toISOString writes these with four-digit years (others with six digits and a sign). */
const FOUR_DIGIT_YEARS = { from: -62_167_219_200_000, to: 253_402_300_800_000 };
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'));

/** `new Date(ms).toISOString()` by day arithmetic for integer ms in years 0-9999 (every stored time), else Date's. */
export function isoTime(ms: number): string {
  if (!(ms >= FOUR_DIGIT_YEARS.from && ms < FOUR_DIGIT_YEARS.to) || !Number.isInteger(ms))
    return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  const { year, month, day } = civilFromDays(days);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  rest -= seconds * 1000;
  const yyyy = year < 1000 ? String(year).padStart(4, '0') : String(year);
  return `${yyyy}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest]}Z`;
}

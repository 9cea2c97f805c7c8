const DAY_MS = 86_400_000;
/** Year 10000: from here on toISOString writes six-digit years, left to it. */
const FOUR_DIGIT_YEARS_END = 253_402_300_800_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, '0'));

/**
 * `new Date(ms).toISOString()`, about three times faster for whole milliseconds from 1970 to 9999 (every
 * stored time): rendering a subscription writes eight of them. Anything else goes to toISOString itself.
 * @example isoTime(Date.UTC(2026, 0, 31, 9, 5)) // '2026-01-31T09:05:00.000Z'
 */
export function isoTime(ms: number): string {
  if (!(ms >= 0 && ms < FOUR_DIGIT_YEARS_END) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // Days since 1970-01-01 to a proleptic Gregorian date (H. Hinnant's civil_from_days), in 400-year eras.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  rest -= seconds * 1000;
  const date = `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`;
  return `${date}T${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest]}Z`;
}

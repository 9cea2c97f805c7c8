import { detachedSlice } from './detached-slice.js';

/** Items of an array kept in a report's expected/actual; the rest are counted. */
export const MAX_ITEMS = 20;
/** Characters of a string (or of an object's JSON) kept in a report's expected/actual. */
export const MAX_CHARS = 2000;

/**
 * A value cut to a size a report can hold: long arrays keep their first items and say how many more there
 * were, long strings and large objects are cut with their size, so two failures never weigh megabytes.
 * @example boundValue(Array.from({ length: 30 }, (_, i) => i)) // [0, ..., 19, '… and 10 more']
 */
export function boundValue(value: unknown, maxItems = MAX_ITEMS, maxChars = MAX_CHARS): unknown {
  if (typeof value === 'string') {
    return value.length > maxChars
      ? `${detachedSlice(value, maxChars)}… (${value.length} characters)`
      : value;
  }
  if (Array.isArray(value)) {
    const head = value.slice(0, maxItems).map((item) => boundValue(item, maxItems, maxChars));
    return value.length > maxItems ? [...head, `… and ${value.length - maxItems} more`] : head;
  }
  if (value !== null && typeof value === 'object') {
    const text = JSON.stringify(value);
    return text.length > maxChars
      ? `${detachedSlice(text, maxChars)}… (${text.length} characters of JSON)`
      : value;
  }
  return value;
}

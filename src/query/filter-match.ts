import type { FilterExpression } from './filter.js';

/** What a store hands back for one attribute of one record: a scalar, an array attribute, or nothing. */
export type FilterValue = string | readonly string[] | null | undefined;

export interface CompileFilterOptions {
  /** Attributes compared in lowercase on both sides (decisions.md: `tags`). */
  lowercase?: readonly string[];
}

/** One predicate for every store: exact; a scalar equals, an array contains, any value; null never matches; AND. */
export function compileFilter<T>(
  expressions: readonly FilterExpression[],
  read: (record: T, attribute: string) => FilterValue,
  options: CompileFilterOptions = {},
): (record: T) => boolean {
  const tests = expressions.map((expression) => {
    const lowercase = options.lowercase?.includes(expression.attribute) ?? false;
    const fold = lowercase ? (text: string) => text.toLowerCase() : (text: string) => text;
    // A set keeps `in(id, ...)` with many ids linear in the number of records.
    const wanted = new Set(expression.values.map(fold));
    return (record: T): boolean => {
      const value = read(record, expression.attribute);
      if (value === null || value === undefined) return false;
      if (typeof value === 'string') return wanted.has(fold(value));
      return value.some((item) => typeof item === 'string' && wanted.has(fold(item)));
    };
  });
  return (record) => tests.every((test) => test(record));
}

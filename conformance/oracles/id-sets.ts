import { idOf } from './json-at.js';

/** The ids of records, in order (records without a string id are left out). */
export function idsOf(records: readonly unknown[]): string[] {
  return records.map(idOf).filter((id): id is string => id !== undefined);
}

/** Ids that occur more than once, each listed once, in order of their second occurrence. */
export function duplicateIds(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
  }
  return [...repeated];
}

/** Ids of `expected` that `actual` lacks, in the order of `expected`, each once. */
export function missingIds(expected: Iterable<string>, actual: Iterable<string>): string[] {
  const have = new Set(actual);
  return [...new Set(expected)].filter((id) => !have.has(id));
}

/** Ids present in both, in the order of `left`, each once. */
export function commonIds(left: Iterable<string>, right: Iterable<string>): string[] {
  const other = new Set(right);
  return [...new Set(left)].filter((id) => other.has(id));
}

/** A short list for a message: the first few ids and how many more. */
export function listIds(ids: readonly string[], shown = 5): string {
  const head = ids.slice(0, shown).join(', ');
  return ids.length > shown ? `${head} and ${ids.length - shown} more` : head;
}

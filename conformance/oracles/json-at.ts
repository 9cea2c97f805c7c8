/** The value under a path of object keys, or undefined: response bodies are unknown JSON until looked at. */
export function jsonAt(value: unknown, ...keys: readonly string[]): unknown {
  let node = value;
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A JSON object's entries, or none when the value is not a plain object. */
export function objectEntries(value: unknown): Array<[string, unknown]> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>)
    : [];
}

/** A JSON array, or an empty one when the value is not an array. */
export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The string `id` of a record, if it has one. */
export function idOf(record: unknown): string | undefined {
  const id = jsonAt(record, 'id');
  return typeof id === 'string' ? id : undefined;
}

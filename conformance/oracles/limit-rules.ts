/** A bound of interface.md's Limits table: on the length of a string, or on a number. */
export interface Bound {
  /** `length`: characters of a string; `number`: its value; `items`: entries of an array. */
  kind: 'length' | 'number' | 'items';
  min?: number;
  max?: number;
}

/** What is wrong with a value under a bound, in words; undefined when it holds (or the value is absent). */
export function boundProblem(value: unknown, bound: Bound): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (bound.kind === 'items') {
    if (!Array.isArray(value)) return undefined;
    return bound.max !== undefined && value.length > bound.max
      ? `${value.length} entries, at most ${bound.max}`
      : undefined;
  }
  if (bound.kind === 'length') {
    if (typeof value !== 'string') return undefined;
    // Characters are code points, as JSON Schema's minLength/maxLength count them.
    const length = [...value].length;
    if (bound.min !== undefined && length < bound.min) return `${length} characters, at least ${bound.min}`;
    if (bound.max !== undefined && length > bound.max) return `${length} characters, at most ${bound.max}`;
    return undefined;
  }
  if (typeof value !== 'number') return undefined;
  if (bound.min !== undefined && value < bound.min) return `${value}, at least ${bound.min}`;
  if (bound.max !== undefined && value > bound.max) return `${value}, at most ${bound.max}`;
  return undefined;
}

/** A bound in words for rule texts, e.g. "3 to 1024 characters". */
export function describeBound(bound: Bound): string {
  const unit = bound.kind === 'length' ? ' characters' : bound.kind === 'items' ? ' levels' : '';
  if (bound.min !== undefined && bound.max !== undefined) return `${bound.min} to ${bound.max}${unit}`;
  if (bound.max !== undefined) return `at most ${bound.max}${unit}`;
  return `at least ${bound.min ?? 0}${unit}`;
}

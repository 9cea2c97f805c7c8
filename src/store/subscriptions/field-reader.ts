/** One broken rule in a request body, located by a JSON Pointer (becomes a 400 error with `source.pointer`). */
export interface BodyProblem {
  pointer: string;
  detail: string;
}

interface StringRules {
  min?: number;
  max?: number;
  pattern?: RegExp;
  expected?: string;
}

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// RFC 3339 date-time, as JSON Schema's date-time format; parsed by Date.parse afterwards.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Reads fields of a request body and collects a problem for each that breaks its rule.
 * The http layer validates bodies against the spec first; these checks repeat the ones the domain relies on,
 * so the domain never trusts a shape it did not check (a loose schema must not become a 5xx).
 */
export class FieldReader {
  readonly problems: BodyProblem[] = [];

  problem(pointer: string, detail: string): void {
    this.problems.push({ pointer, detail });
  }

  /** An object member, or undefined with a problem when present but not an object. */
  object(source: JsonObject, key: string, pointer: string): JsonObject | undefined {
    const value = source[key];
    if (value === undefined) return undefined;
    if (isJsonObject(value)) return value;
    this.problem(`${pointer}/${key}`, `${key} must be an object`);
    return undefined;
  }

  string(source: JsonObject, key: string, pointer: string, rules: StringRules = {}): string | undefined {
    const value = source[key];
    if (value === undefined) return undefined;
    const { min = 0, max = Infinity, pattern, expected } = rules;
    const ok =
      typeof value === 'string' &&
      value.length >= min &&
      value.length <= max &&
      (!pattern || pattern.test(value));
    if (ok) return value;
    const length = max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    this.problem(`${pointer}/${key}`, `${key} must be ${expected ?? `a string of ${length} characters`}`);
    return undefined;
  }

  requiredString(
    source: JsonObject,
    key: string,
    pointer: string,
    rules: StringRules = {},
  ): string | undefined {
    if (source[key] === undefined) this.problem(`${pointer}/${key}`, `${key} is required`);
    return this.string(source, key, pointer, rules);
  }

  boolean(source: JsonObject, key: string, pointer: string): boolean | undefined {
    const value = source[key];
    if (value === undefined || typeof value === 'boolean') return value;
    this.problem(`${pointer}/${key}`, `${key} must be true or false`);
    return undefined;
  }

  /** An integer in [min, max]; `required` adds a problem when it is absent. */
  integer(
    source: JsonObject,
    key: string,
    pointer: string,
    min: number,
    required = false,
  ): number | undefined {
    const value = source[key];
    if (value === undefined) {
      if (required) this.problem(`${pointer}/${key}`, `${key} is required`);
      return undefined;
    }
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return value;
    const tooLarge = typeof value === 'number' && value > Number.MAX_SAFE_INTEGER;
    this.problem(
      `${pointer}/${key}`,
      tooLarge
        ? `${key} must be an integer of at most ${Number.MAX_SAFE_INTEGER}`
        : `${key} must be an integer of at least ${min}`,
    );
    return undefined;
  }

  /** A date-time string, returned in epoch milliseconds. */
  dateTime(source: JsonObject, key: string, pointer: string): number | undefined {
    const value = source[key];
    if (value === undefined) return undefined;
    const ms = typeof value === 'string' && DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isFinite(ms) && Math.abs(ms) <= 8.64e15) return ms;
    this.problem(`${pointer}/${key}`, `${key} must be an RFC 3339 date-time such as 2026-01-31T09:00:00Z`);
    return undefined;
  }

  /** One of `allowed`; `required` adds a problem when it is absent. */
  oneOf<T extends string>(
    source: JsonObject,
    key: string,
    pointer: string,
    allowed: readonly T[],
    required = false,
  ): T | undefined {
    const value = source[key];
    if (value === undefined) {
      if (required)
        this.problem(`${pointer}/${key}`, `${key} is required; expected one of ${allowed.join(', ')}`);
      return undefined;
    }
    if ((allowed as readonly unknown[]).includes(value)) return value as T;
    this.problem(`${pointer}/${key}`, `${key} must be one of ${allowed.join(', ')}`);
    return undefined;
  }
}

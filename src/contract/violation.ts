import type { ErrorObject as AjvError } from 'ajv';
import { escapeSegment, isJsonObject as isObject, resolveRef } from './json-pointer.js';

/** One broken rule: where (body pointer or parameter/header name), which schema keyword, and words to act on. */
export interface Violation {
  in: 'body' | 'query' | 'path' | 'header';
  /** JSON Pointer into the body (`/data/email`), or the parameter / header name (`page[limit]`). */
  at: string;
  keyword: string;
  detail: string;
}

/** Validates one value; an empty array means valid. */
export type Validate = (value: unknown) => Violation[];

/** The most violations one answer lists (decisions.md, Errors); the rest are only counted. */
export const MAX_LISTED = 50;

/** The violations of one request: the first MAX_LISTED described, the rest only counted in `omitted`. */
export class Findings {
  readonly violations: Violation[] = [];
  omitted = 0;

  /** Records one violation; `describe` runs only while the list has room. */
  add(describe: () => Violation): void {
    if (this.violations.length < MAX_LISTED) this.violations.push(describe());
    else this.omitted++;
  }

  get found(): number {
    return this.violations.length + this.omitted;
  }
}

// ajv's errors turned into words a front-end developer acts on: which field, which rule, what to send instead.

type Json = Record<string, unknown>;

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  email: 'a valid email address, e.g. jane@example.com',
  uuid: 'a UUID, e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
  'date-time': 'an ISO 8601 date-time with time zone, e.g. 2026-01-01T00:00:00Z',
  date: 'a date, e.g. 2026-01-01',
  uri: 'an absolute URI, e.g. https://example.com/image.png',
  'uri-reference': 'a URI reference',
  int64: 'a 64-bit integer',
  int32: 'a 32-bit integer',
};

/** Patterns of the spec in words: a detail says what to send, never a raw regular expression. */
export const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^[A-Z]{3}$': 'three uppercase letters, e.g. USD',
  '^[A-Za-z0-9_.-]+$': 'letters, digits, hyphen, underscore and period only',
  '^[A-Za-z0-9._-]+$': 'letters, digits, hyphen, underscore and period only',
  '^[^,A-Z]*$': 'lowercase, without commas',
  '^[45][0-9]{2}$': 'a 4xx or 5xx status code such as 404',
  '^ *(plans|products) *(, *(plans|products) *)?$': 'plans, products, or plans,products',
  '^[A-Za-z0-9._-]{1,64}$': "1 to 64 letters, digits, '.', '_' or '-'",
  '^[1-5]([0-9]{2}|xx)$': 'a status such as 404 or a class such as 4xx',
};

const plural = (n: unknown, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

function typeWords(type: unknown): string {
  const types = [type].flat().flatMap((t) => String(t).split(','));
  return types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
}

/** Where a child of `at` lives: a pointer segment in bodies, a bracket in deepObject parameters. */
export function child(location: Violation['in'], at: string, key: unknown): string {
  const name = String(key);
  return location === 'body' ? `${at}/${escapeSegment(name)}` : `${at}[${name}]`;
}

/** Each keyword's rule, phrased after its subject, from the error's params. */
const RULES: Readonly<Record<string, (p: Json) => string>> = {
  type: (p) => `must be ${typeWords(p.type)}`,
  minLength: (p) => `must be at least ${plural(p.limit, 'character')}`,
  maxLength: (p) => `must be at most ${plural(p.limit, 'character')}`,
  minimum: (p) => `must be at least ${String(p.limit)}`,
  maximum: (p) => `must be at most ${String(p.limit)}`,
  exclusiveMinimum: (p) => `must be greater than ${String(p.limit)}`,
  exclusiveMaximum: (p) => `must be less than ${String(p.limit)}`,
  multipleOf: (p) => `must be a multiple of ${String(p.multipleOf)}`,
  minItems: (p) => `must have at least ${plural(p.limit, 'item')}`,
  maxItems: (p) => `must have at most ${plural(p.limit, 'item')}`,
  uniqueItems: (p) => `must not repeat items (items ${String(p.j)} and ${String(p.i)} are equal)`,
  minProperties: (p) => `must have at least ${plural(p.limit, 'field')}`,
  maxProperties: (p) => `must have at most ${plural(p.limit, 'field')}`,
  pattern: (p) => {
    const words = PATTERN_WORDS[String(p.pattern)];
    return words === undefined ? 'is not in the expected format' : `must be ${words}`;
  },
  format: (p) => `must be ${FORMAT_WORDS[String(p.format)] ?? `a valid ${String(p.format)}`}`,
  enum: (p) => {
    const values: unknown[] = Array.isArray(p.allowedValues) ? p.allowedValues : [p.allowedValues];
    return values.length === 1
      ? `must be ${show(values[0])}`
      : `must be one of ${values.map(show).join(', ')}`;
  },
  const: (p) => `must be ${show(p.allowedValue)}`,
  oneOf: () => 'matches more than one of the allowed shapes; send the fields of exactly one',
  anyOf: () => 'must match one of the allowed shapes',
};

/** The rule broken by `error`, phrased after its subject. */
function rule(error: AjvError): string {
  // Own keys only: a keyword named like an Object.prototype member has no rule.
  const words = Object.hasOwn(RULES, error.keyword) ? RULES[error.keyword] : undefined;
  if (words === undefined) return `is not valid (${error.keyword}: ${error.message ?? 'rule broken'})`;
  return words(error.params);
}

/** One violation for one ajv error; `at` is where the error's instancePath points (pointer or parameter name). */
export function describeAjvError(error: AjvError, location: Violation['in'], at: string): Violation {
  const p: Json = error.params;
  const subject = (where: string) => (where === '' ? 'the body' : where);
  if (error.propertyName !== undefined) {
    // An error from `propertyNames`: the key is wrong, not its value.
    const detail = `the key ${show(error.propertyName)} of ${subject(at)} ${rule(error)}`;
    return {
      in: location,
      at: child(location, at, error.propertyName),
      keyword: `propertyNames/${error.keyword}`,
      detail,
    };
  }
  switch (error.keyword) {
    case 'required': {
      const where = child(location, at, p.missingProperty);
      return { in: location, at: where, keyword: 'required', detail: `${where} is required` };
    }
    case 'dependentRequired': {
      const where = child(location, at, p.missingProperty);
      const given = child(location, at, p.property);
      return {
        in: location,
        at: where,
        keyword: 'required',
        detail: `${where} is required when ${given} is given`,
      };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const where = child(location, at, p.additionalProperty ?? p.unevaluatedProperty);
      return {
        in: location,
        at: where,
        keyword: error.keyword,
        detail: unknownFieldDetail(where, error.parentSchema),
      };
    }
    default:
      return { in: location, at, keyword: error.keyword, detail: `${subject(at)} ${rule(error)}` };
  }
}

export function unknownFieldDetail(where: string, schema: unknown, known?: readonly string[]): string {
  const names =
    known ?? (isObject(schema) && isObject(schema.properties) ? Object.keys(schema.properties) : []);
  const list = names.length > 0 && names.length <= 30 ? `; known fields here: ${names.join(', ')}` : '';
  return `${where} is not a known field; check its spelling or remove it${list}`;
}

// --- oneOf / anyOf: report the errors of the branch the value was closest to, not every branch's. ---

const SKIPPED_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum', 'description', 'title']);
const reachableCache = new WeakMap<object, Set<object>>();

/** Every schema object reachable from `schema` (through local $refs), to tell which branch an error came from. */
function reachable(document: unknown, schema: unknown): Set<object> {
  if (!isObject(schema)) return new Set();
  const cached = reachableCache.get(schema);
  if (cached !== undefined) return cached;
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    if (typeof node.$ref === 'string') visit(resolveRef(document, node).value);
    for (const [key, value] of Object.entries(node)) if (!SKIPPED_KEYS.has(key)) visit(value);
  };
  visit(schema);
  reachableCache.set(schema, seen);
  return seen;
}

const within = (path: string, parent: string) => path === parent || path.startsWith(`${parent}/`);

/**
 * Of a oneOf/anyOf's errors, those of the branch whose type matched with the fewest errors, else one "must be a or
 * b"; a `propertyNames` summary is dropped (the error before it names the key).
 */
export function condenseErrors(document: unknown, errors: readonly AjvError[]): AjvError[] {
  const out: AjvError[] = [];
  for (const error of errors) {
    if (error.keyword === 'propertyNames') continue;
    if ((error.keyword !== 'oneOf' && error.keyword !== 'anyOf') || !Array.isArray(error.schema)) {
      out.push(error);
      continue;
    }
    const branches = error.schema.map((branch) => reachable(document, branch));
    const groups: AjvError[][] = branches.map(() => []);
    while (out.length > 0) {
      const previous = out[out.length - 1] as AjvError;
      const index = branches.findIndex((set) => set.has(previous.parentSchema as object));
      if (!within(previous.instancePath, error.instancePath) || index < 0) break;
      groups[index]?.push(previous); // pushed last first, reversed below: unshift would be quadratic
      out.pop();
    }
    for (const group of groups) group.reverse();
    const typeMiss = (group: AjvError[]) =>
      group.some(
        (e) => e.instancePath === error.instancePath && (e.keyword === 'type' || e.keyword === 'const'),
      );
    const candidates = groups.filter((group) => group.length > 0 && !typeMiss(group));
    if (groups.some((group) => group.length === 0) || groups.length === 0) {
      out.push(error); // several branches passed (oneOf), nothing finer to say
    } else if (candidates.length > 0) {
      out.push(...candidates.reduce((best, group) => (group.length < best.length ? group : best)));
    } else {
      const types = groups.flatMap((g) =>
        g.filter((e) => e.keyword === 'type').map((e): unknown => e.params.type),
      );
      const consts = groups.flatMap((g) =>
        g.filter((e) => e.keyword === 'const').map((e): unknown => e.params.allowedValue),
      );
      out.push(
        consts.length > 0 && types.length === 0
          ? { ...error, keyword: 'enum', params: { allowedValues: [...new Set(consts)] } }
          : { ...error, keyword: 'type', params: { type: [...new Set(types.map(String))].join(',') } },
      );
    }
  }
  return out;
}

import { atPointer } from '../spec.js';

/** A bound of a request body the spec states: where, which keyword, its value, and whether it is a convention. */
export interface BodyBound {
  /** Keys from the body's root; `0` is an array's first item, `*` the first key of a map (a Price). */
  path: readonly string[];
  keyword: 'maxLength' | 'minLength' | 'maxItems' | 'minItems' | 'maxProperties' | 'maximum' | 'minimum';
  limit: number;
  /** Marked `x-convention` on the way (decisions.md, Bounds): a break only warns. */
  convention: boolean;
  /** Strings of these formats are padded so they keep their format. */
  format?: 'email' | 'uri';
}

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema with its `$ref` followed; keywords beside the `$ref` (3.1 allows them) win. */
function resolved(doc: unknown, schema: Schema): Schema {
  let node = schema;
  for (let hops = 0; hops < 16 && typeof node.$ref === 'string'; hops++) {
    const { $ref: ref, ...siblings } = node;
    const target = atPointer(doc, String(ref));
    node = { ...(isSchema(target) ? target : {}), ...siblings };
  }
  return node;
}

const STRING_FORMATS = new Set(['email', 'uri']);
const LENGTHS = ['maxLength', 'minLength'] as const;
const NUMBERS = ['maximum', 'minimum'] as const;
const ITEMS = ['maxItems', 'minItems'] as const;

/**
 * Every bound under a request schema that a plain value can sit at: strings (no pattern, enum or other format),
 * numbers, arrays and maps. Combinators (oneOf, allOf) are not entered: their members need more than one value
 * to stay valid. A `minLength` of a formatted string is left out (no 3-character email every validator takes).
 */
export function requestBounds(doc: unknown, schema: unknown): BodyBound[] {
  const bounds: BodyBound[] = [];
  const visit = (raw: unknown, path: string[], convention: boolean, depth: number) => {
    if (!isSchema(raw) || depth > 12) return;
    const node = resolved(doc, raw);
    const marked = convention || node['x-convention'] === true;
    // decisions.md adds only upper bounds: a marked site's lower bound (products: at least 1) is interface.md's.
    const add = (keyword: BodyBound['keyword'], extra: Partial<BodyBound> = {}) => {
      const limit = node[keyword];
      const source = keyword.startsWith('max') ? marked : convention;
      if (typeof limit === 'number') bounds.push({ path, keyword, limit, convention: source, ...extra });
    };
    if (node.type === 'string') {
      const format = typeof node.format === 'string' ? node.format : undefined;
      if (node.pattern !== undefined || node.enum !== undefined || node.const !== undefined) return;
      if (format !== undefined && !STRING_FORMATS.has(format)) return;
      if (format === undefined) LENGTHS.forEach((keyword) => add(keyword));
      else add('maxLength', { format: format as 'email' | 'uri' });
      return;
    }
    const numeric = node.minimum !== undefined || node.maximum !== undefined;
    if (node.type === 'integer' || node.type === 'number' || (node.type === undefined && numeric)) {
      NUMBERS.forEach((keyword) => add(keyword));
      return;
    }
    if (node.type === 'array') {
      ITEMS.forEach((keyword) => add(keyword));
      // The site's mark is about the array's own size; its items keep their own marks.
      visit(node.items, [...path, '0'], convention, depth + 1);
      return;
    }
    if (node.type !== 'object' && node.properties === undefined) return;
    add('maxProperties');
    for (const [name, property] of Object.entries(isSchema(node.properties) ? node.properties : {})) {
      visit(property, [...path, name], marked, depth + 1);
    }
    if (isSchema(node.additionalProperties)) {
      const inner = resolved(doc, node.additionalProperties);
      visit(inner, [...path, '*'], marked, depth + 1);
    }
  };
  visit(schema, [], false, 0);
  // A map's item schema is often given twice (the $ref's and the site's): each bound once.
  const seen = new Set<string>();
  return bounds.filter((bound) => {
    const key = `${bound.path.join('/')} ${bound.keyword}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The bound in words, e.g. `/data/name maxLength 1024`. */
export function describeBound(bound: BodyBound): string {
  return `/${bound.path.join('/')} ${bound.keyword} ${bound.limit}`;
}

/** Which side of a bound a value sits: at it (must be accepted) or one past it (must be refused). */
export type Side = 'at' | 'past';

/** The value to set for a side of a bound, from the value the body holds there now. */
function valueAt(bound: BodyBound, side: Side, current: unknown): unknown {
  // No email of 1024 characters is valid by RFC 5321 (254 at most), and no 200 currencies are all real ISO codes:
  // a server may refuse those at their bound for another rule, so only the side past them is sent.
  if (side === 'at' && (bound.format === 'email' || bound.keyword === 'maxProperties')) return undefined;
  const upper = bound.keyword.startsWith('max');
  const size = side === 'at' ? bound.limit : bound.limit + (upper ? 1 : -1);
  if (size < 0 && bound.keyword !== 'minimum') return undefined;
  switch (bound.keyword) {
    case 'maxLength':
    case 'minLength':
      return sizedString(typeof current === 'string' ? current : 'kit', size, bound.format);
    case 'maxItems':
    case 'minItems':
      return Array.isArray(current) && current.length > 0 ? sizedArray(current, size) : undefined;
    case 'maxProperties':
      return isSchema(current) ? sizedMap(current, size) : undefined;
    default:
      return size;
  }
}

/** A string of `size` characters that keeps its format: the current value cut, or padded before an email's @. */
function sizedString(current: string, size: number, format: BodyBound['format']): string | undefined {
  if (format === 'email') {
    const domain = '@example.com';
    return size <= domain.length ? undefined : `${'k'.repeat(size - domain.length)}${domain}`;
  }
  if (format === 'uri') {
    const base = 'https://example.com/';
    return size <= base.length ? undefined : `${base}${'k'.repeat(size - base.length)}`;
  }
  return current.length >= size ? current.slice(0, size) : current + 'k'.repeat(size - current.length);
}

/** An array of `size` items: cut, or padded with copies of its last item (named apart when they have names). */
function sizedArray(current: readonly unknown[], size: number): unknown[] {
  const last = current.at(-1);
  const out = current.slice(0, size);
  for (let i = out.length; i < size; i++) {
    const copy = structuredClone(last);
    if (isSchema(copy) && typeof copy.name === 'string') copy.name = `${copy.name.slice(0, 1000)} ${i}`;
    out.push(copy);
  }
  return out;
}

/** A map (a Price keyed by currency) of `size` keys: cut, or padded with three-letter codes holding its first value. */
function sizedMap(current: Schema, size: number): Schema | undefined {
  const entries = Object.entries(current);
  const first = entries[0];
  if (first === undefined) return undefined;
  const out = Object.fromEntries(entries.slice(0, size));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (let n = 0; Object.keys(out).length < size && n < letters.length ** 3; n++) {
    const code = `${letters[Math.floor(n / 676)]}${letters[Math.floor(n / 26) % 26]}${letters[n % 26]}`;
    if (!(code in out)) out[code] = structuredClone(first[1]);
  }
  return out;
}

/**
 * A copy of `body` with one bound's value at the side asked, or undefined when the body has no place for it
 * (its parent is absent: an optional object the base body leaves out).
 */
export function withBound<T>(body: T, bound: BodyBound, side: Side): T | undefined {
  const copy = structuredClone(body);
  let parent: unknown = copy;
  const keys = [...bound.path];
  const last = keys.pop();
  if (last === undefined) return undefined;
  for (const key of keys) {
    parent = step(parent, key);
    if (parent === undefined) return undefined;
  }
  const key = last === '*' ? Object.keys(isSchema(parent) ? parent : {})[0] : last;
  if (key === undefined || typeof parent !== 'object' || parent === null) return undefined;
  const value = valueAt(bound, side, (parent as Record<string, unknown>)[key]);
  if (value === undefined) return undefined;
  (parent as Record<string, unknown>)[key] = value;
  return copy;
}

function step(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return key === '0' ? node[0] : undefined;
  if (!isSchema(node)) return undefined;
  return key === '*' ? Object.values(node)[0] : node[key];
}

/** How many JSON values a body holds (decisions.md bounds a create body at 10,000): objects, arrays and leaves. */
export function valueCount(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((sum: number, item) => sum + valueCount(item), 0);
  if (isSchema(value))
    return 1 + Object.values(value).reduce((sum: number, item) => sum + valueCount(item), 0);
  return 1;
}

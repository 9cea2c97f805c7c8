import fc from 'fast-check';
import { FIXTURE_IDS } from './fixture-ids.js';
import { specExample } from './spec-examples.js';

// Generators of bad input for the fuzz test: strings, JSON texts, near-valid bodies, filters, query strings
// and path segments. Each builds the bytes on the wire itself, so the test controls every character.

type Json = Record<string, unknown>;
type Segment = string | number;

export const FIXED = FIXTURE_IDS;
export const CREATE_EXAMPLES = ['CreateWithInlineOffering', 'CreateWithOfferingId'].map((name) => ({
  data: specExample(name),
}));
export const UPDATE_EXAMPLE = { data: specExample('UpdatePlanSwitch') };

// ---- strings ---------------------------------------------------------------------------------------------

const SPECIALS = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '\u202E',
  '\u0085',
  '😀',
  '\r\n',
  '"',
  '\\',
  "'",
  '%',
];
const GRAMMAR_CHARS = ['..', '/', ':', ',', '(', ')', '[', ']', '&', '=', '?', '#', '+', ' '];
const chunk = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }),
  fc.constantFrom(...SPECIALS, ...GRAMMAR_CHARS),
);
const huge = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', '"'), fc.integer({ min: 1_025, max: 120_000 }))
  .map(([unit, count]) => unit.repeat(count));

/** Unicode of every kind, control characters, lone surrogates, grammar characters: short enough for a URL. */
export const shortNastyString = fc.array(chunk, { maxLength: 5 }).map((parts) => parts.join(''));

/** A nasty string, now and then a huge one (bodies only: URLs and headers have the server's 16 kB limit). */
export const nastyString = fc.oneof(
  { weight: 8, arbitrary: shortNastyString },
  { weight: 1, arbitrary: huge },
);

// ---- JSON texts ------------------------------------------------------------------------------------------

const NUMBER_TEXTS = ['1e308', '-1e308', '1e999', '-1e999', '-0', '-0.0e-0', '5e-324', '9007199254740993'];
const ODD_TEXTS = ['"NaN"', '"Infinity"', '"-0"', '123456789012345678901234567890', '1E+2', '0.1'];
const INVALID_TEXTS = ['NaN', 'Infinity', '01', '.5', '+1', '0x10', "'single'", 'undefined', '{,}', '[1,]'];
const deep = fc
  .tuple(fc.integer({ min: 64, max: 30_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth),
  );

/** A JSON value as text (valid or not): random structures, odd numbers, deep nesting, nasty strings. */
export const jsonText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 3, arbitrary: nastyString.map((text) => JSON.stringify(text)) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_TEXTS, ...ODD_TEXTS) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_TEXTS) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.constantFrom('null', 'true', 'false', '{}', '[]', '""', '[null]') },
);

// ---- near-valid bodies -----------------------------------------------------------------------------------

/** Every path inside a JSON value (object keys and array indexes), the root excluded. */
function pathsOf(value: unknown, at: Segment[] = []): Segment[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...at, i], ...pathsOf(item, [...at, i])]);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [[...at, key], ...pathsOf(item, [...at, key])]);
  return [];
}

export type Mutation =
  | { kind: 'remove'; path: Segment[] }
  | { kind: 'replace'; path: Segment[]; text: string }
  | { kind: 'add'; path: Segment[]; key: string; text: string };

const samePath = (a: readonly Segment[], b: readonly Segment[]) =>
  a.length === b.length && a.every((segment, i) => segment === b[i]);

/** Serialises `value` with one mutation applied at the text level (so invalid JSON can be spliced in). */
export function serializeMutated(value: unknown, mutation: Mutation, at: Segment[] = []): string {
  if (mutation.kind === 'replace' && samePath(at, mutation.path)) return mutation.text;
  const skip = (path: Segment[]) => mutation.kind === 'remove' && samePath(path, mutation.path);
  if (Array.isArray(value)) {
    const items = value
      .map((item, i) => ({ item, path: [...at, i] }))
      .filter(({ path }) => !skip(path))
      .map(({ item, path }) => serializeMutated(item, mutation, path));
    return `[${items.join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value)
      .map(([key, item]) => ({ key, item, path: [...at, key] }))
      .filter(({ path }) => !skip(path))
      .map(({ key, item, path }) => `${JSON.stringify(key)}:${serializeMutated(item, mutation, path)}`);
    if (mutation.kind === 'add' && samePath(at, mutation.path))
      members.push(`${JSON.stringify(mutation.key)}:${mutation.text}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A valid example body with one field removed, replaced by another JSON text, or an unknown field added. */
export function nearValid(body: Json): fc.Arbitrary<string> {
  const paths = pathsOf(body);
  const objectPaths: Segment[][] = [
    [],
    ...paths.filter((path) => {
      const target = path.reduce<unknown>((node, key) => (node as Record<Segment, unknown>)[key], body);
      return typeof target === 'object' && target !== null && !Array.isArray(target);
    }),
  ];
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.constantFrom(...paths).map((path): Mutation => ({ kind: 'remove', path })),
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), jsonText)
        .map(([path, text]): Mutation => ({ kind: 'replace', path, text })),
    },
    fc
      .tuple(
        fc.constantFrom(...objectPaths),
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id'), nastyString),
        jsonText,
      )
      .map(([path, key, text]): Mutation => ({ kind: 'add', path, key, text })),
  );
  return mutation.map((m) => serializeMutated(body, m));
}

// ---- filters ---------------------------------------------------------------------------------------------

const ATTRIBUTES = ['account_id', 'name', 'email', 'external_ref', 'id', 'sku', 'slug', 'tags'];
const MORE_ATTRIBUTES = ['product_types', 'upc_ean', 'manufacturer_part_num', 'currency', 'status', ''];
const filterValue = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.string({ maxLength: 16 }).map((text) => `"${text}"`),
  fc.string({ maxLength: 16 }).map((text) => `'${text.replace(/'/g, "\\'")}'`),
  fc.constantFrom(
    '"unbalanced',
    "'unbalanced",
    '\\',
    '\\"',
    "\\'",
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%00',
    '%22',
    '))',
  ),
  fc.constantFrom('((', ':::', ',,', '', 'standard', 'SU0-000006', FIXED.subscriptions.subscription_id),
  fc.uuid(),
  fc.integer({ min: 1_000, max: 3_000 }).map((count) => 'v'.repeat(count)),
  shortNastyString,
);
const filterExpression = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('eq', 'in', 'EQ', 'ne', 'like', '', 'eq ', 'in(', 'eq)'),
      fc.string({ maxLength: 5 }),
    ),
    fc.oneof(fc.constantFrom(...ATTRIBUTES, ...MORE_ATTRIBUTES), shortNastyString),
    fc.array(filterValue, { maxLength: 5 }),
    fc.constantFrom(')', ')', ')', '', '))', ' )', ')('),
  )
  .map(([op, attribute, values, close]) => `${op}(${[attribute, ...values].join(',')}${close}`);
const wellFormedEq = fc
  .tuple(fc.constantFrom('name', 'email', 'sku', 'slug'), fc.string({ unit: 'grapheme-ascii', maxLength: 8 }))
  .map(([attribute, value]) => `eq(${attribute},"${value.replace(/["\\]/g, '\\$&')}")`);

/** Grammar-ish filters: unbalanced quotes and parentheses, many `:`, escapes, 11+ expressions, long values. */
export const filterText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.array(filterExpression, { maxLength: 6 }), fc.constantFrom(':', ':', '::', ' : ', '', ','))
      .map(([list, separator]) => list.join(separator)),
  },
  {
    weight: 2,
    arbitrary: fc.array(wellFormedEq, { minLength: 9, maxLength: 14 }).map((list) => list.join(':')),
  },
  { weight: 1, arbitrary: shortNastyString },
);

// ---- the wire: percent-encoding, query strings, path segments ----------------------------------------------

/** How a text goes on the wire: strictly encoded, loosely (grammar characters left raw), or latin1 raw. */
export type WireMode = 'strict' | 'loose' | 'latin1';
const KEEP: Record<WireMode, RegExp> = {
  strict: /^[A-Za-z0-9\-_.~]$/,
  loose: /^[\x21-\x7e]$/,
  latin1: /^[\x21-\x7e\xc0-\xff]$/,
};

/** Percent-encodes the UTF-8 bytes of `text` except the characters `mode` keeps raw (lone surrogates -> U+FFFD). */
export function onTheWire(text: string, mode: WireMode): string {
  let out = '';
  for (const char of text) {
    if (KEEP[mode].test(char)) out += char;
    else
      for (const byte of Buffer.from(char, 'utf8'))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
export const wireMode = fc.constantFrom<WireMode>('strict', 'strict', 'loose', 'latin1');

const PAGE_VALUES = [
  '1e2',
  '0x10',
  '01',
  ' 1',
  '1.5',
  '-0',
  '',
  '%ZZ',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '10001',
  '101',
  '0',
  '-1',
];
const INCLUDE_VALUES = [
  'plans',
  'products',
  'plans,products',
  'products,plans',
  'plans,plans',
  'component_products',
  'main_image',
  'files',
  'files,main_image,component_products',
  ',',
  'plans,',
  ' plans',
  'PLANS',
  '',
];
const queryPair = fc.oneof(
  fc.tuple(
    fc.constantFrom('page[limit]', 'page[offset]'),
    fc.oneof(
      fc.integer({ min: -5, max: 12_000 }).map(String),
      fc.constantFrom(...PAGE_VALUES),
      shortNastyString,
    ),
  ),
  fc.tuple(fc.constant('include'), fc.oneof(fc.constantFrom(...INCLUDE_VALUES), shortNastyString)),
  { weight: 2, arbitrary: fc.tuple(fc.constant('filter'), filterText) },
  fc.tuple(
    fc.oneof(
      fc.constantFrom('page[limit', 'page]', 'page[]', 'page[foo]', 'page', 'Filter', 'include[]', ''),
      shortNastyString,
    ),
    shortNastyString,
  ),
);

/** `?a=b&...` built from 0-5 parameters, each name and value encoded its own way; sometimes odd separators. */
export const queryString: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.tuple(queryPair, wireMode, wireMode), { maxLength: 5 }),
    fc.constantFrom('&', '&', '&', '&&', ';'),
  )
  .map(([pairs, separator]) =>
    pairs.length === 0
      ? ''
      : '?' +
        pairs
          .map(
            ([[name, value], nameMode, valueMode]) =>
              `${onTheWire(name, nameMode)}=${onTheWire(value, valueMode)}`,
          )
          .join(separator),
  );

const RAW_SEGMENTS = [
  'latest',
  '..',
  '.',
  '%2F',
  '%2e%2e',
  '%ZZ',
  '%',
  '',
  'a%2Fb',
  '%00',
  '%C0%AF',
  '~',
  '%20',
];
/** A path parameter: real ids, `latest`, dot segments, encoded slashes, broken percent sequences, unicode. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...FIXED.catalog.release_ids,
    FIXED.catalog.catalog_id,
    FIXED.catalog.node_id,
    FIXED.subscriptions.subscription_id,
  ),
  fc.uuid(),
  fc.constantFrom(...RAW_SEGMENTS),
  fc
    .tuple(shortNastyString, fc.constantFrom<WireMode>('strict', 'latin1'))
    .map(([text, mode]) => onTheWire(text, mode).replace(/\//g, '%2F')),
);

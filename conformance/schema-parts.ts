import { atPointer, pointerSegment } from './spec.js';

/**
 * How a body is validated in parts rather than whole: an object's own keywords apart from its members that
 * are objects or arrays themselves, an array's keywords apart from its items. Validated whole, a 3 MB page
 * of bad records makes ajv hold some 17,000 error objects at once (tens of megabytes, all surviving into
 * V8's old space); in parts, each part's few errors are counted and dropped before the next part.
 */
export type SchemaSplit =
  | {
      kind: 'object';
      /** Pointer of the schema itself (standalone `$ref`s followed). */
      pointer: string;
      /** The object's own keywords, its parted members declared `true` (so they are not "additional"). */
      shell: Record<string, unknown>;
      /** Every declared member in the schema's order (ajv's order), and whether it is validated apart. */
      members: ReadonlyArray<{ name: string; parted: boolean }>;
      /** The members' names. */
      declared: ReadonlySet<string>;
    }
  | {
      kind: 'array';
      pointer: string;
      /** The array's own keywords, its items left to `items`. */
      shell: Record<string, unknown>;
      /** Pointer of the items' schema. */
      items: string;
    };

/** Keywords that only describe: they change no verdict. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);
/** An object schema made only of these (and annotations) checks each declared member through `properties` alone. */
const OBJECT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
]);
/** An array schema made only of these (and annotations) checks each item through `items` alone. */
const ARRAY_KEYWORDS = new Set(['type', 'items', 'minItems', 'maxItems', 'uniqueItems']);

const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith('x-');

function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The schema a pointer names, through `$ref`s that stand alone (annotations beside them aside). */
function followRefs(
  doc: unknown,
  pointer: string,
): { pointer: string; node: Record<string, unknown> } | undefined {
  let current = pointer;
  for (let hops = 0; hops < 32; hops++) {
    const node = atPointer(doc, current);
    if (!isSchemaObject(node)) return undefined;
    const ref = node.$ref;
    if (typeof ref !== 'string') return { pointer: current, node };
    const alone = Object.keys(node).every((key) => key === '$ref' || isAnnotation(key));
    if (!alone || !ref.startsWith('#')) return undefined;
    current = ref.slice(1);
  }
  return undefined;
}

/** Whether the schema at `pointer` is one `splitOf` parts (an object or array schema of the keywords above). */
function partable(doc: unknown, pointer: string): boolean {
  const found = followRefs(doc, pointer);
  if (found === undefined) return false;
  const { node } = found;
  const keys = Object.keys(node).filter((key) => !isAnnotation(key));
  if (node.type === 'object')
    return isSchemaObject(node.properties) && keys.every((k) => OBJECT_KEYWORDS.has(k));
  if (node.type === 'array') return isSchemaObject(node.items) && keys.every((k) => ARRAY_KEYWORDS.has(k));
  return false;
}

/**
 * How the schema at `pointer` of `doc` (the document ajv knows as `specId`) splits a value, or undefined when
 * it must be validated whole (combinators, conditionals, unevaluated*, tuples, a $ref beside other keywords).
 * @example splitOf(doc, '/components/schemas/Things', 'spec') // { kind: 'object', members: [{ name: 'data', parted: true }], ... }
 */
export function splitOf(doc: unknown, pointer: string, specId: string): SchemaSplit | undefined {
  if (!partable(doc, pointer)) return undefined;
  const found = followRefs(doc, pointer);
  if (found === undefined) return undefined;
  const { node } = found;
  if (node.type === 'array') {
    return {
      kind: 'array',
      pointer: found.pointer,
      shell: absoluteRefs({ ...node, items: true }, specId) as Record<string, unknown>,
      items: `${found.pointer}/items`,
    };
  }
  const properties = node.properties as Record<string, unknown>;
  const members = Object.keys(properties).map((name) => ({
    name,
    parted: partable(doc, `${found.pointer}/properties/${pointerSegment(name)}`),
  }));
  const shellProperties = Object.fromEntries(
    members.map(({ name, parted }) => [name, parted ? true : properties[name]]),
  );
  return {
    kind: 'object',
    pointer: found.pointer,
    shell: absoluteRefs({ ...node, properties: shellProperties }, specId) as Record<string, unknown>,
    members,
    declared: new Set(members.map(({ name }) => name)),
  };
}

/** A copy whose local `$ref`s (`#/...`) name the document they came from, so the copy compiles on its own. */
export function absoluteRefs(value: unknown, specId: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteRefs(item, specId));
  if (!isSchemaObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#')
        ? `${specId}${inner}`
        : absoluteRefs(inner, specId),
    ]),
  );
}

/** The first segment of an instance path (`/price/USD` → `price`), unescaped; undefined at the root. */
export function firstSegment(instancePath: string): string | undefined {
  if (instancePath === '') return undefined;
  const end = instancePath.indexOf('/', 1);
  const raw = end === -1 ? instancePath.slice(1) : instancePath.slice(1, end);
  return raw.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Keywords that may apply two schemas to one place of a value: ajv may then tell one break twice. */
const OVERLAPPING = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'patternProperties',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
]);
/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'examples', 'example', 'default']);

/**
 * Whether validating against `schema` (and the schemas its refs reach in `doc`, known to ajv as `specId`)
 * may report one break twice: only where two schemas apply to one place (combinators, a `$ref` beside other
 * keywords, patterns). Elsewhere the kit need not de-duplicate, which spares a key per error.
 * @example mayRepeat(doc, { type: 'object', properties: { a: { type: 'string' } } }, 'spec') // false
 */
export function mayRepeat(doc: unknown, schema: unknown, specId: string): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [schema];
  for (let node = pending.pop(); node !== undefined || pending.length > 0; node = pending.pop()) {
    if (Array.isArray(node)) pending.push(...(node as unknown[]));
    if (!isSchemaObject(node) || seen.has(node)) continue;
    seen.add(node);
    for (const [key, inner] of Object.entries(node)) {
      if (OVERLAPPING.has(key)) return true;
      if (key === '$ref' && typeof inner === 'string') {
        if (Object.keys(node).some((other) => other !== '$ref' && !isAnnotation(other))) return true;
        const local = inner.startsWith(`${specId}#`) ? inner.slice(specId.length) : inner;
        if (!local.startsWith('#')) return true;
        pending.push(atPointer(doc, local.slice(1)));
      } else if (!DATA_KEYWORDS.has(key) && !isAnnotation(key)) pending.push(inner);
    }
  }
  return false;
}

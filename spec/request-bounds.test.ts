// Every value a request body may grow is bounded (issue 16): a string has maxLength (or is an enum, a const or a
// uuid), an array maxItems, a map (schema-valued additionalProperties) maxProperties. A new field cannot forget it.
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../src/contract/spec-document.js';

type Schema = { readonly [key: string]: unknown };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const CHOICES = ['oneOf', 'anyOf'] as const;
// Scalars whose size JSON itself bounds: a number, true/false, null.
const SCALARS = new Set(['integer', 'number', 'boolean', 'null']);
// Formats whose every valid value has a fixed length.
const FIXED_FORMATS = new Set(['uuid']);

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function atPointer(doc: Schema, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (isSchema(node) ? node[key] : undefined), doc);
}

/** The schemas that all apply at one place: the node, its `$ref` targets and `allOf` members, recursively. */
function conjuncts(doc: Schema, nodes: readonly unknown[]): Schema[] {
  const found: Schema[] = [];
  const queue = [...nodes];
  while (queue.length > 0) {
    const node = queue.shift();
    if (!isSchema(node) || found.includes(node)) continue;
    found.push(node);
    if (typeof node.$ref === 'string') queue.push(atPointer(doc, node.$ref));
    if (Array.isArray(node.allOf)) queue.push(...(node.allOf as unknown[]));
  }
  return found;
}

/** Each way a value may be read: one conjunct set per oneOf/anyOf branch taken. */
function alternatives(doc: Schema, nodes: readonly unknown[], taken = new Set<Schema>()): Schema[][] {
  const all = conjuncts(doc, nodes);
  const chooser = all.find((s) => !taken.has(s) && CHOICES.some((k) => Array.isArray(s[k])));
  if (chooser === undefined) return [all];
  const branches = CHOICES.flatMap((k) => (Array.isArray(chooser[k]) ? (chooser[k] as unknown[]) : []));
  return branches.flatMap((branch) => alternatives(doc, [...all, branch], new Set([...taken, chooser])));
}

/** The types a value may have where every conjunct agrees; undefined when no conjunct states one. */
function typesOf(all: readonly Schema[]): Set<string> | undefined {
  let types: Set<string> | undefined;
  for (const { type } of all) {
    if (type === undefined) continue;
    const own = new Set([type].flat().filter((t): t is string => typeof t === 'string'));
    types = types === undefined ? own : new Set([...types].filter((t) => own.has(t)));
  }
  return types;
}

const has = (all: readonly Schema[], keyword: string) => all.some((s) => keyword in s);

/**
 * Every place under a request body schema where a value may grow without a bound, as `path: what is missing`
 * (`[]` array items, `*` map values).
 * @example unboundedPlaces(doc, { type: 'array', items: { type: 'string' } }) // [': maxItems', '[]: maxLength']
 */
export function unboundedPlaces(doc: Schema, schema: unknown, path = '', depth = 0): string[] {
  if (depth > 32) return [`${path}: nesting deeper than 32 (a recursive schema?)`];
  return alternatives(doc, [schema]).flatMap((all) => {
    const fixed = has(all, 'const') || has(all, 'enum');
    const types = typesOf(all);
    if (fixed) return [];
    if (types === undefined) return [`${path}: no type`];
    const found: string[] = [];
    const bounded = (keyword: string) => has(all, keyword);
    if (types.has('string') && !bounded('maxLength') && !all.some((s) => FIXED_FORMATS.has(String(s.format))))
      found.push(`${path}: maxLength`);
    if (types.has('array')) {
      if (!bounded('maxItems')) found.push(`${path}: maxItems`);
      const items = all.flatMap((s) => (s.items === undefined ? [] : [s.items]));
      found.push(...unboundedPlaces(doc, { allOf: items }, `${path}[]`, depth + 1));
    }
    if (types.has('object')) {
      const names = new Set(all.flatMap((s) => Object.keys(isSchema(s.properties) ? s.properties : {})));
      for (const name of names) {
        const members = all.flatMap((s) => (isSchema(s.properties) ? [s.properties[name]] : []));
        found.push(
          ...unboundedPlaces(doc, { allOf: members.filter(isSchema) }, `${path}.${name}`, depth + 1),
        );
      }
      const values = all.flatMap((s) => [
        ...(isSchema(s.additionalProperties) ? [s.additionalProperties] : []),
        ...Object.values(isSchema(s.patternProperties) ? s.patternProperties : {}),
      ]);
      if (values.length > 0) {
        if (!bounded('maxProperties')) found.push(`${path}: maxProperties`);
        found.push(...unboundedPlaces(doc, { allOf: values }, `${path}.*`, depth + 1));
      }
    }
    const unknown = [...types].filter((t) => !SCALARS.has(t) && !['string', 'array', 'object'].includes(t));
    return [...found, ...unknown.map((t) => `${path}: unknown type ${t}`)];
  });
}

/** The JSON request body schema of every operation that has one. */
function requestBodies(doc: Schema): { operationId: string; schema: unknown }[] {
  const paths = isSchema(doc.paths) ? doc.paths : {};
  return Object.values(paths).flatMap((item) =>
    METHODS.flatMap((method) => {
      const op = isSchema(item) ? item[method] : undefined;
      if (!isSchema(op) || !isSchema(op.requestBody)) return [];
      const content = isSchema(op.requestBody.content) ? op.requestBody.content : {};
      const media = content['application/json'];
      return isSchema(media) ? [{ operationId: String(op.operationId), schema: media.schema }] : [];
    }),
  );
}

const doc = loadSpec() as unknown as Schema;

describe('the request bodies of spec/openapi.yaml', () => {
  const bodies = requestBodies(doc);

  it('are found: create and update', () => {
    expect(bodies.map((b) => b.operationId).sort()).toEqual(['createSubscription', 'updateSubscription']);
  });

  for (const { operationId, schema } of bodies)
    it(`${operationId}: every string, array and map has an upper bound`, () => {
      expect([...new Set(unboundedPlaces(doc, schema))]).toEqual([]);
    });
});

describe('unboundedPlaces', () => {
  const sample: Schema = {
    components: {
      schemas: {
        Name: { type: 'string', maxLength: 10 },
        Price: { type: 'object', additionalProperties: { type: 'integer' } },
        Either: { oneOf: [{ type: 'string', format: 'uuid' }, { type: 'string' }] },
      },
    },
  };
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const cases = [
    { name: 'a string without maxLength', schema: { type: 'string' }, found: [': maxLength'] },
    { name: 'a bounded string, enum, const or uuid', schema: { type: 'object', properties: { a: ref('Name'), b: { enum: ['x'] }, c: { const: 1 }, d: { type: 'string', format: 'uuid' } } }, found: [] },
    { name: 'an array without maxItems and its unbounded items', schema: { type: 'array', items: { type: 'string' } }, found: [': maxItems', '[]: maxLength'] },
    { name: 'a map without maxProperties', schema: { type: 'object', properties: { price: ref('Price') } }, found: ['.price: maxProperties'] },
    { name: 'a map bounded beside its $ref', schema: { type: 'object', properties: { price: { $ref: '#/components/schemas/Price', maxProperties: 5 } } }, found: [] },
    { name: 'a bound added by an allOf member', schema: { allOf: [{ type: 'string' }, { maxLength: 3 }] }, found: [] },
    { name: 'the unbounded branch of a oneOf', schema: ref('Either'), found: [': maxLength'] },
    { name: 'a value of no type', schema: { type: 'object', properties: { anything: { description: 'x' } } }, found: ['.anything: no type'] },
    { name: 'a scalar or null', schema: { type: ['integer', 'boolean', 'null'] }, found: [] },
  ]; // prettier-ignore
  it.each(cases)('reports $found for $name', ({ schema, found }) => {
    expect([...new Set(unboundedPlaces(sample, schema))]).toEqual(found);
  });
});

// Walks every row of fixtures/field-inventory.json (hand-written from interface.md) through the dereferenced spec.
import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specPath } from '../src/contract/spec-document.js';
import { packageRoot } from '../src/package-root.js';

type Schema = { readonly [key: string]: unknown };

/**
 * What the spec holds by a decision where the interface is silent: facts that replace the row's (`required`,
 * `type`, `format`, `nullable`, `limits`), or `new` for a field the interface does not list at all.
 */
interface Convention {
  decision: string;
  new?: boolean;
  required?: boolean;
  type?: string;
  format?: string;
  nullable?: boolean;
  limits?: Record<string, unknown>;
}

interface Row {
  schema?: string;
  operation?: string;
  body?: 'request' | 'response';
  parameter?: string;
  in?: string;
  path?: string;
  type?: string;
  nullable?: boolean;
  format?: string;
  required?: boolean;
  limits?: Record<string, unknown>;
  note: string;
  convention?: Convention;
}

const LIMIT_KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'maxProperties',
] as const;
const COMBINATORS = ['oneOf', 'anyOf', 'allOf'] as const;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

const inventory = JSON.parse(
  readFileSync(join(packageRoot(), 'fixtures', 'field-inventory.json'), 'utf8'),
) as {
  rows: Row[];
};

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(schema: Schema): string[] {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

function isNullOnly(schema: Schema): boolean {
  const types = typesOf(schema);
  return (types.length === 1 && types[0] === 'null') || ('const' in schema && schema.const === null);
}

/** The schema and every non-null member reached through oneOf/anyOf/allOf: the shapes a value may take. */
function variants(schema: Schema): Schema[] {
  const found = [schema];
  for (const keyword of COMBINATORS) {
    const members = schema[keyword];
    if (!Array.isArray(members)) continue;
    for (const member of members)
      if (isSchema(member) && !isNullOnly(member)) found.push(...variants(member));
  }
  return [...new Set(found)];
}

/** Null is allowed by a type array, a null member of oneOf/anyOf, or a null in enum. */
function allowsNull(schema: Schema): boolean {
  if (typesOf(schema).includes('null') || isNullOnly(schema)) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  return ['oneOf', 'anyOf'].some((k) => {
    const members = schema[k];
    return Array.isArray(members) && members.some((m) => isSchema(m) && allowsNull(m));
  });
}

function label(row: Row): string {
  const path = row.path ? ` > ${row.path}` : '';
  if (row.schema !== undefined) return `components.schemas.${row.schema}${path}`;
  if (row.parameter !== undefined) return `${row.operation} ${row.in} parameter ${row.parameter}${path}`;
  return `${row.operation} ${row.body} body${path}`;
}

function findOperation(doc: Schema, operationId: string): { op: Schema; pathItem: Schema } | undefined {
  const paths = isSchema(doc.paths) ? doc.paths : {};
  for (const pathItem of Object.values(paths)) {
    if (!isSchema(pathItem)) continue;
    for (const method of METHODS) {
      const op = pathItem[method];
      if (isSchema(op) && op.operationId === operationId) return { op, pathItem };
    }
  }
  return undefined;
}

function jsonSchemaOf(holder: unknown): Schema | undefined {
  const content = isSchema(holder) ? holder.content : undefined;
  const media = isSchema(content) ? content['application/json'] : undefined;
  return isSchema(media) && isSchema(media.schema) ? media.schema : undefined;
}

/** The schema a row starts from, and the required flag when the row names a parameter. */
function locate(doc: Schema, row: Row): { start: Schema; required?: boolean } | string {
  if (row.schema !== undefined) {
    const schemas =
      isSchema(doc.components) && isSchema(doc.components.schemas) ? doc.components.schemas : {};
    const start = schemas[row.schema];
    return isSchema(start) ? { start } : `no components.schemas.${row.schema}`;
  }
  const found = row.operation === undefined ? undefined : findOperation(doc, row.operation);
  if (!found) return `no operation with operationId ${row.operation}`;
  if (row.parameter !== undefined) {
    const all = [found.pathItem.parameters, found.op.parameters].flatMap((p) => (Array.isArray(p) ? p : []));
    const sameName = (name: unknown): boolean =>
      row.in === 'header'
        ? String(name).toLowerCase() === row.parameter?.toLowerCase()
        : name === row.parameter;
    const parameter = all.find((p): p is Schema => isSchema(p) && p.in === row.in && sameName(p.name));
    if (!parameter) return `no ${row.in} parameter ${row.parameter}`;
    if (!isSchema(parameter.schema)) return `${row.in} parameter ${row.parameter} has no schema`;
    return { start: parameter.schema, required: parameter.required === true };
  }
  if (row.body === 'request') {
    const start = jsonSchemaOf(found.op.requestBody);
    return start ? { start } : 'no application/json request body schema';
  }
  const responses = isSchema(found.op.responses) ? found.op.responses : {};
  const success = Object.keys(responses).filter((status) => /^2(\d\d|XX)$/.test(status));
  if (success.length !== 1) return `expected exactly one 2xx response, found [${success.join(', ')}]`;
  const start = jsonSchemaOf(responses[success[0] ?? '']);
  return start ? { start } : `no application/json schema on response ${success[0]}`;
}

interface Walked {
  schemas: Schema[];
  required?: boolean;
  /** Every schema variant passed on the way, the start and the located ones included. */
  trail: Schema[];
  /** The object variants that name the last segment as a property. */
  parents: Schema[];
}

/** Follows the row's path ('*' any map key, '[]' array items) through every variant of each schema. */
function walk(start: Schema, path: string): Walked | string {
  let schemas = [start];
  let required: boolean | undefined;
  const trail: Schema[] = [];
  let parents: Schema[] = [];
  for (const segment of path === '' ? [] : path.split('.')) {
    const next: Schema[] = [];
    required = undefined;
    parents = [];
    trail.push(...schemas.flatMap(variants));
    for (const variant of schemas.flatMap(variants)) {
      if (segment === '*' || segment === '[]') {
        const inner = segment === '*' ? variant.additionalProperties : variant.items;
        if (isSchema(inner)) next.push(inner);
        continue;
      }
      const properties = isSchema(variant.properties) ? variant.properties : {};
      const property = properties[segment];
      if (!isSchema(property)) continue;
      next.push(property);
      parents.push(variant);
      required ||= Array.isArray(variant.required) && variant.required.includes(segment);
    }
    if (next.length === 0) {
      const what = segment === '*' ? 'additionalProperties schema' : segment === '[]' ? 'items' : 'property';
      return `no ${what} at '${segment}' of '${path}'`;
    }
    schemas = [...new Set(next)];
  }
  trail.push(...schemas.flatMap(variants));
  return { schemas, trail, parents, ...(required === undefined ? {} : { required }) };
}

/** The facts of the located schemas, in the inventory's vocabulary. */
function factsOf(schemas: Schema[]) {
  const all = [...new Set(schemas.flatMap(variants))];
  const types = [...new Set(all.flatMap(typesOf))].filter((t) => t !== 'null').sort();
  const formats = [...new Set(all.map((s) => s.format).filter((f): f is string => typeof f === 'string'))];
  const limits: Record<string, unknown> = {};
  for (const keyword of LIMIT_KEYWORDS) {
    const values = [...new Set(all.filter((s) => keyword in s).map((s) => JSON.stringify(s[keyword])))];
    if (values.length > 0) limits[keyword] = values.length === 1 ? JSON.parse(values[0] ?? 'null') : values;
  }
  const allowed = all.flatMap((s) => ('const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : []));
  const values = allowed.filter((v) => v !== null);
  if (values.length > 0) limits.values = [...new Set(values)].sort();
  return { types, formats, limits, nullable: schemas.some(allowsNull) };
}

function expectedLimits(row: Row): Record<string, unknown> {
  const { const: constant, enum: choices, ...rest } = row.limits ?? {};
  const values =
    constant !== undefined ? [constant] : Array.isArray(choices) ? [...choices].sort() : undefined;
  return values ? { ...rest, values } : rest;
}

/** The row as the spec must hold it: the interface's facts, with the convention's in their place. */
function withConvention(row: Row): Row {
  const { convention } = row;
  if (convention === undefined) return row;
  const { decision: _decision, new: _new, limits, ...facts } = convention;
  return { ...row, ...facts, ...(limits === undefined ? {} : { limits: { ...row.limits, ...limits } }) };
}

/** A convention row must be marked where the kit looks: x-convention-required, or x-convention on the way. */
function markingProblems(row: Row, walked: Walked): string[] {
  const { convention } = row;
  if (convention === undefined) return [];
  const problems: string[] = [];
  const member = (row.path ?? '').split('.').at(-1) ?? '';
  const listed = walked.parents.some(
    (parent) =>
      Array.isArray(parent['x-convention-required']) && parent['x-convention-required'].includes(member),
  );
  if (convention.required === true && !listed)
    problems.push(`required by convention, but no parent lists '${member}' in x-convention-required`);
  const facts = ['type', 'format', 'nullable', 'limits'].some((key) => key in convention);
  const marked = walked.trail.some((schema) => schema['x-convention'] === true);
  if ((convention.new === true || facts) && !marked)
    problems.push('a convention, but no schema on its path is marked x-convention: true');
  return problems;
}

/** Every difference between the row and the spec, as sentences; empty when they agree. */
function checkRow(doc: Schema, given: Row): string[] {
  const row = withConvention(given);
  const located = locate(doc, row);
  if (typeof located === 'string') return [located];
  const walked = walk(located.start, row.path ?? '');
  if (typeof walked === 'string') return [walked];
  const problems: string[] = markingProblems(given, walked);
  const facts = factsOf(walked.schemas);
  if (row.type !== undefined) {
    if (facts.types.join() !== row.type)
      problems.push(`type is [${facts.types.join(', ')}], expected ${row.type}`);
    if (facts.nullable !== (row.nullable ?? false))
      problems.push(
        row.nullable ? 'null is not allowed, expected nullable' : 'null is allowed, expected not nullable',
      );
  }
  const format = row.format === undefined ? [] : [row.format];
  if (facts.formats.join() !== format.join())
    problems.push(`format is [${facts.formats.join(', ')}], expected [${format.join(', ')}]`);
  const required = row.path ? walked.required : located.required;
  if (row.required !== undefined && required !== row.required)
    problems.push(`required is ${String(required)}, expected ${row.required}`);
  const expected = expectedLimits(row);
  for (const key of new Set([...Object.keys(expected), ...Object.keys(facts.limits)])) {
    const actual = JSON.stringify(facts.limits[key]);
    if (actual !== JSON.stringify(expected[key]))
      problems.push(`${key} is ${actual ?? 'absent'}, expected ${JSON.stringify(expected[key]) ?? 'absent'}`);
  }
  return problems;
}

const doc = (await SwaggerParser.dereference(specPath)) as unknown as Schema;

describe('the field inventory', () => {
  const tables = [
    'Common types',
    'Subscription:',
    'SubscriptionAttributes:',
    'SubscriptionMeta:',
    'Payment authority:',
    'Offering:',
    'SubscriptionState:',
    'StateMeta',
    'Offering product:',
    'Offering plan:',
    'Create a subscription',
    'BuildSubscription:',
    'Update a subscription',
    'List subscriptions',
    "Get a node's products",
    'Catalog node product attributes:',
    'Catalog node product relationships:',
    'Catalog node product meta:',
  ];
  it.each(tables)('has rows from the interface.md table "%s"', (table) => {
    expect(inventory.rows.filter((row) => row.note.startsWith(table)).length).toBeGreaterThan(0);
  });

  it('names one location per row: a schema, a parameter or a body', () => {
    const odd = inventory.rows.filter(
      (row) =>
        [row.schema, row.parameter, row.body].filter((x) => x !== undefined).length !== 1 ||
        (row.schema === undefined) === (row.operation === undefined),
    );
    expect(odd.map(label)).toEqual([]);
  });

  const sections = new Set(
    (readFileSync(join(packageRoot(), 'contract', 'decisions.md'), 'utf8').match(/^## .+$/gm) ?? []).map(
      (heading) => heading.slice(3).trim(),
    ),
  );
  it('names, on each convention row, a section of contract/decisions.md that exists', () => {
    const unknown = inventory.rows.filter(
      (row) => row.convention !== undefined && !sections.has(row.convention.decision),
    );
    expect(unknown.map((row) => `${label(row)}: ${row.convention?.decision}`)).toEqual([]);
  });
});

describe('spec/openapi.yaml against each interface.md field row', () => {
  // A loop rather than it.each: it.each shortens long titles, and each title must name its row in full.
  for (const row of inventory.rows) {
    const name = `${label(row)} is as interface.md says (${row.note})`;
    it(name, () => {
      expect(checkRow(doc, row), name).toEqual([]);
    });
  }
});

describe('the inventory walker', () => {
  const sample: Schema = {
    paths: {},
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            note: { oneOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] },
            prices: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
            tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
          },
        },
        Marked: {
          type: 'object',
          required: ['size'],
          'x-convention-required': ['size'],
          properties: { size: { type: 'integer', maximum: 3, 'x-convention': true } },
        },
      },
    },
  };
  const cases: { row: Row; problem: string }[] = [
    {
      row: { schema: 'Thing', path: 'id', type: 'integer', format: 'uuid', note: 'x' },
      problem: 'type is [string]',
    },
    { row: { schema: 'Thing', path: 'id', type: 'string', note: 'x' }, problem: 'format is [uuid]' },
    {
      row: { schema: 'Thing', path: 'id', type: 'string', format: 'uuid', required: false, note: 'x' },
      problem: 'required is true',
    },
    {
      row: { schema: 'Thing', path: 'note', type: 'string', limits: { maxLength: 5 }, note: 'x' },
      problem: 'null is allowed',
    },
    {
      row: { schema: 'Thing', path: 'note', type: 'string', nullable: true, note: 'x' },
      problem: 'maxLength is 5',
    },
    {
      row: { schema: 'Thing', path: 'prices.*', type: 'integer', limits: { minimum: 2 }, note: 'x' },
      problem: 'minimum is 1',
    },
    {
      row: { schema: 'Thing', path: 'tags.[]', type: 'string', limits: { enum: ['a'] }, note: 'x' },
      problem: 'values is ["a","b"]',
    },
    {
      row: { schema: 'Thing', path: 'missing', type: 'string', note: 'x' },
      problem: "no property at 'missing'",
    },
    { row: { schema: 'Other', path: '', type: 'object', note: 'x' }, problem: 'no components.schemas.Other' },
    {
      row: { schema: 'Thing', path: 'id', type: 'string', format: 'uuid', required: false, note: 'x', convention: { decision: 'd', required: true } },
      problem: "no parent lists 'id' in x-convention-required",
    },
    {
      row: { schema: 'Thing', path: 'note', type: 'string', nullable: true, limits: { maxLength: 5 }, note: 'x', convention: { decision: 'd', limits: { maxLength: 5 } } },
      problem: 'no schema on its path is marked x-convention',
    },
    {
      row: { schema: 'Marked', path: 'size', type: 'integer', note: 'x', convention: { decision: 'd', limits: { maximum: 9 } } },
      problem: 'maximum is 3, expected 9',
    },
  ]; // prettier-ignore
  it.each(cases)('reports "$problem" for a row that disagrees with the schema', ({ row, problem }) => {
    expect(checkRow(sample, row).join('\n')).toContain(problem);
  });

  it('accepts a row that agrees, following oneOf members and map values', () => {
    const rows: Row[] = [
      {
        schema: 'Marked',
        path: 'size',
        type: 'integer',
        required: false,
        note: 'x',
        convention: { decision: 'd', required: true, limits: { maximum: 3 } },
      },
      {
        schema: 'Marked',
        path: 'size',
        type: 'integer',
        limits: { maximum: 3 },
        note: 'x',
        convention: { decision: 'd', new: true },
      },
      { schema: 'Thing', path: 'note', type: 'string', nullable: true, limits: { maxLength: 5 }, note: 'x' },
      { schema: 'Thing', path: 'prices.*', type: 'integer', limits: { minimum: 1 }, note: 'x' },
      { schema: 'Thing', path: 'tags.[]', type: 'string', limits: { enum: ['b', 'a'] }, note: 'x' },
    ];
    expect(rows.flatMap((row) => checkRow(sample, row))).toEqual([]);
  });
});

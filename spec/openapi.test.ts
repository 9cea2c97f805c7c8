// The contract document as a whole: valid OpenAPI 3.1, lint-clean, examples that validate, conventions marked.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpec, specPath } from '../src/contract/spec-document.js';
import { spectralLint } from './spectral-lint.js';

type Node = { readonly [key: string]: unknown };
interface Operation {
  method: string;
  path: string;
  op: Node;
}
interface Example {
  where: string;
  schema: Node;
  value: unknown;
}

// ajv-formats is CommonJS: under NodeNext the default import is module.exports, which carries the plugin as `default`.
const addFormats = addFormatsModule.default;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function entries(value: unknown): [string, Node][] {
  return isNode(value) ? Object.entries(value).filter((e): e is [string, Node] => isNode(e[1])) : [];
}

function operationsOf(doc: Node): Operation[] {
  return entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => isNode(item[m])).map((method) => ({ method, path, op: item[method] as Node })),
  );
}

/** Every named or single example beside a schema: media types, parameters and headers. */
function examplesBeside(holder: Node, where: string, schema: unknown): Example[] {
  if (!isNode(schema)) return [];
  const found: Example[] = [];
  if ('example' in holder) found.push({ where: `${where} example`, schema, value: holder.example });
  for (const [name, example] of entries(holder.examples))
    found.push({ where: `${where} examples.${name}`, schema, value: example.value });
  return found;
}

/** Every `examples`/`example` keyword inside a schema, each against the schema that carries it. */
function examplesInside(schema: unknown, where: string, seen = new Set<unknown>()): Example[] {
  if (!isNode(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const own: Example[] = Array.isArray(schema.examples)
    ? schema.examples.map((value, i) => ({ where: `${where} examples[${i}]`, schema, value }))
    : [];
  if ('example' in schema) own.push({ where: `${where} example`, schema, value: schema.example });
  const children = Object.entries(schema).flatMap(([key, child]): [string, unknown][] =>
    Array.isArray(child)
      ? child.map((c, i): [string, unknown] => [`${key}[${i}]`, c])
      : ['properties', 'patternProperties', '$defs'].includes(key) && isNode(child)
        ? Object.entries(child).map(([name, c]): [string, unknown] => [`${key}.${name}`, c])
        : [[key, child]],
  );
  return [...own, ...children.flatMap(([key, child]) => examplesInside(child, `${where}.${key}`, seen))];
}

function allExamples(doc: Node): Example[] {
  const found: Example[] = [];
  for (const { method, path, op } of operationsOf(doc)) {
    const at = `${method.toUpperCase()} ${path}`;
    for (const [mediaType, media] of entries(isNode(op.requestBody) ? op.requestBody.content : undefined))
      found.push(...examplesBeside(media, `${at} request ${mediaType}`, media.schema));
    for (const [status, response] of entries(op.responses)) {
      for (const [mediaType, media] of entries(response.content))
        found.push(...examplesBeside(media, `${at} ${status} ${mediaType}`, media.schema));
      for (const [name, header] of entries(response.headers))
        found.push(...examplesBeside(header, `${at} ${status} header ${name}`, header.schema));
    }
    for (const parameter of Array.isArray(op.parameters) ? op.parameters.filter(isNode) : [])
      found.push(...examplesBeside(parameter, `${at} parameter ${String(parameter.name)}`, parameter.schema));
  }
  const schemas = isNode(doc.components) ? doc.components.schemas : undefined;
  for (const [name, schema] of entries(schemas)) found.push(...examplesInside(schema, `schemas.${name}`));
  return found;
}

/** OpenAPI annotations ajv does not know, found anywhere in the document (x-* extensions included). */
function annotationKeywords(
  value: unknown,
  found = new Set(['discriminator', 'example', 'xml', 'externalDocs']),
) {
  if (Array.isArray(value)) for (const v of value) annotationKeywords(v, found);
  else if (isNode(value))
    for (const [key, v] of Object.entries(value)) {
      if (key.startsWith('x-')) found.add(key);
      annotationKeywords(v, found);
    }
  return found;
}

const raw = loadSpec() as unknown as Node;
// A recursive schema (VariationMatrix) stays a $ref instead of becoming a cycle that ajv cannot compile.
const doc = (await SwaggerParser.dereference(specPath, {
  dereference: { circular: 'ignore' },
})) as unknown as Node;
const SPEC_ID = 'spec-schemas.json';
const SCHEMA_REF = '#/components/schemas/';

/** A copy whose schema `$ref`s (those the dereference left) point into the schemas registered as SPEC_ID. */
function intoSpec(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(intoSpec);
  if (!isNode(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF)
        ? `${SPEC_ID}#/$defs/${inner.slice(SCHEMA_REF.length)}`
        : intoSpec(inner),
    ]),
  );
}
const scratch = await mkdtemp(join(tmpdir(), 'subcat-spec-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('spec/openapi.yaml as an OpenAPI document', () => {
  it('validates as OpenAPI 3.1 with swagger-parser', async () => {
    await expect(SwaggerParser.validate(specPath)).resolves.toMatchObject({ openapi: '3.1.0' });
  });

  it('has zero Spectral errors and warnings under the recommended OpenAPI rules', async () => {
    const results = await spectralLint(specPath);
    const problems = results
      .filter((r) => r.severity <= 1)
      .map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(problems).toEqual([]);
  });

  it('has a linter that really reports errors (a document with a duplicate operationId and a bad example)', async () => {
    const broken = join(scratch, 'broken.yaml');
    const ok = {
      '200': {
        description: 'ok',
        content: { 'application/json': { schema: { type: 'integer' }, example: 'x' } },
      },
    };
    const paths = {
      '/a': { get: { operationId: 'same', responses: ok } },
      '/b': { get: { operationId: 'same', responses: ok } },
    };
    await writeFile(broken, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths }));
    const codes = (await spectralLint(broken)).filter((r) => r.severity === 0).map((r) => r.code);
    expect(codes).toEqual(
      expect.arrayContaining(['operation-operationId-unique', 'oas3-valid-media-example']),
    );
  });
});

describe('the operations of interface.md', () => {
  const cases = [
    { operationId: 'createSubscription', method: 'post', path: '/subscriptions/subscriptions' },
    {
      operationId: 'updateSubscription',
      method: 'put',
      path: '/subscriptions/subscriptions/{subscription_uuid}',
    },
    { operationId: 'listSubscriptions', method: 'get', path: '/subscriptions/subscriptions' },
    {
      operationId: 'getNodeProducts',
      method: 'get',
      path: '/catalogs/{catalog_id}/releases/{release_id}/nodes/{node_id}/relationships/products',
    },
  ];
  it.each(cases)('$operationId is $method $path', ({ operationId, method, path }) => {
    expect(operationsOf(doc).filter((o) => o.op.operationId === operationId)).toMatchObject([
      { method, path },
    ]);
  });

  it('are the only operations', () => {
    expect(
      operationsOf(doc)
        .map((o) => o.op.operationId)
        .sort(),
    ).toEqual(cases.map((c) => c.operationId).sort());
  });

  const components = [
    ...[
      'Subscription',
      'SubscriptionAttributes',
      'SubscriptionMeta',
      'SubscriptionTimestamps',
      'SubscriptionState',
    ],
    ...['StateMeta', 'PaymentAuthority', 'Offering', 'OfferingAttributes', 'OfferingMeta', 'OfferingProduct'],
    ...[
      'OfferingPlan',
      'Price',
      'PriceUnits',
      'DisplayPrice',
      'Timestamps',
      'BuildSubscription',
      'UpdateSubscription',
    ],
    ...[
      'NodeProduct',
      'NodeProductAttributes',
      'NodeProductRelationships',
      'NodeProductMeta',
      'NodeProductsResponse',
    ],
    ...['SubscriptionsListResponse', 'SubscriptionResponse', 'Error', 'ErrorObject'],
  ];
  it.each(components)('name a component schema %s, in the contract words', (name) => {
    expect(isNode(raw.components) && isNode(raw.components.schemas) && name in raw.components.schemas).toBe(
      true,
    );
  });
});

describe('the responses', () => {
  const responses = operationsOf(doc).flatMap(({ op, method, path }) =>
    entries(op.responses).map(([status, response]) => ({
      at: `${method.toUpperCase()} ${path} ${status}`,
      status,
      response,
    })),
  );

  // Loops rather than it.each, whose titles shorten long paths; each title names its response in full.
  for (const { at, status, response } of responses) {
    it(`${at} has a JSON body with a schema`, () => {
      const media = entries(response.content);
      expect(media.map(([type]) => type)).toEqual(['application/json']);
      expect(media.every(([, m]) => isNode(m.schema))).toBe(true);
    });
    // interface.md shows a success body per operation but no status codes: any code but a plain 200 is chosen.
    if (status !== '200')
      it(`${at} is marked x-convention`, () => {
        expect(response['x-convention']).toBe(true);
      });
    if (!status.startsWith('2'))
      it(`${at} carries the error body of decisions.md`, () => {
        const schema = entries(response.content)[0]?.[1].schema;
        expect(isNode(schema) && schema['x-convention']).toBe(true);
        expect(isNode(schema) && isNode(schema.properties) && Object.keys(schema.properties)).toEqual([
          'errors',
          'meta',
        ]);
      });
  }

  it.each(['Error', 'ErrorObject'])('the %s schema is marked x-convention', (name) => {
    const schemas = isNode(raw.components) && isNode(raw.components.schemas) ? raw.components.schemas : {};
    expect(isNode(schemas[name]) && schemas[name]['x-convention']).toBe(true);
  });

  it.each(operationsOf(doc).map(({ op }) => op))(
    '$operationId has named examples for its request and success',
    (op) => {
      const success = entries(op.responses).filter(([status]) => status.startsWith('2'));
      const media = [
        ...entries(isNode(op.requestBody) ? op.requestBody.content : undefined),
        ...success.flatMap(([, r]) => entries(r.content)),
      ];
      expect(success).toHaveLength(1);
      expect(media.filter(([, m]) => entries(m.examples).length === 0).map(([type]) => type)).toEqual([]);
    },
  );
});

/** Every object schema of the raw document with its place, found by walking all of it. */
function schemaNodes(value: unknown, at: string, found: { at: string; node: Node }[] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => schemaNodes(v, `${at}[${i}]`, found));
  else if (isNode(value)) {
    found.push({ at, node: value });
    for (const [key, inner] of Object.entries(value)) schemaNodes(inner, `${at}.${key}`, found);
  }
  return found;
}

describe('the convention markers', () => {
  const marked = schemaNodes(raw, '').filter(({ node }) => 'x-convention-required' in node);

  it('x-convention-required is used (ids, list meta, links)', () => {
    expect(marked.length).toBeGreaterThan(5);
  });

  for (const { at, node } of marked)
    it(`x-convention-required at ${at} names only members its required lists`, () => {
      const required = Array.isArray(node.required) ? node.required : [];
      const listed = node['x-convention-required'];
      expect(Array.isArray(listed) && listed.length > 0).toBe(true);
      expect((Array.isArray(listed) ? listed : []).filter((name) => !required.includes(name))).toEqual([]);
    });

  it('x-convention is always the value true', () => {
    const odd = schemaNodes(raw, '').filter(
      ({ node }) => 'x-convention' in node && node['x-convention'] !== true,
    );
    expect(odd.map(({ at }) => at)).toEqual([]);
  });
});

describe('the examples', () => {
  // Strict mode catches misspelt keywords and type/keyword mismatches in the schemas themselves. The OpenAPI
  // annotations (discriminator, example, xml, externalDocs, x-*) are declared as vocabulary so strict mode knows
  // them; they carry no validation. Union types are allowed because 3.1 writes nullable as ['string', 'null'].
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addVocabulary([...annotationKeywords(raw)]);
  const schemas = isNode(raw.components) ? raw.components.schemas : {};
  ajv.addSchema({ $defs: intoSpec(schemas) }, SPEC_ID);
  const examples = allExamples(doc);

  it('are found: at least one per operation request and success response', () => {
    expect(examples.length).toBeGreaterThanOrEqual(7);
  });

  for (const { where, schema, value } of examples)
    it(`${where} validates against its schema`, () => {
      const validate = ajv.compile(intoSpec(schema) as object);
      expect(validate(value) ? [] : validate.errors).toEqual([]);
    });

  it('are checked by a validator in strict mode, which rejects a misspelt keyword', () => {
    expect(() => ajv.compile({ type: 'string', minLenght: 3 })).toThrow(/unknown keyword/);
  });

  it('are checked by a validator that rejects a bad email, currency and missing field', () => {
    const create = examples.find((e) => e.where.includes('POST') && e.where.includes('request'));
    const body = {
      data: { account_id: '29949968-2749-44ee-9002-18b1b3a8e3a7', currency: 'usd', email: 'nope' },
    };
    const validate = ajv.compile(intoSpec(create?.schema ?? {}) as object);
    expect(validate(body)).toBe(false);
    expect(validate.errors?.map((e) => e.keyword).sort()).toEqual(
      expect.arrayContaining(['format', 'pattern', 'required']),
    );
  });

  it('include every component example, each used by an operation', () => {
    const refs = JSON.stringify(raw.paths).match(/#\/components\/examples\/[^"]+/g) ?? [];
    const viaResponses = JSON.stringify(isNode(raw.components) ? raw.components.responses : {}).match(
      /#\/components\/examples\/[^"]+/g,
    );
    const used = new Set([...refs, ...(viaResponses ?? [])].map((r) => r.split('/').pop()));
    const defined = Object.keys(
      isNode(raw.components) && isNode(raw.components.examples) ? raw.components.examples : {},
    );
    expect(defined.filter((name) => !used.has(name))).toEqual([]);
  });
});

import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AnySchema, ValidateFunction } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { distinctErrors } from './context.js';
import { conventionAt, openObjects, SpecValidator, type SchemaError } from './schema.js';
import type { SpecDocument } from './spec.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

const doc: SpecDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things': {
      get: { operationId: 'listThings', responses: { '200': json({ $ref: '#/components/schemas/Things' }) } },
    },
  },
  components: {
    schemas: {
      Things: {
        type: 'object',
        required: ['data', 'links'],
        properties: {
          data: { type: 'array', maxItems: 3, items: { $ref: '#/components/schemas/Thing' } },
          meta: { $ref: '#/components/schemas/Meta', 'x-convention': true },
          links: { type: 'object', properties: { self: { type: 'string', format: 'uri' } } },
          either: { anyOf: [{ required: ['a'] }, { required: ['a', 'b'] }] },
        },
      },
      Thing: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        propertyNames: { pattern: '^[a-z_]+$' },
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string', minLength: 3 },
          price: {
            type: 'object',
            propertyNames: { pattern: '^[A-Z]{3}$' },
            additionalProperties: { type: 'integer' },
          },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
      Meta: { type: 'object', required: ['total'], properties: { total: { type: 'integer' } } },
    },
  },
};

const id = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const ROOT = '/paths/~1things/get/responses/200/content/application~1json/schema';

/** What validating the body whole (as the kit did before parts) reports: every distinct error, in ajv's order. */
function wholeErrors(body: unknown): Array<Omit<SchemaError, 'schemaPath'>> {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(openObjects(doc) as object, 'whole', undefined, false);
  const validate = ajv.compile({ $ref: `whole#${ROOT}` });
  validate(body);
  const found = (validate.errors ?? [])
    .filter((error) => !error.schemaPath.includes('/propertyNames/'))
    .map((error) => {
      const params = error.params as Record<string, unknown>;
      const key = [params.additionalProperty, params.missingProperty, params.propertyName].find(
        (value): value is string => typeof value === 'string',
      );
      const message = error.message ?? error.keyword;
      return {
        instancePath: error.instancePath,
        keyword: error.keyword,
        message: key !== undefined && !message.includes(`'${key}'`) ? `${message}: '${key}'` : message,
        ...(key === undefined ? {} : { key }),
        ...(conventionAt(doc, ROOT, error.instancePath, error.keyword === 'required' ? key : undefined)
          ? { convention: true as const }
          : {}),
      };
    });
  return distinctErrors(found);
}

const withoutSchemaPath = (errors: readonly SchemaError[]) =>
  errors.map(({ schemaPath: _, ...error }) => error);

describe('SpecValidator.validateResponse, part by part', () => {
  const validator = new SpecValidator(doc);
  // Formats are left out of the comparison's ajv; these bodies break none the kit checks differently.
  const bodies = [
    { what: 'a valid page', body: { data: [{ id, name: 'abc' }], links: { self: 'http://h/x' } } },
    { what: 'a page missing data and links', body: { meta: { total: 1 } } },
    {
      what: 'breaks at every level, in and out of the declared members',
      body: {
        extra: 1,
        data: [
          { id: 1, name: 'ab', price: { usd: 'x', EUR: 2 }, tags: [1, 'a', 2], Bad: true },
          { name: 'abcd', price: [] },
          'not an object',
          {},
        ],
        meta: { total: 'many' },
        links: { self: 5 },
        either: {},
      },
    },
    { what: 'a convention part missing its member', body: { data: [], links: {}, meta: {} } },
    { what: 'the wrong type at the root', body: [1, 2] },
    { what: 'the wrong type for the items', body: { data: { 0: {} }, links: [] } },
  ];
  it.each(bodies)('reports what the whole body would, in the same order: $what', ({ body }) => {
    const found = validator.validateResponse('listThings', 200, body, 1000);
    const whole = wholeErrors(body);
    expect(withoutSchemaPath(found.errors)).toEqual(whole);
    expect(found.count).toEqual({
      contract: whole.filter((error) => error.convention !== true).length,
      convention: whole.filter((error) => error.convention === true).length,
    });
  });

  it('tells an error once where two branches of a combinator report it', () => {
    const found = validator.validateResponse('listThings', 200, { data: [], links: {}, either: {} }, 20);
    const either = found.errors.filter((error) => error.instancePath === '/either');
    expect(either.map((error) => `${error.keyword} ${error.key ?? ''}`.trim())).toEqual([
      'required a',
      'required b',
      'anyOf',
    ]);
  });
});

describe('a page of 5,000 bad items', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps 20 errors of each source, counts all 10,000, and never has ajv hold more than one item’s errors', () => {
    // Watches every validator ajv compiles from here on: the most errors one validation call left behind.
    let most = 0;
    const { compile } = Ajv2020.prototype as {
      compile: (this: Ajv2020, schema: AnySchema, meta?: boolean) => ValidateFunction;
    };
    vi.spyOn(Ajv2020.prototype, 'compile').mockImplementation(function (this: Ajv2020, schema, meta) {
      const inner = compile.call(this, schema, meta);
      const watched = ((data: unknown) => {
        const valid = inner(data);
        most = Math.max(most, inner.errors?.length ?? 0);
        watched.errors = inner.errors;
        return valid;
      }) as ValidateFunction;
      return watched;
    });
    const validator = new SpecValidator(doc);
    const items = Array.from({ length: 5000 }, () => ({ id: 'not-a-uuid', name: 'ab' }));

    const found = validator.validateResponse('listThings', 200, { data: items, links: {} }, 20);

    // maxItems on the page, then two breaks on every item.
    expect(found.count).toEqual({ contract: 10_001, convention: 0 });
    expect(found.errors).toHaveLength(20);
    expect(found.errors.slice(0, 3).map((error) => `${error.instancePath} ${error.keyword}`)).toEqual([
      '/data maxItems',
      '/data/0/id format',
      '/data/0/name minLength',
    ]);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });
});

import { describe, expect, it } from 'vitest';
import { conventionAt, isAbsoluteUri, isJsonContentType, openObjects, SpecValidator } from './schema.js';
import type { SpecDocument } from './spec.js';

const doc: SpecDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/vnd.api+json': { schema: { $ref: '#/components/schemas/Things' } } },
          },
          '4XX': { $ref: '#/components/responses/Error' },
        },
      },
      post: {
        operationId: 'createThing',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: { default: { $ref: '#/components/responses/Error' } },
      },
    },
  },
  components: {
    responses: {
      Error: {
        description: 'error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string', minLength: 3 },
          price: { type: 'object', additionalProperties: { type: 'integer' } },
        },
      },
      Things: {
        type: 'object',
        required: ['data'],
        properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
      },
      Error: {
        type: 'object',
        required: ['errors'],
        properties: {
          errors: { type: 'array', minItems: 1, items: { type: 'object', required: ['status'] } },
        },
      },
    },
  },
};

const id = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('SpecValidator.validateResponse', () => {
  const validator = new SpecValidator(doc);
  const cases = [
    { title: 'a valid list', status: 200, body: { data: [{ id, name: 'abc' }] }, errors: [] },
    {
      title: 'an extra field (objects are open)',
      status: 200,
      body: { data: [{ id, name: 'abc', x: 1 }] },
      errors: [],
    },
    {
      title: 'a missing required field',
      status: 200,
      body: { data: [{ id }] },
      errors: [{ instancePath: '/data/0', keyword: 'required' }],
    },
    {
      title: 'a bad format',
      status: 200,
      body: { data: [{ id: 'nope', name: 'abc' }] },
      errors: [{ instancePath: '/data/0/id', keyword: 'format' }],
    },
    {
      title: 'a map value of the wrong type (schema-valued additionalProperties kept)',
      status: 200,
      body: { data: [{ id, name: 'abc', price: { USD: 'ten' } }] },
      errors: [{ instancePath: '/data/0/price/USD', keyword: 'type' }],
    },
    {
      title: 'an error body through the 4XX range',
      status: 404,
      body: { errors: [{ status: '404' }] },
      errors: [],
    },
    {
      title: 'a bad error body through the 4XX range',
      status: 400,
      body: { message: 'bad' },
      errors: [{ instancePath: '', keyword: 'required' }],
    },
    { title: 'a status with no schema', status: 500, body: 'whatever', errors: [] },
  ];
  it.each(cases)('reports $title', ({ status, body, errors }) => {
    const found = validator.validateResponse('listThings', status, body, 20);
    expect(found.errors.map(({ instancePath, keyword }) => ({ instancePath, keyword }))).toEqual(errors);
  });
});

describe('SpecValidator.responseSchema', () => {
  const validator = new SpecValidator(doc);
  const cases = [
    { operation: 'listThings', status: 200, key: '200' },
    { operation: 'listThings', status: 409, key: '4XX' },
    { operation: 'listThings', status: 201, key: '200' },
    { operation: 'listThings', status: 503, key: undefined },
    { operation: 'createThing', status: 201, key: 'default' },
    { operation: 'unknownOperation', status: 200, key: undefined },
  ];
  it.each(cases)('picks the $key entry for $operation $status', ({ operation, status, key }) => {
    expect(validator.responseSchema(operation, status)?.key).toBe(key);
  });

  it('compiles each schema once', () => {
    const compile = validator.validateAt.bind(validator);
    compile('/components/schemas/Thing', {});
    const before = (validator as unknown as { compiled: Map<string, unknown> }).compiled.size;
    compile('/components/schemas/Thing', {});
    expect((validator as unknown as { compiled: Map<string, unknown> }).compiled.size).toBe(before);
  });
});

describe('SpecValidator.prepare', () => {
  const cases = [
    {
      title: 'the documented 2xx body of a list, once',
      operations: ['listThings', 'listThings'],
      compiled: 1,
    },
    { title: 'nothing for an operation documenting no 2xx body', operations: ['createThing'], compiled: 0 },
    {
      title: 'nothing for an operation the spec does not have',
      operations: ['unknownOperation'],
      compiled: 0,
    },
  ];
  it.each(cases)('compiles $title', ({ operations, compiled }) => {
    const validator = new SpecValidator(doc);
    validator.prepare(operations);
    expect((validator as unknown as { quick: Map<string, unknown> }).quick.size).toBe(compiled);
  });
});

describe('SpecValidator.validateRequest', () => {
  const validator = new SpecValidator(doc);
  it('validates a request body against the operation requestBody', () => {
    expect(validator.validateRequest('createThing', { id, name: 'abc' })).toEqual([]);
    expect(validator.validateRequest('createThing', { id, name: 'ab' })[0]?.keyword).toBe('minLength');
  });

  it('keeps request objects closed, so the kit catches its own typos', () => {
    expect(validator.validateRequest('createThing', { id, name: 'abc', nmae: 'x' })[0]?.keyword).toBe(
      'additionalProperties',
    );
  });
});

describe('openObjects', () => {
  it('drops only the false-valued closing keywords', () => {
    const out = openObjects({
      additionalProperties: false,
      properties: { m: { additionalProperties: { type: 'integer' } }, n: { unevaluatedProperties: false } },
    });
    expect(out).toEqual({ properties: { m: { additionalProperties: { type: 'integer' } }, n: {} } });
  });
});

describe('isJsonContentType', () => {
  const cases = [
    { header: 'application/json', json: true },
    { header: 'application/json; charset=utf-8', json: true },
    { header: 'application/vnd.api+json', json: true },
    { header: 'APPLICATION/JSON', json: true },
    { header: 'text/html', json: false },
    { header: 'application/jsonp', json: false },
    { header: undefined, json: false },
  ];
  it.each(cases)('says $header is JSON: $json', ({ header, json }) => {
    expect(isJsonContentType(header)).toBe(json);
  });
});

describe('conventionAt', () => {
  const conventional: SpecDocument = {
    components: {
      schemas: {
        Page: {
          type: 'object',
          properties: {
            data: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
            included: { $ref: '#/components/schemas/Included' },
          },
        },
        Item: {
          type: 'object',
          required: ['id', 'type', 'meta'],
          'x-convention-required': ['id'],
          properties: { id: { type: 'string' }, type: { type: 'string' }, meta: { 'x-convention': true } },
        },
        Included: {
          'x-convention': true,
          type: 'object',
          properties: { files: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
        },
        Error: { 'x-convention': true, type: 'object' },
        Map: { type: 'object', additionalProperties: { oneOf: [{ $ref: '#/components/schemas/Error' }] } },
      },
    },
  };
  const cases = [
    { root: '/components/schemas/Page', path: '/data/0/id', convention: false },
    { root: '/components/schemas/Page', path: '', convention: false },
    { root: '/components/schemas/Page', path: '/included', convention: true },
    { root: '/components/schemas/Page', path: '/included/files/0/id', convention: true },
    { root: '/components/schemas/Error', path: '', convention: true },
    { root: '/components/schemas/Map', path: '/USD/x', convention: true },
    { root: '/components/schemas/Page', path: '/unknown/deeper', convention: false },
  ];
  it.each(cases)('says $path under $root is a convention: $convention', ({ root, path, convention }) => {
    expect(conventionAt(conventional, root, path)).toBe(convention);
  });

  const missing = [
    { title: 'a member only a convention requires', key: 'id', convention: true },
    { title: 'a member the contract requires', key: 'type', convention: false },
    { title: 'a member whose own schema is a convention', key: 'meta', convention: true },
  ];
  it.each(missing)('says a missing $key is a convention: $convention ($title)', ({ key, convention }) => {
    expect(conventionAt(conventional, '/components/schemas/Page', '/data/0', key)).toBe(convention);
  });
});

describe('isAbsoluteUri', () => {
  const cases = [
    { value: 'http://h/x?page[offset]=25&page[limit]=25', uri: true },
    { value: 'https://api.example.com/v2/subscriptions/subscriptions?filter=eq(name,Ada)', uri: true },
    { value: 'http://h/x?page%5Boffset%5D=0', uri: true },
    { value: '/subscriptions/subscriptions', uri: false },
    { value: 'not a uri', uri: false },
    { value: 'http://h/x?filter=eq(name,a b)', uri: false },
    { value: 'http://h/x\n', uri: false },
    { value: '', uri: false },
  ];
  it.each(cases)('says $value is an absolute URI: $uri', ({ value, uri }) => {
    expect(isAbsoluteUri(value)).toBe(uri);
  });

  it('is the uri format the validator uses', () => {
    const withLinks: SpecDocument = {
      components: {
        schemas: { L: { type: 'object', properties: { self: { type: 'string', format: 'uri' } } } },
      },
    };
    const validator = new SpecValidator(withLinks);
    expect(validator.validateAt('/components/schemas/L', { self: 'http://h/x?page[limit]=5' })).toEqual([]);
    expect(validator.validateAt('/components/schemas/L', { self: 'relative/x' })[0]?.keyword).toBe('format');
  });
});

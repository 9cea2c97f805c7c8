import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  createValidators,
  fragmentOf,
  isJsonMediaType,
  resolveRef,
  specValidators,
  type Violation,
} from './validators.js';

// A small document shaped like the real spec's create/update/list operations, so the error mapping is tested
// independently of how the real spec evolves.
const document = {
  openapi: '3.1.0',
  info: { title: 'inline', version: '1' },
  paths: {
    '/subscriptions/subscriptions': {
      post: {
        operationId: 'createThing',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateBody' } } },
        },
        responses: {
          '201': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
      get: {
        operationId: 'listThings',
        parameters: [
          { $ref: '#/components/parameters/PageLimit' },
          { name: 'filter', in: 'query', schema: { type: 'string', maxLength: 20 } },
          { name: 'accept-language', in: 'header', schema: { type: 'string', minLength: 2 } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/subscriptions/subscriptions/{subscription_uuid}': {
      parameters: [
        { name: 'subscription_uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      ],
      put: {
        operationId: 'updateThing',
        parameters: [
          { name: 'page', in: 'query', style: 'deepObject', schema: { $ref: '#/components/schemas/Page' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: {
    parameters: {
      PageLimit: { name: 'page[limit]', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
    },
    schemas: {
      UUID: { type: 'string', format: 'uuid', 'x-convention': 'ids' },
      Page: {
        type: 'object',
        properties: { limit: { type: 'integer', maximum: 100 }, offset: { type: 'integer' } },
      },
      PaymentAuthority: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { const: 'provider_payments_processor' },
          customer_id: { type: 'string', minLength: 3 },
        },
      },
      CreateBody: {
        type: 'object',
        required: ['data'],
        properties: {
          data: {
            type: 'object',
            required: ['name', 'email', 'currency', 'manual_payments'],
            properties: {
              name: { type: 'string', minLength: 3, maxLength: 1024, example: 'Jane' },
              email: { type: 'string', format: 'email' },
              currency: { type: 'string', pattern: '^[A-Z]{3}$' },
              manual_payments: { type: 'boolean' },
              address_id: { oneOf: [{ $ref: '#/components/schemas/UUID' }, { type: 'null' }] },
              payment_authority: { oneOf: [{ $ref: '#/components/schemas/PaymentAuthority' }] },
              status: { enum: ['active', 'inactive'] },
              offering: {
                allOf: [
                  { type: 'object', properties: { name: { type: 'string' } } },
                  {
                    properties: {
                      plans: { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/Plan' } },
                    },
                  },
                ],
              },
              price: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Amount' } },
            },
          },
        },
      },
      Plan: { type: 'object', properties: { name: { type: 'string' } } },
      Amount: { type: 'object', additionalProperties: false, properties: { amount: { type: 'integer' } } },
      Thing: { type: 'object', required: ['id'], properties: { id: { $ref: '#/components/schemas/UUID' } } },
    },
  },
} as unknown as OpenAPIV3_1.Document;

const validators = createValidators(document);
const validBody = {
  data: { name: 'Jane', email: 'jane@example.com', currency: 'USD', manual_payments: true },
};
const withData = (data: Record<string, unknown>) => ({ data: { ...validBody.data, ...data } });
const createBody = (body: unknown): Violation[] => validators.operation('createThing')?.body?.(body) ?? [];

describe('request body validation', () => {
  const cases: { name: string; body: unknown; expected: Pick<Violation, 'at' | 'detail'>[] }[] = [
    { name: 'a valid body has no violations', body: validBody, expected: [] },
    {
      name: 'a missing required field points at the field',
      body: { data: { name: 'Jane', currency: 'USD', manual_payments: true } },
      expected: [{ at: '/data/email', detail: '/data/email is required' }],
    },
    {
      name: 'a short name names the length rule',
      body: withData({ name: 'Jo' }),
      expected: [{ at: '/data/name', detail: '/data/name must be at least 3 characters' }],
    },
    {
      name: 'a lowercase currency shows the pattern and explains it',
      body: withData({ currency: 'usd' }),
      expected: [
        {
          at: '/data/currency',
          detail: '/data/currency must match ^[A-Z]{3}$ (three uppercase letters, e.g. USD)',
        },
      ],
    },
    {
      name: 'a bad email names the format',
      body: withData({ email: 'nope' }),
      expected: [
        { at: '/data/email', detail: '/data/email must be a valid email address, e.g. jane@example.com' },
      ],
    },
    {
      name: 'every violation is reported, one each',
      body: { data: { name: 1, email: 'x', manual_payments: 'yes' } },
      expected: [
        { at: '/data/currency', detail: '/data/currency is required' },
        { at: '/data/name', detail: '/data/name must be a string' },
        { at: '/data/email', detail: '/data/email must be a valid email address, e.g. jane@example.com' },
        { at: '/data/manual_payments', detail: '/data/manual_payments must be true or false' },
      ],
    },
    {
      name: 'a nullable field that is neither says both allowed types',
      body: withData({ address_id: 12 }),
      expected: [{ at: '/data/address_id', detail: '/data/address_id must be a string or null' }],
    },
    {
      name: 'a nullable field with the right type but a bad format reports only the format',
      body: withData({ address_id: 'abc' }),
      expected: [
        {
          at: '/data/address_id',
          detail: '/data/address_id must be a UUID, e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
        },
      ],
    },
    {
      name: 'a oneOf branch reports the errors inside the closest shape',
      body: withData({ payment_authority: { type: 'stripe', customer_id: 'a' } }),
      expected: [
        {
          at: '/data/payment_authority/type',
          detail: '/data/payment_authority/type must be "provider_payments_processor"',
        },
        {
          at: '/data/payment_authority/customer_id',
          detail: '/data/payment_authority/customer_id must be at least 3 characters',
        },
      ],
    },
    {
      name: 'an enum lists the allowed values',
      body: withData({ status: 'paused' }),
      expected: [{ at: '/data/status', detail: '/data/status must be one of "active", "inactive"' }],
    },
    {
      name: 'an unknown field under data is reported with the known ones',
      body: withData({ emial: 'jane@example.com' }),
      expected: [
        {
          at: '/data/emial',
          detail:
            '/data/emial is not a known field; check its spelling or remove it; known fields here: name, email, currency, manual_payments, address_id, payment_authority, status, offering, price',
        },
      ],
    },
    {
      name: 'unknown fields are found through allOf and array items',
      body: withData({ offering: { name: 'x', plans: [{ name: 'p', nmae: 'q' }], extra: 1 } }),
      expected: [
        {
          at: '/data/offering/plans/0/nmae',
          detail:
            '/data/offering/plans/0/nmae is not a known field; check its spelling or remove it; known fields here: name',
        },
        {
          at: '/data/offering/extra',
          detail:
            '/data/offering/extra is not a known field; check its spelling or remove it; known fields here: name, plans',
        },
      ],
    },
    {
      name: 'keys of a map-like object are free, but a closed value schema is reported once by the schema',
      body: withData({ price: { USD: { amount: 1 }, EUR: { amount: 2, includes: true } } }),
      expected: [
        {
          at: '/data/price/EUR/includes',
          detail:
            '/data/price/EUR/includes is not a known field; check its spelling or remove it; known fields here: amount',
        },
      ],
    },
    {
      name: 'an array below its minimum names the count',
      body: withData({ offering: { plans: [] } }),
      expected: [{ at: '/data/offering/plans', detail: '/data/offering/plans must have at least 1 item' }],
    },
    {
      name: 'a body that is not an object says so',
      body: [1],
      expected: [{ at: '', detail: 'the body must be an object' }],
    },
  ];

  it.each(cases)('$name', ({ body, expected }) => {
    expect(createBody(body).map(({ at, detail }) => ({ at, detail }))).toEqual(expected);
  });

  it('marks body violations as located in the body', () => {
    expect(createBody(withData({ name: 'Jo' }))[0]?.in).toBe('body');
  });

  it('knows which operations require a body', () => {
    expect(validators.operation('createThing')?.bodyRequired).toBe(true);
    expect(validators.operation('listThings')?.body).toBeUndefined();
  });
});

describe('parameter validation', () => {
  const check = (operationId: string, query: string, path: Record<string, string> = {}, headers = {}) =>
    (
      validators.operation(operationId)?.parameters({ path, query: new URLSearchParams(query), headers }) ??
      []
    ).map(({ in: location, at, detail }) => ({ in: location, at, detail }));
  const uuid = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  const cases: { name: string; run: () => unknown; expected: unknown[] }[] = [
    {
      name: 'valid query parameters pass',
      run: () => check('listThings', 'page[limit]=10&filter=x'),
      expected: [],
    },
    {
      name: 'an integer parameter over its maximum names the limit',
      run: () => check('listThings', 'page[limit]=101'),
      expected: [{ in: 'query', at: 'page[limit]', detail: 'page[limit] must be at most 100' }],
    },
    {
      name: 'a non-numeric integer parameter says it must be an integer',
      run: () => check('listThings', 'page[limit]=ten'),
      expected: [{ in: 'query', at: 'page[limit]', detail: 'page[limit] must be an integer' }],
    },
    {
      name: 'a repeated parameter asks to give it once',
      run: () => check('listThings', 'page[limit]=1&page[limit]=2'),
      expected: [{ in: 'query', at: 'page[limit]', detail: 'page[limit] is given 2 times; give it once' }],
    },
    {
      name: 'a header parameter is checked by name',
      run: () => check('listThings', '', {}, { 'accept-language': 'x' }),
      expected: [
        { in: 'header', at: 'accept-language', detail: 'accept-language must be at least 2 characters' },
      ],
    },
    {
      name: 'a path parameter declared on the path item is checked',
      run: () => check('updateThing', '', { subscription_uuid: 'nope' }),
      expected: [
        {
          in: 'path',
          at: 'subscription_uuid',
          detail: 'subscription_uuid must be a UUID, e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
        },
      ],
    },
    {
      name: 'a missing required path parameter is reported',
      run: () => check('updateThing', ''),
      expected: [{ in: 'path', at: 'subscription_uuid', detail: 'subscription_uuid is required' }],
    },
    {
      name: 'deepObject parameters are named with brackets',
      run: () => check('updateThing', 'page[limit]=500&page[offset]=x', { subscription_uuid: uuid }),
      expected: [
        { in: 'query', at: 'page[limit]', detail: 'page[limit] must be at most 100' },
        { in: 'query', at: 'page[offset]', detail: 'page[offset] must be an integer' },
      ],
    },
  ];

  it.each(cases)('$name', ({ run, expected }) => {
    expect(run()).toEqual(expected);
  });
});

describe('response validation', () => {
  it('accepts a body matching the documented response', () => {
    expect(validators.response('createThing', 201)({ id: '3fa85f64-5717-4562-b3fc-2c963f66afa6' })).toEqual(
      [],
    );
  });

  it('reports a response body that breaks its schema', () => {
    expect(
      validators
        .response(
          'createThing',
          201,
        )({})
        .map((v) => v.detail),
    ).toEqual(['/id is required']);
  });

  it('reports an undocumented status as a violation', () => {
    expect(validators.response('createThing', 418)({})[0]?.detail).toBe(
      'status 418 is not documented for createThing (documented: 201)',
    );
  });

  it('validates against a named component schema', () => {
    expect(validators.schema('UUID')('x')).toHaveLength(1);
  });
});

describe('helpers', () => {
  const media: [string, boolean][] = [
    ['application/json', true],
    ['application/vnd.api+json; charset=utf-8', true],
    ['Application/JSON', true],
    ['text/plain', false],
    ['application/jsonp', false],
  ];
  it.each(media)('isJsonMediaType(%s) is %s', (type, expected) => {
    expect(isJsonMediaType(type)).toBe(expected);
  });

  it('escapes path templates into a URI fragment', () => {
    expect(fragmentOf(['paths', '/a/{id}', 'get'])).toBe('#/paths/~1a~1%7Bid%7D/get');
  });
});

describe('the real spec', () => {
  const real = specValidators();
  const ids = {
    account: '29949968-2749-44ee-9002-18b1b3a8e3a7',
    offering: '07ed42d5-63ec-40d8-8ee0-b28bc46cb754',
  };
  const build = {
    account_id: ids.account,
    offering_id: ids.offering,
    currency: 'USD',
    manual_payments: true,
    name: 'Ada',
    email: 'ada@example.com',
  };
  const create = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (real.operation('createSubscription')?.body?.({ data, ...extra }) ?? []).map(({ at, detail }) => ({
      at,
      detail,
    }));
  const update = (data: unknown) =>
    (real.operation('updateSubscription')?.body?.({ data }) ?? []).map(({ at, detail }) => ({ at, detail }));
  const cases: { name: string; run: () => unknown; expected: unknown[] }[] = [
    { name: 'a complete BuildSubscription passes', run: () => create(build), expected: [] },
    {
      name: 'BuildSubscription without email points at /data/email',
      run: () => create({ ...build, email: undefined }),
      expected: [{ at: '/data/email', detail: '/data/email is required' }],
    },
    {
      name: 'a typo under data and an unknown top-level member are both reported',
      run: () => create({ ...build, emial: 'x' }, { extra: 1 }),
      expected: [
        { at: '/data/emial', detail: expect.stringContaining('/data/emial is not a known field') },
        {
          at: '/extra',
          detail: '/extra is not a known field; check its spelling or remove it; known fields here: data',
        },
      ],
    },
    {
      name: 'a payment authority of another type names the one accepted value',
      run: () => create({ ...build, payment_authority: { type: 'stripe' } }),
      expected: [
        {
          at: '/data/payment_authority/type',
          detail: '/data/payment_authority/type must be "provider_payments_processor"',
        },
      ],
    },
    {
      name: 'a lowercase currency key in an inline product price points at the key',
      run: () =>
        create({
          ...build,
          offering: { name: 'Box', products: [{ name: 'Tea', price: { usd: { amount: 1 } } }], plans: [] },
        }),
      expected: [
        {
          at: '/data/offering/products/0/price/usd',
          detail:
            'the key "usd" of /data/offering/products/0/price must match ^[A-Z]{3}$ (three uppercase letters, e.g. USD)',
        },
        { at: '/data/offering/plans', detail: '/data/offering/plans must have at least 1 item' },
      ],
    },
    {
      name: 'an update with a wrong type and non-nullable values reports each',
      run: () =>
        update({ id: ids.account, type: 'subscriptions', attributes: { address_id: 5, go_live_after: 3 } }),
      expected: [
        { at: '/data/type', detail: '/data/type must be "subscription"' },
        { at: '/data/attributes/address_id', detail: '/data/attributes/address_id must be a string or null' },
        {
          at: '/data/attributes/go_live_after',
          detail: '/data/attributes/go_live_after must be a string or null',
        },
      ],
    },
    {
      name: 'list parameters out of range are reported by parameter name',
      run: () =>
        real
          .operation('listSubscriptions')
          ?.parameters({ path: {}, query: new URLSearchParams('page[limit]=0&include=foo'), headers: {} })
          .map(({ at, detail }) => ({ at, detail })),
      expected: [
        { at: 'page[limit]', detail: 'page[limit] must be at least 1' },
        {
          at: 'include',
          detail:
            'include must match ^ *(plans|products) *(, *(plans|products) *)?$ (plans, products, or plans,products)',
        },
      ],
    },
  ];

  it.each(cases)('$name', ({ run, expected }) => {
    expect(run()).toEqual(expected);
  });

  it('validates every documented example of every response against its schema', () => {
    const checked: string[] = [];
    for (const op of real.operations)
      for (const [status, response] of Object.entries(op.operation.responses ?? {})) {
        const resolved = resolveRef(real.document, response).value as OpenAPIV3_1.ResponseObject;
        for (const [name, example] of Object.entries(
          resolved.content?.['application/json']?.examples ?? {},
        )) {
          const value = (resolveRef(real.document, example).value as { value: unknown }).value;
          expect(
            real.response(op.operationId, Number(status))(value),
            `${op.operationId} ${status} ${name}`,
          ).toEqual([]);
          checked.push(`${op.operationId} ${status}`);
        }
      }
    expect(checked.length).toBeGreaterThan(4);
  });

  it('compiles each validator once: the same function comes back for the same operation', () => {
    expect(real.operation('createSubscription')).toBe(real.operation('createSubscription'));
    expect(specValidators()).toBe(real);
  });
});

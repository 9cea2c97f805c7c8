import type { OpenAPIV3_1 } from 'openapi-types';

// A small document shaped like the real spec's create/update/list operations, so the error mapping is tested
// independently of how the real spec evolves.
export const inlineSpecDocument = {
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

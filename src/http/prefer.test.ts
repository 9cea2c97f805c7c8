import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { listOperations } from '../contract/spec-operations.js';
import { HttpError } from './http-error.js';
import { parsePrefer, preferredResponse } from './prefer.js';

describe('parsePrefer', () => {
  const cases: { header: string | string[] | undefined; expected: unknown }[] = [
    { header: undefined, expected: undefined },
    { header: 'code=404', expected: { code: 404 } },
    { header: 'code=404, example=notFound', expected: { code: 404, example: 'notFound' } },
    { header: 'example="not found"', expected: { example: 'not found' } },
    { header: 'return=minimal; code=409', expected: { code: 409 } },
    { header: ['code=400', 'example=badLimit'], expected: { code: 400, example: 'badLimit' } },
    { header: 'return=representation', expected: undefined },
    { header: 'CODE=201', expected: { code: 201 } },
  ];
  it.each(cases)('reads $header', ({ header, expected }) => {
    expect(parsePrefer(header)).toEqual(expected);
  });

  const bad = ['code=abc', 'code=42', 'code=600', 'example='];
  it.each(bad)('rejects %s with a 400 naming the Prefer header', (header) => {
    expect(() => parsePrefer(header)).toThrow(HttpError);
    try {
      parsePrefer(header);
    } catch (error) {
      expect((error as HttpError).errors[0]?.source).toEqual({ header: 'Prefer' });
    }
  });
});

const error = (detail: string) => ({ errors: [{ status: '404', title: 'Not Found', detail }] });
const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object', examples: [{ from: 'schema' }] } } },
          },
          '404': { $ref: '#/components/responses/NotFound' },
          '4XX': { description: 'other', content: { 'application/json': { example: { from: 'range' } } } },
          '500': {
            description: 'no example',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
  },
  components: {
    examples: { Gone: { value: error('gone') } },
    responses: {
      NotFound: {
        description: 'nf',
        content: {
          'application/json': {
            examples: { missing: { value: error('missing') }, gone: { $ref: '#/components/examples/Gone' } },
          },
        },
      },
    },
  },
} as unknown as OpenAPIV3_1.Document;
const op = listOperations(document)[0]!;

describe('preferredResponse', () => {
  const cases: { name: string; preference: { code?: number; example?: string }; expected: unknown }[] = [
    {
      name: 'code picks the first named example of that status',
      preference: { code: 404 },
      expected: { status: 404, example: { value: error('missing') } },
    },
    {
      name: 'example picks a named example, through $ref',
      preference: { code: 404, example: 'gone' },
      expected: { status: 404, example: { value: error('gone') } },
    },
    {
      name: 'example alone is searched across statuses',
      preference: { example: 'gone' },
      expected: { status: 404, example: { value: error('gone') } },
    },
    {
      name: 'a schema example serves when the media type has none',
      preference: { code: 200 },
      expected: { status: 200, example: { value: { from: 'schema' } } },
    },
    {
      name: 'a status covered by a range uses the range response',
      preference: { code: 418 },
      expected: { status: 418, example: { value: { from: 'range' } } },
    },
    {
      name: 'a documented status without example says so',
      preference: { code: 500 },
      expected: { status: 500 },
    },
  ];
  it.each(cases)('$name', ({ preference, expected }) => {
    expect(preferredResponse(document, op, preference)).toEqual(expected);
  });

  const rejected: { name: string; preference: { code?: number; example?: string }; detail: string }[] = [
    {
      name: 'an undocumented code lists the documented ones',
      preference: { code: 201 },
      detail: 'Prefer code=201 is not documented for listThings; documented codes: 200, 404, 4XX, 500',
    },
    {
      name: 'an unknown example name lists the available ones',
      preference: { code: 404, example: 'nope' },
      detail: 'Prefer example=nope is not an example of listThings status 404; available: missing, gone',
    },
  ];
  it.each(rejected)('$name', ({ preference, detail }) => {
    expect(() => preferredResponse(document, op, preference)).toThrow(detail);
  });
});

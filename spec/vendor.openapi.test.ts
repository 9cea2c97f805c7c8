// The token endpoint's own document: valid OpenAPI 3.1, lint-clean, and describing what src/vendor answers.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../src/package-root.js';
import { GRANTS, TOKEN_PATH, TokenRegistry, tokenRequest } from '../src/vendor/access-token.js';
import { spectralLint } from './spectral-lint.js';

const file = join(packageRoot(), 'spec', 'vendor.openapi.yaml');

interface TokenDocument {
  paths: Record<string, { post: Operation }>;
  components: { schemas: Record<string, object> };
}
interface Operation {
  requestBody: {
    content: Record<
      string,
      { schema: object; example?: unknown; examples?: Record<string, { value: unknown }> }
    >;
  };
  responses: Record<string, { content: { 'application/json': { schema: object; example: unknown } } }>;
}

const doc = (await SwaggerParser.dereference(file)) as unknown as TokenDocument;
const ajv = new Ajv2020({ strict: false, allErrors: true });
const schemas = doc.components.schemas;
const validate = (schema: object, value: unknown) => {
  const check = ajv.compile(schema);
  return check(value) ? [] : (check.errors ?? []);
};

describe('spec/vendor.openapi.yaml as an OpenAPI document', () => {
  it('validates as OpenAPI 3.1 with swagger-parser', async () => {
    await expect(SwaggerParser.validate(file)).resolves.toMatchObject({ openapi: '3.1.0' });
  });

  it('has zero Spectral errors and warnings under the recommended OpenAPI rules', async () => {
    const found = (await spectralLint(file)).map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(found).toEqual([]);
  });

  it('has every request and response example valid against its schema', () => {
    const operation = doc.paths[TOKEN_PATH]?.post;
    expect(operation).toBeDefined();
    const examples = [
      ...Object.values(operation?.requestBody.content ?? {}).flatMap((media) => [
        ...(media.example === undefined ? [] : [{ schema: media.schema, value: media.example }]),
        ...Object.values(media.examples ?? {}).map(({ value }) => ({ schema: media.schema, value })),
      ]),
      ...Object.values(operation?.responses ?? {}).map(({ content }) => ({
        schema: content['application/json'].schema,
        value: content['application/json'].example,
      })),
    ];
    expect(examples.length).toBe(5);
    for (const { schema, value } of examples)
      expect(validate(schema, value ?? 'example missing')).toEqual([]);
  });
});

describe('the token endpoint src/vendor answers', () => {
  it('takes the grants the document lists', () => {
    expect(schemas.TokenRequest).toMatchObject({ properties: { grant_type: { enum: [...GRANTS] } } });
  });

  it.each(GRANTS)('issues a %s token the document describes', (grant) => {
    expect(validate(schemas.AccessToken ?? {}, new TokenRegistry().issue(grant, Date.now()))).toEqual([]);
  });

  it('refuses a bad request with an error body the document describes', () => {
    const answer = tokenRequest('application/x-www-form-urlencoded', 'grant_type=password');
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(validate(schemas.ErrorResponse ?? {}, { errors: answer.errors })).toEqual([]);
  });
});

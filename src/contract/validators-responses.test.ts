import { describe, expect, it } from 'vitest';
import { inlineSpecDocument } from '../../test/support/inline-spec-document.js';
import { fragmentOf } from './json-pointer.js';
import { isJsonMediaType } from './json-pointer.js';
import { createValidators } from './validators.js';

const validators = createValidators(inlineSpecDocument);

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

// These two decide which schema of a response (or body) is compiled: its JSON media type, its location.
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

import { describe, expect, it } from 'vitest';
import { absoluteRefs, firstSegment, mayRepeat, splitOf } from './schema-parts.js';

const doc = {
  components: {
    schemas: {
      Page: {
        type: 'object',
        required: ['data'],
        properties: {
          data: { type: 'array', maxItems: 2, items: { $ref: '#/components/schemas/Item' } },
          meta: { $ref: '#/components/schemas/Meta', description: 'annotations beside a $ref are fine' },
          links: { $ref: '#/components/schemas/Links' },
          note: { type: 'string' },
        },
      },
      Item: {
        type: 'object',
        properties: { id: { type: 'string' } },
        additionalProperties: { type: 'integer' },
      },
      Meta: { type: 'object', 'x-convention': true, properties: { total: { type: 'integer' } } },
      Links: { allOf: [{ $ref: '#/components/schemas/Meta' }] },
      Tuple: { type: 'array', prefixItems: [{ type: 'string' }] },
      Either: { type: 'object', properties: { a: { type: 'string' } }, oneOf: [{ required: ['a'] }] },
      RefWithSiblings: { $ref: '#/components/schemas/Item', type: 'object' },
      Map: { type: 'object', additionalProperties: { type: 'integer' } },
    },
  },
};

describe('splitOf', () => {
  it('parts an object by its declared members that are plain objects or arrays, in the schema order', () => {
    const split = splitOf(doc, '/components/schemas/Page', 'spec');
    expect(split?.kind).toBe('object');
    if (split?.kind !== 'object') return;
    expect(split.members).toEqual([
      { name: 'data', parted: true },
      { name: 'meta', parted: true },
      { name: 'links', parted: false },
      { name: 'note', parted: false },
    ]);
    // Parted members stay declared (as `true`), so a schema-valued additionalProperties never sees them.
    expect(split.shell).toEqual({
      type: 'object',
      required: ['data'],
      properties: {
        data: true,
        meta: true,
        links: { $ref: 'spec#/components/schemas/Links' },
        note: { type: 'string' },
      },
    });
  });

  it('parts an array by its items, keeping its own keywords in the shell', () => {
    const split = splitOf(doc, '/components/schemas/Page/properties/data', 'spec');
    expect(split).toMatchObject({
      kind: 'array',
      items: '/components/schemas/Page/properties/data/items',
      shell: { type: 'array', maxItems: 2, items: true },
    });
  });

  it('follows a $ref that stands alone (annotations aside) to the schema it names', () => {
    expect(splitOf(doc, '/components/schemas/Page/properties/meta', 'spec')?.pointer).toBe(
      '/components/schemas/Meta',
    );
  });

  const whole = [
    { what: 'a combinator', pointer: '/components/schemas/Links' },
    { what: 'a combinator beside properties', pointer: '/components/schemas/Either' },
    { what: 'a tuple', pointer: '/components/schemas/Tuple' },
    { what: 'a $ref beside other keywords', pointer: '/components/schemas/RefWithSiblings' },
    { what: 'a map without declared members', pointer: '/components/schemas/Map' },
    { what: 'a scalar', pointer: '/components/schemas/Page/properties/note' },
    { what: 'nothing at all', pointer: '/components/schemas/Missing' },
  ];
  it.each(whole)('leaves $what to be validated whole', ({ pointer }) => {
    expect(splitOf(doc, pointer, 'spec')).toBeUndefined();
  });
});

describe('mayRepeat', () => {
  const cases = [
    {
      what: 'plain members and items',
      schema: { $ref: 'spec#/components/schemas/Page/properties/data' },
      repeats: false,
    },
    { what: 'a ref to a combinator', schema: { $ref: 'spec#/components/schemas/Links' }, repeats: true },
    {
      what: 'a ref beside other keywords',
      schema: { $ref: 'spec#/components/schemas/RefWithSiblings' },
      repeats: true,
    },
    { what: 'a oneOf', schema: { oneOf: [{ type: 'string' }, { type: 'integer' }] }, repeats: true },
    { what: 'patterns that may overlap', schema: { patternProperties: { a: {}, b: {} } }, repeats: true },
    { what: 'data that merely looks like a combinator', schema: { enum: [{ oneOf: 1 }] }, repeats: false },
  ];
  it.each(cases)('says $what may repeat an error: $repeats', ({ schema, repeats }) => {
    expect(mayRepeat(doc, schema, 'spec')).toBe(repeats);
  });
});

describe('absoluteRefs', () => {
  it('names the document in local refs, anywhere in the copy, and leaves the original alone', () => {
    const schema = {
      properties: { a: { $ref: '#/x' }, b: { items: [{ $ref: '#/y' }, { $ref: 'other#/z' }] } },
    };
    expect(absoluteRefs(schema, 'spec')).toEqual({
      properties: { a: { $ref: 'spec#/x' }, b: { items: [{ $ref: 'spec#/y' }, { $ref: 'other#/z' }] } },
    });
    expect(schema.properties.a.$ref).toBe('#/x');
  });
});

describe('firstSegment', () => {
  const cases = [
    { path: '', segment: undefined },
    { path: '/price', segment: 'price' },
    { path: '/price/USD', segment: 'price' },
    { path: '/a~1b~0c/d', segment: 'a/b~c' },
  ];
  it.each(cases)('reads $segment from "$path"', ({ path, segment }) => {
    expect(firstSegment(path)).toBe(segment);
  });
});

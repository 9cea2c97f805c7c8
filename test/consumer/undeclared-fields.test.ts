import { describe, expect, it } from 'vitest';
import { undeclaredFields } from './undeclared-fields.js';

const doc = {
  components: {
    schemas: {
      Id: { type: 'string', format: 'uuid' },
      Named: {
        type: 'object',
        properties: { id: { $ref: '#/components/schemas/Id' }, name: { type: 'string' } },
      },
      Open: { type: 'object' },
      Prices: { type: 'object', additionalProperties: { type: 'integer' } },
      Untyped: { type: 'object', properties: { plan_id: { description: 'any' } } },
      Either: {
        oneOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'object', properties: { b: { type: ['integer', 'null'] } } },
        ],
      },
      Both: { allOf: [{ $ref: '#/components/schemas/Named' }, { properties: { extra: { const: 1 } } }] },
      List: { type: 'array', items: { $ref: '#/components/schemas/Named' } },
      Bare: { type: 'array' },
      Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
    },
  },
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('undeclaredFields', () => {
  const cases = [
    { name: 'a body of declared fields', schema: 'Named', body: { id: 'x', name: 'n' }, undeclared: [] },
    { name: 'a field no property names', schema: 'Named', body: { id: 'x', email: 'e' }, undeclared: ['email'] },
    {
      name: 'every member of an open object, id-like keys as *',
      schema: 'Open',
      body: { weight_kg: 2, '239d10f3-6465': 'x', 'products(care)': {} },
      undeclared: ['*', 'weight_kg'],
    },
    { name: 'no member of a typed map', schema: 'Prices', body: { USD: 1, EUR: 2 }, undeclared: [] },
    { name: 'fields of any oneOf member', schema: 'Either', body: { a: 'x', b: null }, undeclared: [] },
    { name: 'fields of allOf members and their $refs', schema: 'Both', body: { id: 'x', extra: 1 }, undeclared: [] },
    { name: 'fields inside array items', schema: 'List', body: [{ id: 'x' }, { nope: 1 }], undeclared: ['[].nope'] },
    { name: 'items of an array without items', schema: 'Bare', body: [1, 2], undeclared: ['[]'] },
    { name: 'fields of a recursive schema', schema: 'Loop', body: { next: { next: { last: 1 } } }, undeclared: ['next.next.last'] },
  ]; // prettier-ignore
  it.each(cases)('finds $undeclared undeclared in $name', ({ schema, body, undeclared }) => {
    expect(undeclaredFields(doc, ref(schema), body).undeclared).toEqual(undeclared);
  });

  const typeCases = [
    { name: 'a declared field without a type', schema: 'Untyped', body: { plan_id: 'p' }, untyped: ['plan_id'], mistyped: [] },
    { name: 'a string where an integer is declared', schema: 'Prices', body: { USD: '1' }, untyped: [], mistyped: ['*'] },
    { name: 'a fraction where an integer is declared', schema: 'Prices', body: { USD: 1.5 }, untyped: [], mistyped: ['*'] },
    { name: 'null where the type allows it', schema: 'Either', body: { b: null }, untyped: [], mistyped: [] },
    { name: 'a value that matches its const', schema: 'Both', body: { extra: 1 }, untyped: [], mistyped: [] },
  ]; // prettier-ignore
  it.each(typeCases)('reports untyped $untyped and mistyped $mistyped for $name', (c) => {
    const found = undeclaredFields(doc, ref(c.schema), c.body);
    expect({ untyped: found.untyped, mistyped: found.mistyped }).toEqual({
      untyped: c.untyped,
      mistyped: c.mistyped,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { jsonArray, jsonDocument, JsonText } from './json-text.js';

describe('jsonDocument', () => {
  const cases = [
    { title: 'stringifies plain members in order', members: { b: 1, a: 'x' }, expected: { b: 1, a: 'x' } },
    { title: 'splices texts as they are', members: { data: jsonArray(['{"id":1}', '{"id":2}']) }, expected: { data: [{ id: 1 }, { id: 2 }] } },
    { title: 'leaves out undefined members', members: { a: undefined, b: null }, expected: { b: null } },
    { title: 'gives an empty array for no texts', members: { data: jsonArray([]) }, expected: { data: [] } },
    { title: 'escapes member names', members: { 'a"b': new JsonText('true') }, expected: { 'a"b': true } },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ members, expected }) => {
    const text = jsonDocument(members).text;
    expect(JSON.parse(text)).toEqual(expected);
    expect(text).toBe(JSON.stringify(expected));
  });
});

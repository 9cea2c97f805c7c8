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

describe('JsonText bytes', () => {
  const cases = [
    { title: 'a text of its own', json: () => new JsonText('{"name":"Zoë 😀"}') },
    { title: 'an array of non-ASCII texts', json: () => jsonArray(['"Zoë"', '"😀"', '"x"']) },
    { title: 'an empty array', json: () => jsonArray([]) },
    { title: 'a document of values, texts and a non-ASCII name', json: () => jsonDocument({ 'ä': 'ü', data: jsonArray(['"€"']), meta: { n: 1 }, gone: undefined }) },
    { title: 'an empty document', json: () => jsonDocument({}) },
    { title: 'a document inside a document', json: () => jsonDocument({ a: jsonDocument({ b: new JsonText('"😀"') }) }) },
  ]; // prettier-ignore
  it.each(cases)('counts the UTF-8 bytes of $title', ({ json }) => {
    const { text, bytes } = json();
    expect(bytes).toBe(Buffer.byteLength(text));
    expect(() => JSON.parse(text) as unknown).not.toThrow();
  });
});

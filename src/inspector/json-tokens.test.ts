import { describe, expect, it } from 'vitest';
import { indentLoose, jsonTokens, prettyBody } from './json-tokens.js';

describe('prettyBody', () => {
  const cases: { title: string; body: string | null | undefined; expected: ReturnType<typeof prettyBody> }[] =
    [
      {
        title: 'JSON, indented by two',
        body: '{"a":[1,true]}',
        expected: { text: '{\n  "a": [\n    1,\n    true\n  ]\n}', json: true },
      },
      { title: 'text as it came', body: 'not json {', expected: { text: 'not json {', json: false } },
      {
        title: 'JSON cut short, indented all the same',
        body: '{"a":[1,{"b":"x,y',
        expected: { text: '{\n  "a": [\n    1,\n    {\n      "b": "x,y', json: true },
      },
      { title: 'no body as nothing', body: null, expected: { text: '', json: false } },
      { title: 'an empty body as nothing', body: '', expected: { text: '', json: false } },
    ];
  it.for(cases)('shows $title', ({ body, expected }) => {
    expect(prettyBody(body)).toEqual(expected);
  });
});

describe('jsonTokens', () => {
  const cases: { text: string; expected: [string, string][] }[] = [
    {
      text: '{"a": 1}',
      expected: [
        ['plain', '{'],
        ['key', '"a"'],
        ['plain', ': '],
        ['number', '1'],
        ['plain', '}'],
      ],
    },
    {
      text: '["x\\"y", -1.5e3, true, null]',
      expected: [
        ['plain', '['],
        ['string', '"x\\"y"'],
        ['plain', ', '],
        ['number', '-1.5e3'],
        ['plain', ', '],
        ['literal', 'true'],
        ['plain', ', '],
        ['literal', 'null'],
        ['plain', ']'],
      ],
    },
    { text: '"true: 1"', expected: [['string', '"true: 1"']] },
    { text: '', expected: [] },
  ];
  it.for(cases)('splits $text into its tokens', ({ text, expected }) => {
    const tokens = jsonTokens(text);
    expect(tokens.map((token) => [token.kind, token.text])).toEqual(expected);
    expect(tokens.map((token) => token.text).join('')).toBe(text);
  });
});

describe('indentLoose', () => {
  const whole = [
    '{"a":1,"b":[true,null,"x\\"y,{}"],"c":{},"d":[],"e":{"f":[{"g":-1.5}]}}',
    '[]',
    '[1,[2,[3]]]',
    '{ "spaced" : [ 1 , 2 ] , "empty" : [ ] }',
  ];
  it.for(whole)('indents whole JSON as JSON.stringify does: %s', (text) => {
    expect(indentLoose(text)).toBe(JSON.stringify(JSON.parse(text), null, 2));
  });
  it('never goes below the first level on stray closers', () => {
    expect(indentLoose('}]{"a":1')).toBe('\n}\n]{\n  "a": 1');
  });
});

import { describe, expect, it } from 'vitest';
import { filterParameter, type FilterExpression } from './filter-match.js';
import { parseFilter } from './filter-parse.js';

const cases: Array<{ name: string; text: string; expected: FilterExpression[] | undefined }> = [
  {
    name: 'one eq expression is read',
    text: 'eq(sku,abc)',
    expected: [{ op: 'eq', attribute: 'sku', values: ['abc'] }],
  },
  {
    name: 'expressions joined by a colon are all read',
    text: 'eq(sku,a):in(tags,x,y)',
    expected: [
      { op: 'eq', attribute: 'sku', values: ['a'] },
      { op: 'in', attribute: 'tags', values: ['x', 'y'] },
    ],
  },
  {
    name: 'a quoted value keeps its commas, colons and parentheses',
    text: `eq(name,"a, b: (c)")`,
    expected: [{ op: 'eq', attribute: 'name', values: ['a, b: (c)'] }],
  },
  {
    name: 'a backslash escapes the quote inside a quoted value',
    text: `in(name,'it\\'s',"say \\"hi\\"")`,
    expected: [{ op: 'in', attribute: 'name', values: ["it's", 'say "hi"'] }],
  },
  { name: 'an unknown operator is not read', text: 'like(sku,a)', expected: undefined },
  { name: 'an expression without a value is not read', text: 'eq(sku)', expected: undefined },
  { name: 'an unclosed expression is not read', text: 'eq(sku,a', expected: undefined },
  { name: 'text after an expression without a colon is not read', text: 'eq(sku,a)x', expected: undefined },
  { name: 'an unclosed quote is not read', text: 'eq(sku,"a)', expected: undefined },
  { name: 'an empty filter is not read', text: '', expected: undefined },
];

describe('parseFilter', () => {
  for (const { name, text, expected } of cases) {
    it(name, () => expect(parseFilter(text)).toEqual(expected));
  }

  it('reads back every filter the kit writes', () => {
    const written: FilterExpression[] = [
      { op: 'in', attribute: 'name', values: ['plain', 'with, comma', 'with "quote"', ' edge '] },
      { op: 'eq', attribute: 'sku', values: ['a:b'] },
    ];
    expect(parseFilter(filterParameter(written))).toEqual(written);
  });
});

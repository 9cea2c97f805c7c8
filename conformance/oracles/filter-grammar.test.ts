import { describe, expect, it } from 'vitest';
import { filterParameter } from './filter-match.js';
import { parseFilter } from './filter-grammar.js';

describe('parseFilter', () => {
  const cases = [
    { text: 'eq(email,a@b.co)', parsed: [{ op: 'eq', attribute: 'email', values: ['a@b.co'] }] },
    {
      text: 'eq(name,"a,b):c"):in(sku,X,Y)',
      parsed: [
        { op: 'eq', attribute: 'name', values: ['a,b):c'] },
        { op: 'in', attribute: 'sku', values: ['X', 'Y'] },
      ],
    },
    { text: "eq(name,'it\\'s')", parsed: [{ op: 'eq', attribute: 'name', values: ["it's"] }] },
    { text: 'like(name,x)', parsed: undefined },
    { text: 'eq(name,x):', parsed: undefined },
    { text: 'eq(name)', parsed: undefined },
    { text: 'eq(name,"open', parsed: undefined },
    { text: 'eq(name,x)eq(sku,y)', parsed: undefined },
  ];
  it.each(cases)('reads $text', ({ text, parsed }) => {
    expect(parseFilter(text)).toEqual(parsed);
  });

  it('reads back what filterParameter writes, whatever the values hold', () => {
    const expressions = [
      { op: 'eq' as const, attribute: 'name', values: ['a,b', 'x)y', 'p:q', 'say "hi"', ' edge '] },
      { op: 'in' as const, attribute: 'sku', values: ['plain'] },
    ];
    expect(parseFilter(filterParameter(expressions))).toEqual(expressions);
  });
});

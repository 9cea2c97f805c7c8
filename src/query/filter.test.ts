import { describe, expect, it } from 'vitest';
import {
  NODE_PRODUCT_FILTERS,
  parseFilter,
  SUBSCRIPTION_FILTERS,
  type FilterExpression,
  type FilterGrammar,
} from './filter.js';

const UUID = '5f0c8d4e-2b7a-4c1e-9f3d-6a8b0c2d4e6f';
const OTHER_UUID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

interface Accepted {
  name: string;
  raw: string;
  grammar?: FilterGrammar;
  expressions: FilterExpression[];
}

const eq = (attribute: string, value: string): FilterExpression => ({ op: 'eq', attribute, values: [value] });
const inList = (attribute: string, ...values: string[]): FilterExpression => ({
  op: 'in',
  attribute,
  values,
});

const accepted: Accepted[] = [
  {
    name: 'a single eq on a uuid parses',
    raw: `eq(account_id,${UUID})`,
    expressions: [eq('account_id', UUID)],
  },
  {
    name: 'two expressions joined by a colon are both kept, in order',
    raw: `eq(account_id,${UUID}):eq(email,a@b.co)`,
    expressions: [eq('account_id', UUID), eq('email', 'a@b.co')],
  },
  {
    name: 'an email with plus and at signs stays as written',
    raw: 'eq(email,first.last+tag@example.co.uk)',
    expressions: [eq('email', 'first.last+tag@example.co.uk')],
  },
  {
    name: 'a double-quoted value may hold a comma',
    raw: 'eq(name,"Smith, John")',
    expressions: [eq('name', 'Smith, John')],
  },
  {
    name: 'a single-quoted value may hold a closing parenthesis',
    raw: "eq(name,'Plan (gold)')",
    expressions: [eq('name', 'Plan (gold)')],
  },
  {
    name: 'a colon inside a quoted value does not split expressions',
    raw: 'eq(external_ref,"crm:42:x"):eq(name,Bo)',
    expressions: [eq('external_ref', 'crm:42:x'), eq('name', 'Bo')],
  },
  {
    name: 'a colon inside an unquoted value does not split expressions',
    raw: 'eq(external_ref,https://crm.example/a?b=c):eq(name,Bo)',
    expressions: [eq('external_ref', 'https://crm.example/a?b=c'), eq('name', 'Bo')],
  },
  {
    name: 'a timestamp with colons is one unquoted value',
    raw: 'eq(external_ref,2026-01-01T10:20:30.000Z)',
    expressions: [eq('external_ref', '2026-01-01T10:20:30.000Z')],
  },
  {
    name: 'a backslash escapes the double quote inside double quotes',
    raw: String.raw`eq(name,"say \"hi\"")`,
    expressions: [eq('name', 'say "hi"')],
  },
  {
    name: 'a backslash escapes the single quote inside single quotes',
    raw: String.raw`eq(name,'O\'Brien')`,
    expressions: [eq('name', "O'Brien")],
  },
  {
    name: 'a doubled backslash inside quotes is one backslash',
    raw: String.raw`eq(name,"a\\b")`,
    expressions: [eq('name', String.raw`a\b`)],
  },
  {
    name: 'a backslash before any other character inside quotes is kept literally',
    raw: String.raw`eq(name,"C:\temp")`,
    expressions: [eq('name', String.raw`C:\temp`)],
  },
  {
    name: 'the other quote character inside quotes is an ordinary character',
    raw: `eq(name,"it's")`,
    expressions: [eq('name', "it's")],
  },
  {
    name: 'a quote in the middle of an unquoted value is an ordinary character',
    raw: "eq(name,O'Brien)",
    expressions: [eq('name', "O'Brien")],
  },
  {
    name: 'a backslash in an unquoted value is an ordinary character',
    raw: String.raw`eq(name,a\b)`,
    expressions: [eq('name', String.raw`a\b`)],
  },
  {
    name: 'percent signs are not decoded a second time',
    raw: 'eq(name,100%2C%20off)',
    expressions: [eq('name', '100%2C%20off')],
  },
  {
    name: 'whitespace around operators, parentheses, commas and colons is ignored',
    raw: ' eq ( name , Bo ) : eq( email ,a@b.co ) ',
    expressions: [eq('name', 'Bo'), eq('email', 'a@b.co')],
  },
  {
    name: 'whitespace inside an unquoted value is kept',
    raw: 'eq(name,Jane van Dyke)',
    expressions: [eq('name', 'Jane van Dyke')],
  },
  {
    name: 'whitespace inside quotes is kept, including at the ends',
    raw: 'eq(name, " padded " )',
    expressions: [eq('name', ' padded ')],
  },
  {
    name: 'non-ASCII values are kept as they are',
    raw: 'eq(name,Zoë Ångström 日本)',
    expressions: [eq('name', 'Zoë Ångström 日本')],
  },
  {
    name: 'in with one value parses',
    raw: `in(id,${UUID})`,
    grammar: NODE_PRODUCT_FILTERS,
    expressions: [inList('id', UUID)],
  },
  {
    name: 'in with many values keeps them in the order given',
    raw: `in(id,${OTHER_UUID},${UUID}, "${UUID}x")`,
    grammar: NODE_PRODUCT_FILTERS,
    expressions: [inList('id', OTHER_UUID, UUID, `${UUID}x`)],
  },
  {
    name: 'in on tags takes several values',
    raw: 'in(tags,red,Blue):eq(product_types,bundle)',
    grammar: NODE_PRODUCT_FILTERS,
    expressions: [inList('tags', 'red', 'Blue'), eq('product_types', 'bundle')],
  },
  {
    name: 'eq on every node product attribute parses',
    raw: 'eq(name,a):eq(sku,b):eq(slug,c):eq(manufacturer_part_num,d):eq(upc_ean,e):eq(product_types,child):eq(tags,f)',
    grammar: NODE_PRODUCT_FILTERS,
    expressions: [
      eq('name', 'a'),
      eq('sku', 'b'),
      eq('slug', 'c'),
      eq('manufacturer_part_num', 'd'),
      eq('upc_ean', 'e'),
      eq('product_types', 'child'),
      eq('tags', 'f'),
    ],
  },
  {
    name: 'ten expressions are allowed',
    raw: Array.from({ length: 10 }, (_, i) => `eq(name,n${i})`).join(':'),
    expressions: Array.from({ length: 10 }, (_, i) => eq('name', `n${i}`)),
  },
  {
    name: 'the same attribute twice is kept twice (both must match)',
    raw: 'eq(name,a):eq(name,b)',
    expressions: [eq('name', 'a'), eq('name', 'b')],
  },
];

describe('parseFilter accepts', () => {
  it.each(accepted)('$name', ({ raw, grammar, expressions }) => {
    expect(parseFilter(raw, grammar ?? SUBSCRIPTION_FILTERS)).toEqual({ ok: true, expressions });
  });
});

interface Rejected {
  name: string;
  raw: string;
  grammar?: FilterGrammar;
  details: string[];
}

const rejected: Rejected[] = [
  {
    name: 'an empty filter is refused with an example',
    raw: '',
    details: ['filter: must not be empty; expected op(attribute,value), e.g. eq(account_id,value)'],
  },
  {
    name: 'a filter of only spaces is refused as empty',
    raw: '   ',
    details: ['filter: must not be empty; expected op(attribute,value), e.g. eq(account_id,value)'],
  },
  {
    name: 'an unknown operator lt is refused naming the operators offered',
    raw: 'lt(name,a)',
    grammar: NODE_PRODUCT_FILTERS,
    details: ["filter: operator 'lt' is unknown; expected one of eq, in"],
  },
  {
    name: 'in on subscriptions is refused as not available there',
    raw: `in(account_id,${UUID})`,
    details: ["filter: operator 'in' is not available here; expected eq"],
  },
  {
    name: 'operators are case-sensitive',
    raw: 'EQ(name,a)',
    details: ["filter: operator 'EQ' is unknown; expected eq"],
  },
  {
    name: 'an unknown attribute is refused naming the allowed attributes',
    raw: 'eq(foo,a)',
    details: [
      "filter: unknown attribute 'foo' for eq; expected one of account_id, name, email, external_ref",
    ],
  },
  {
    name: 'attributes are case-sensitive',
    raw: 'eq(Email,a@b.co)',
    details: [
      "filter: unknown attribute 'Email' for eq; expected one of account_id, name, email, external_ref",
    ],
  },
  {
    name: 'eq on id for node products points to in',
    raw: `eq(id,${UUID})`,
    grammar: NODE_PRODUCT_FILTERS,
    details: [
      "filter: unknown attribute 'id' for eq; expected one of name, sku, slug, manufacturer_part_num, upc_ean, product_types, tags; 'id' works with in",
    ],
  },
  {
    name: 'eq with two values is refused',
    raw: 'eq(email,a@b.co,c@d.co)',
    details: ['filter: eq takes exactly one value, got 2 for email'],
  },
  {
    name: 'eq with two tags suggests in',
    raw: 'eq(tags,red,blue)',
    grammar: NODE_PRODUCT_FILTERS,
    details: [
      'filter: eq takes exactly one value, got 2 for tags; use in(tags,value,...) to match any of several',
    ],
  },
  {
    name: 'an empty unquoted value is refused',
    raw: 'eq(name,)',
    details: ['filter: empty value for name in eq(); expected a non-empty value'],
  },
  {
    name: 'an empty quoted value is refused too',
    raw: 'eq(name,"")',
    details: ['filter: empty value for name in eq(); expected a non-empty value'],
  },
  {
    name: 'an empty member of in is refused',
    raw: 'in(sku,a,,b)',
    grammar: NODE_PRODUCT_FILTERS,
    details: ['filter: empty value for sku in in(); expected a non-empty value'],
  },
  {
    name: 'an attribute without a value is refused',
    raw: 'eq(name)',
    details: ["filter: expected ',' and a value after attribute 'name' at character 8, found ')'"],
  },
  {
    name: 'a missing attribute is refused',
    raw: 'eq(,a)',
    details: ["filter: expected an attribute name after 'eq(' at character 4, found ','"],
  },
  {
    name: 'a bare word is refused for its missing parenthesis',
    raw: 'name',
    details: ["filter: expected '(' after 'name' at character 5, found the end of the filter"],
  },
  {
    name: 'an expression starting with a symbol is refused',
    raw: '(name,a)',
    details: ["filter: expected an operator such as eq(attribute,value) at character 1, found '('"],
  },
  {
    name: 'a missing closing parenthesis is refused',
    raw: 'eq(name,a',
    details: ["filter: missing ')' to close 'eq(' opened at character 1"],
  },
  {
    name: 'a missing closing parenthesis after the attribute is refused',
    raw: 'eq(name',
    details: ["filter: missing ')' to close 'eq(' opened at character 1"],
  },
  {
    name: 'an unclosed double quote is refused',
    raw: 'eq(name,"abc)',
    details: ['filter: unclosed " quote opened at character 9'],
  },
  {
    name: 'an escaped closing quote leaves the quote unclosed',
    raw: String.raw`eq(name,'abc\')`,
    details: ["filter: unclosed ' quote opened at character 9"],
  },
  {
    name: 'text after a closing quote is refused',
    raw: 'eq(name,"a"b)',
    details: ["filter: expected ',' or ')' after a value at character 12, found 'b'"],
  },
  {
    name: 'trailing garbage after an expression is refused',
    raw: 'eq(name,a)x',
    details: [
      "filter: expected ':' or the end of the filter at character 11, found 'x' (quote values that contain ',' or ')')",
    ],
  },
  {
    name: 'an unquoted parenthesis in a value is refused with a hint to quote',
    raw: 'eq(name,Plan (gold))',
    details: [
      "filter: expected ':' or the end of the filter at character 20, found ')' (quote values that contain ',' or ')')",
    ],
  },
  {
    name: 'a trailing colon is refused',
    raw: 'eq(name,a):',
    details: [
      'filter: expected an operator such as eq(attribute,value) at character 12, found the end of the filter',
    ],
  },
  {
    name: 'a leading colon is refused',
    raw: ':eq(name,a)',
    details: ["filter: expected an operator such as eq(attribute,value) at character 1, found ':'"],
  },
  {
    name: 'eleven expressions are refused with the count',
    raw: Array.from({ length: 11 }, (_, i) => `eq(name,n${i})`).join(':'),
    details: ["filter: at most 10 expressions joined by ':' are allowed; got 11"],
  },
  {
    name: 'every bad expression is reported, not only the first',
    raw: 'eq(foo,a):eq(name,b):lt(name,c):eq(email,x,y)',
    details: [
      "filter: unknown attribute 'foo' for eq; expected one of account_id, name, email, external_ref",
      "filter: operator 'lt' is unknown; expected eq",
      'filter: eq takes exactly one value, got 2 for email',
    ],
  },
  {
    name: 'parsing resumes after a broken expression',
    raw: 'eq(name:eq(foo,b):eq(name,"x"y):eq(email,a@b.co)',
    details: [
      "filter: expected ',' and a value after attribute 'name:eq' at character 11, found '('",
      "filter: expected ',' or ')' after a value at character 30, found 'y'",
    ],
  },
  {
    name: 'a doubled colon is refused and the next expression still read',
    raw: 'eq(name,a)::eq(foo,b)',
    details: [
      "filter: expected an operator such as eq(attribute,value) at character 12, found ':'",
      "filter: unknown attribute 'foo' for eq; expected one of account_id, name, email, external_ref",
    ],
  },
  {
    name: 'problems beyond the tenth expression are not listed, only the count',
    raw: [...Array.from({ length: 10 }, (_, i) => `eq(name,n${i})`), 'eq(foo,a)', 'lt(x,y)'].join(':'),
    details: ["filter: at most 10 expressions joined by ':' are allowed; got 12"],
  },
  {
    name: 'a very long attribute is echoed cut short',
    raw: `eq(${'a'.repeat(100)},x)`,
    details: [
      `filter: unknown attribute '${'a'.repeat(40)}...' for eq; expected one of account_id, name, email, external_ref`,
    ],
  },
];

describe('parseFilter refuses', () => {
  it.each(rejected)('$name', ({ raw, grammar, details }) => {
    expect(parseFilter(raw, grammar ?? SUBSCRIPTION_FILTERS)).toEqual({
      ok: false,
      problems: details.map((detail) => ({ parameter: 'filter', detail })),
    });
  });

  it('a huge filter of broken expressions ends with a bounded list of problems', () => {
    const raw = Array.from({ length: 5000 }, () => 'eq(foo,"x"y)').join(':');
    const result = parseFilter(raw, SUBSCRIPTION_FILTERS);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toHaveLength(11);
  });

  it('arbitrary text never throws and always answers ok or with filter problems', () => {
    const pieces = ['eq', 'in', '(', ')', ',', ':', '"', "'", '\\', ' ', 'name', 'id', 'x', '%', '\uD800'];
    let seed = 7;
    for (let run = 0; run < 2000; run += 1) {
      let raw = '';
      for (let i = 0; i < 12; i += 1) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        raw += pieces[seed % pieces.length] ?? '';
      }
      const result = parseFilter(raw, NODE_PRODUCT_FILTERS);
      if (!result.ok) {
        expect(result.problems.length).toBeGreaterThan(0);
        for (const problem of result.problems) expect(problem.parameter).toBe('filter');
      } else {
        expect(result.expressions.length).toBeGreaterThan(0);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  filterParameter,
  isPlainValue,
  matchExpression,
  matchRecord,
  readNodeProductAttribute,
  readSubscriptionAttribute,
  type AttributeValue,
  type FilterExpression,
  type MatchVerdict,
} from './filter-match.js';

const eq = (attribute: string, value: string): FilterExpression => ({ op: 'eq', attribute, values: [value] });

describe('matchExpression', () => {
  const cases: Array<{
    name: string;
    value: AttributeValue;
    expression: FilterExpression;
    verdict: MatchVerdict;
  }> = [
    {
      name: 'a scalar equal to the value matches',
      value: 'Oak Desk',
      expression: eq('name', 'Oak Desk'),
      verdict: 'match',
    },
    {
      name: 'a scalar equal only ignoring case is case-only',
      value: 'Oak Desk',
      expression: eq('name', 'oak desk'),
      verdict: 'case-only',
    },
    {
      name: 'a different scalar does not match',
      value: 'Oak Desk',
      expression: eq('name', 'Oak'),
      verdict: 'none',
    },
    {
      name: 'an array containing the value matches (eq = contains)',
      value: ['standard', 'bundle'],
      expression: eq('product_types', 'bundle'),
      verdict: 'match',
    },
    {
      name: 'an array without the value does not match',
      value: ['standard'],
      expression: eq('product_types', 'bundle'),
      verdict: 'none',
    },
    {
      name: 'an array containing any of the values matches (in = contains any)',
      value: ['eco'],
      expression: { op: 'in', attribute: 'tags', values: ['kids', 'eco'] },
      verdict: 'match',
    },
    { name: 'tags compare in lowercase', value: ['eco'], expression: eq('tags', 'ECO'), verdict: 'match' },
    {
      name: 'a scalar equal to one of the in values matches',
      value: 'SKU-2',
      expression: { op: 'in', attribute: 'sku', values: ['SKU-1', 'SKU-2'] },
      verdict: 'match',
    },
    { name: 'a null value never matches', value: null, expression: eq('upc_ean', 'x'), verdict: 'none' },
    {
      name: 'an attribute the response does not show is unknown',
      value: undefined,
      expression: eq('email', 'a@b.co'),
      verdict: 'unknown',
    },
  ];
  it.each(cases)('says $name', ({ value, expression, verdict }) => {
    expect(matchExpression(value, expression)).toBe(verdict);
  });
});

describe('matchRecord', () => {
  const product = {
    id: 'p1',
    attributes: { sku: 'A-1', slug: 'a-1', tags: ['eco'] },
    meta: { product_types: ['standard'] },
  };
  const cases: Array<{ name: string; expressions: FilterExpression[]; verdict: MatchVerdict }> = [
    {
      name: 'both expressions hold (AND)',
      expressions: [eq('sku', 'A-1'), eq('product_types', 'standard')],
      verdict: 'match',
    },
    {
      name: 'one expression fails, so the record does not match',
      expressions: [eq('sku', 'A-1'), eq('slug', 'b-2')],
      verdict: 'none',
    },
    {
      name: 'a case-only match is the worst of the matches',
      expressions: [eq('sku', 'a-1'), eq('slug', 'a-1')],
      verdict: 'case-only',
    },
    { name: 'no expressions match everything', expressions: [], verdict: 'match' },
  ];
  it.each(cases)('says $verdict when $name', ({ expressions, verdict }) => {
    expect(matchRecord(product, expressions, readNodeProductAttribute)).toBe(verdict);
  });
});

describe('the attribute readers', () => {
  const subscription = { id: 's1', attributes: { account_id: 'acc', name: 'Ann Lee' } };
  const product = {
    id: 'p1',
    attributes: { name: 'Desk', tags: ['eco', 3] },
    meta: { product_types: ['child'] },
  };
  const cases: Array<{ name: string; read: () => AttributeValue; expected: AttributeValue }> = [
    {
      name: 'reads a subscription response attribute',
      read: () => readSubscriptionAttribute(subscription, 'account_id'),
      expected: 'acc',
    },
    {
      name: 'reads a missing external_ref as no value',
      read: () => readSubscriptionAttribute(subscription, 'external_ref'),
      expected: null,
    },
    {
      name: 'reads an echoed create field',
      read: () => readSubscriptionAttribute(subscription, 'name'),
      expected: 'Ann Lee',
    },
    {
      name: 'reads an unshown create field as unknown',
      read: () => readSubscriptionAttribute(subscription, 'email'),
      expected: undefined,
    },
    {
      name: "reads a product's id from the record",
      read: () => readNodeProductAttribute(product, 'id'),
      expected: 'p1',
    },
    {
      name: 'reads product_types from meta',
      read: () => readNodeProductAttribute(product, 'product_types'),
      expected: ['child'],
    },
    {
      name: 'keeps only the string tags',
      read: () => readNodeProductAttribute(product, 'tags'),
      expected: ['eco'],
    },
    {
      name: 'reads a missing product attribute as no value',
      read: () => readNodeProductAttribute(product, 'upc_ean'),
      expected: null,
    },
  ];
  it.each(cases)('$name', ({ read, expected }) => {
    expect(read()).toEqual(expected);
  });
});

describe('filterParameter and isPlainValue', () => {
  const cases: Array<{ name: string; expressions: FilterExpression[]; expected: string }> = [
    { name: 'an eq expression', expressions: [eq('sku', 'A-1')], expected: 'eq(sku,A-1)' },
    {
      name: 'an in expression with several values',
      expressions: [{ op: 'in', attribute: 'id', values: ['a', 'b'] }],
      expected: 'in(id,a,b)',
    },
    {
      name: 'two expressions joined by a colon',
      expressions: [eq('sku', 'A'), eq('slug', 'a')],
      expected: 'eq(sku,A):eq(slug,a)',
    },
    {
      name: 'a value with a comma, quoted',
      expressions: [eq('name', 'Desk, oak')],
      expected: 'eq(name,"Desk, oak")',
    },
    {
      name: 'a value with a double quote, escaped',
      expressions: [eq('name', 'The "best"')],
      expected: 'eq(name,"The \\"best\\"")',
    },
  ];
  it.each(cases)('writes $name', ({ expressions, expected }) => {
    expect(filterParameter(expressions)).toBe(expected);
  });

  const values: Array<[string, boolean]> = [
    ['gift idea', true],
    ['kit-abc@example.com', true],
    ["O'Brien", false],
    ['a:b', false],
    ['(x)', false],
    [' padded', false],
    ['', false],
  ];
  it.each(values)('calls %j plain: %s', (value, plain) => {
    expect(isPlainValue(value)).toBe(plain);
  });
});

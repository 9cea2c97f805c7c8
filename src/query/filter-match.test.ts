import { describe, expect, it } from 'vitest';
import type { FilterExpression } from './filter.js';
import { compileFilter, type FilterValue } from './filter-match.js';

type Row = Record<string, FilterValue>;

const read = (row: Row, attribute: string): FilterValue => row[attribute];
const eq = (attribute: string, value: string): FilterExpression => ({ op: 'eq', attribute, values: [value] });
const inList = (attribute: string, ...values: string[]): FilterExpression => ({
  op: 'in',
  attribute,
  values,
});

const cases: {
  name: string;
  expressions: FilterExpression[];
  row: Row;
  lowercase?: string[];
  matches: boolean;
}[] = [
  { name: 'eq matches an equal scalar', expressions: [eq('name', 'Bo')], row: { name: 'Bo' }, matches: true },
  { name: 'eq is case-sensitive', expressions: [eq('name', 'bo')], row: { name: 'Bo' }, matches: false },
  { name: 'eq does not match a prefix', expressions: [eq('name', 'B')], row: { name: 'Bo' }, matches: false },
  {
    name: 'eq does not trim the record value',
    expressions: [eq('name', 'Bo')],
    row: { name: 'Bo ' },
    matches: false,
  },
  {
    name: 'in matches a scalar equal to any value',
    expressions: [inList('sku', 'a', 'b')],
    row: { sku: 'b' },
    matches: true,
  },
  {
    name: 'in misses a scalar equal to none',
    expressions: [inList('sku', 'a', 'b')],
    row: { sku: 'c' },
    matches: false,
  },
  {
    name: 'eq on an array matches when the array contains the value',
    expressions: [eq('product_types', 'bundle')],
    row: { product_types: ['standard', 'bundle'] },
    matches: true,
  },
  {
    name: 'eq on an array misses when the array lacks the value',
    expressions: [eq('product_types', 'child')],
    row: { product_types: ['standard', 'bundle'] },
    matches: false,
  },
  {
    name: 'in on an array matches when it contains any value',
    expressions: [inList('tags', 'x', 'sale')],
    row: { tags: ['new', 'sale'] },
    matches: true,
  },
  {
    name: 'an empty array never matches',
    expressions: [inList('tags', 'x')],
    row: { tags: [] },
    matches: false,
  },
  {
    name: 'a null value never matches',
    expressions: [eq('external_ref', 'x')],
    row: { external_ref: null },
    matches: false,
  },
  {
    name: 'a missing attribute never matches',
    expressions: [eq('external_ref', 'x')],
    row: {},
    matches: false,
  },
  {
    name: 'a lowercase attribute compares the filter value in lowercase',
    expressions: [eq('tags', 'SALE')],
    row: { tags: ['sale'] },
    lowercase: ['tags'],
    matches: true,
  },
  {
    name: 'a lowercase attribute compares the record value in lowercase',
    expressions: [inList('tags', 'sale')],
    row: { tags: ['Sale'] },
    lowercase: ['tags'],
    matches: true,
  },
  {
    name: 'lowercasing one attribute leaves the others case-sensitive',
    expressions: [eq('name', 'BO')],
    row: { name: 'Bo' },
    lowercase: ['tags'],
    matches: false,
  },
  {
    name: 'all expressions must match (AND)',
    expressions: [eq('name', 'Bo'), eq('email', 'a@b.co')],
    row: { name: 'Bo', email: 'c@d.co' },
    matches: false,
  },
  {
    name: 'a record matching every expression matches',
    expressions: [eq('name', 'Bo'), eq('email', 'a@b.co')],
    row: { name: 'Bo', email: 'a@b.co' },
    matches: true,
  },
  {
    name: 'the same attribute with two different values cannot match',
    expressions: [eq('name', 'a'), eq('name', 'b')],
    row: { name: 'a' },
    matches: false,
  },
  { name: 'no expressions match every record', expressions: [], row: {}, matches: true },
];

describe('compileFilter', () => {
  it.each(cases)('$name', ({ expressions, row, lowercase, matches }) => {
    const match = compileFilter<Row>(expressions, read, lowercase ? { lowercase } : undefined);
    expect(match(row)).toBe(matches);
  });

  it('keeps the order of the records it is used to filter', () => {
    const rows: Row[] = [{ id: '3' }, { id: '1' }, { id: '2' }, { id: '4' }];
    const match = compileFilter<Row>([inList('id', '1', '2', '3')], read);
    expect(rows.filter(match).map((row) => row.id)).toEqual(['3', '1', '2']);
  });
});

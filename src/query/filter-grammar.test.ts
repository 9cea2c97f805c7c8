import { describe, expect, it } from 'vitest';
import {
  FILTER_OPERATORS,
  isFilterOperator,
  NODE_PRODUCT_FILTERS,
  SUBSCRIPTION_FILTERS,
} from './filter-grammar.js';

describe('filter vocabularies', () => {
  const cases = [
    { name: 'eq is a filter operator', check: () => isFilterOperator('eq'), expected: true },
    { name: 'lt is not a filter operator', check: () => isFilterOperator('lt'), expected: false },
    { name: 'the operators are eq and in', check: () => FILTER_OPERATORS.join(), expected: 'eq,in' },
    {
      name: 'subscriptions offer eq only',
      check: () => Object.keys(SUBSCRIPTION_FILTERS).join(),
      expected: 'eq',
    },
    {
      name: 'node products offer eq on seven attributes',
      check: () => NODE_PRODUCT_FILTERS.eq?.length,
      expected: 7,
    },
    {
      name: 'node products offer in on eight attributes',
      check: () => NODE_PRODUCT_FILTERS.in?.length,
      expected: 8,
    },
  ];
  it.each(cases)('$name', ({ check, expected }) => {
    expect(check()).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../prng.js';
import { parseFilter } from './filter-grammar.js';
import { filterParameter } from './filter-match.js';
import {
  caseNumbers,
  describeCase,
  drawCase,
  GRAMMAR,
  relationProblem,
  shrink,
  type GeneratedCase,
} from './generated-case.js';

describe('drawCase', () => {
  it('draws the same cases from the same seed, each within the grammar and readable back', () => {
    const values = () => ['A', 'b'];
    for (const operation of ['listSubscriptions', 'getNodeProducts'] as const) {
      for (let seed = 0; seed < 50; seed++) {
        const drawn = drawCase(mulberry32(seed), operation, values);
        expect(drawCase(mulberry32(seed), operation, values)).toEqual(drawn);
        for (const term of drawn.terms) expect(GRAMMAR[operation][term.op]).toContain(term.attribute);
        expect(parseFilter(filterParameter(drawn.terms))).toEqual(drawn.terms);
      }
    }
  });
});

describe('relationProblem', () => {
  const cases = [
    {
      what: 'relations that hold',
      args: [
        ['a', 'b'],
        ['a', 'b'],
        ['a', 'b', 'c'],
        [
          ['a', 'b', 'x'],
          ['a', 'b'],
        ],
      ],
      relation: undefined,
    },
    {
      what: 'a small-page walk stopped at its bound, its prefix matching and A:B the whole intersection',
      args: [
        ['a', 'b', 'c'],
        ['a'],
        undefined,
        [
          ['a', 'b', 'c', 'x'],
          ['a', 'b', 'c'],
        ],
        false,
      ],
      relation: undefined,
    },
    {
      what: 'a small-page walk stopped at its bound that differs from the prefix',
      args: [['a', 'b', 'c'], ['b'], undefined, undefined, false],
      relation: 'small pages hold the same records as 100-record pages',
    },
    {
      what: 'a record on two pages',
      args: [['a', 'b'], ['a', 'a', 'b'], undefined, undefined],
      relation: 'pages partition the filtered list',
    },
    {
      what: 'small pages missing a record',
      args: [['a', 'b'], ['a'], undefined, undefined],
      relation: 'small pages hold the same records as 100-record pages',
    },
    {
      what: 'a filtered record outside the collection',
      args: [['z'], ['z'], ['a'], undefined],
      relation: 'a filtered list is a subset of the unfiltered one',
    },
    {
      what: 'A:B wider than A and B',
      args: [['a', 'b'], ['a', 'b'], undefined, [['a', 'b'], ['a']]],
      relation: 'A:B is the intersection of A and B',
    },
  ] as const;
  it.each(cases)('finds $relation for $what', ({ args, relation }) => {
    const [filtered, paged, collection, perTerm] = args;
    const pagedWhole = args.length === 5 ? args[4] : undefined;
    expect(relationProblem(filtered, paged, collection, perTerm, pagedWhole)?.relation).toBe(relation);
  });
});

describe('shrink', () => {
  const big: GeneratedCase = {
    operation: 'getNodeProducts',
    terms: [
      { op: 'in', attribute: 'sku', values: ['A', 'B', 'C'] },
      { op: 'eq', attribute: 'tags', values: ['x'] },
    ],
    limit: 99,
    include: 'files',
  };
  it('keeps only what the failure needs: one term, one value, the smallest page, no include', async () => {
    // Fails whenever sku is filtered on, whatever the page size.
    const fails = (c: GeneratedCase) =>
      Promise.resolve(c.terms.some((t) => t.attribute === 'sku') && c.limit <= 99);
    const { smallest, tries } = await shrink(big, fails, 50);
    expect(describeCase(smallest)).toBe('getNodeProducts filter=in(sku,A)&page[limit]=1');
    expect(tries).toBeLessThanOrEqual(50);
  });

  it('stops at its budget', async () => {
    const { tries } = await shrink(big, () => Promise.resolve(true), 3);
    expect(tries).toBe(3);
  });
});

describe('caseNumbers', () => {
  const cases = [
    { what: 'every case of the run', count: 3, only: undefined, expected: [1, 2, 3] },
    { what: 'no case when none is asked', count: 0, only: undefined, expected: [] },
    { what: 'case K alone, as a replay line asks', count: 16, only: 5, expected: [5] },
    { what: 'case K alone even past the default count', count: 16, only: 40, expected: [40] },
  ];
  it.each(cases)('runs $what', ({ count, only, expected }) => {
    expect(caseNumbers(count, only)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../prng.js';
import { drawMembership, membershipShrinkCandidates, nearMisses } from './membership-case.js';

describe('nearMisses', () => {
  const cases = [
    { value: 'Kit Sub', expected: ['KIT SUB', 'Kit Su', 'Kit Subx', 'xKit Sub'] },
    { value: 'ABC', expected: ['abc', 'AB', 'ABCx', 'xABC'] },
    // A miss the grammar would have to quote is not offered.
    { value: 'a', expected: ['A', 'ax', 'xa'] },
  ];
  it.each(cases)('offers values close to $value but not it', ({ value, expected }) => {
    expect(nearMisses(value)).toEqual(expected);
  });
});

describe('drawMembership', () => {
  it('draws eq terms on the given attributes, from the record, its near misses or other records', () => {
    const own = (attribute: string) => (attribute === 'name' ? 'Mine' : undefined);
    const others = () => ['Theirs'];
    for (let seed = 0; seed < 40; seed++) {
      const terms = drawMembership(mulberry32(seed), ['name', 'email'], own, others);
      expect(terms.length).toBeGreaterThanOrEqual(1);
      expect(terms.length).toBeLessThanOrEqual(3);
      for (const term of terms) {
        expect(term.op).toBe('eq');
        expect(['Mine', 'MINE', 'Min', 'Theirs']).toContain(term.values[0]);
      }
      expect(drawMembership(mulberry32(seed), ['name', 'email'], own, others)).toEqual(terms);
    }
  });

  it('shrinks by one term at a time', () => {
    const a = { op: 'eq' as const, attribute: 'name', values: ['a'] };
    const b = { op: 'eq' as const, attribute: 'email', values: ['b'] };
    expect(membershipShrinkCandidates([a, b])).toEqual([[b], [a]]);
    expect(membershipShrinkCandidates([a])).toEqual([]);
  });
});

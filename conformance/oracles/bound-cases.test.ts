import { describe, expect, it } from 'vitest';
import { validCreateBody } from '../create-body.js';
import { mulberry32 } from '../prng.js';
import { loadSpec } from '../spec.js';
import { requestBounds, valueCount } from './body-bounds.js';
import { boundBody, boundCases, boundShrinkCandidates, describeBoundCase } from './bound-cases.js';

const base = validCreateBody(mulberry32(7));
const bounds = requestBounds(loadSpec(), { $ref: '#/components/schemas/CreateSubscriptionRequest' });

describe('boundCases', () => {
  const counts = [1, 4, 16];
  it.each(counts)(
    'with %i bodies puts every placeable bound at its limit once, one place per body',
    (count) => {
      const cases = boundCases(base, bounds, count, mulberry32(1));
      const at = cases.filter((c) => c.side === 'at');
      const past = cases.filter((c) => c.side === 'past');
      expect(at.length).toBeLessThanOrEqual(count);
      for (const c of at) {
        const places = c.bounds.map((bound) => bound.path.join('/'));
        expect(new Set(places).size).toBe(places.length);
        const body = boundBody(base, c);
        expect(body).toBeDefined();
        expect(valueCount(body)).toBeLessThanOrEqual(4000);
      }
      expect(past.every((c) => c.bounds.length === 1)).toBe(true);
      // Bounds whose place the base body has are all sent one past.
      expect(past.length).toBeGreaterThan(20);
      if (count >= 16) {
        const placed = new Set(at.flatMap((c) => c.bounds));
        const placeable = past.filter((c) => boundBody(base, { side: 'at', bounds: c.bounds }) !== undefined);
        expect(placed.size).toBe(placeable.length);
      }
    },
  );

  it('deals the same cases from the same seed', () => {
    const described = (seed: number) => boundCases(base, bounds, 5, mulberry32(seed)).map(describeBoundCase);
    expect(described(3)).toEqual(described(3));
    expect(described(3)).not.toEqual(described(4));
  });

  it('shrinks a body by one bound at a time, and not past one', () => {
    const [first, second] = bounds;
    if (first === undefined || second === undefined) throw new Error('the spec has bounds');
    expect(boundShrinkCandidates({ side: 'at', bounds: [first, second] })).toEqual([
      { side: 'at', bounds: [second] },
      { side: 'at', bounds: [first] },
    ]);
    expect(boundShrinkCandidates({ side: 'past', bounds: [first] })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { errorPointsInto } from './status.js';

describe('errorPointsInto', () => {
  const cases = [
    { body: { errors: [{ source: { pointer: '/data/offering/plans/0/meta' } }] }, points: true },
    { body: { errors: [{ source: { pointer: '/data/offering/plans' } }] }, points: true },
    { body: { errors: [{ source: { pointer: '/data/offering/plansx' } }] }, points: false },
    { body: { errors: [{ source: { pointer: '/data/name' } }, null] }, points: false },
    { body: { errors: 'nope' }, points: false },
    { body: undefined, points: false },
  ];
  it.each(cases)('says $body points into the plans: $points', ({ body, points }) => {
    expect(errorPointsInto(body, '/data/offering/plans')).toBe(points);
  });
});

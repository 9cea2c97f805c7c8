import { describe, expect, it } from 'vitest';
import { holdsFirstBodyWhileWaiting } from '../../test/support/scripted-context.js';
import { errorPointsInto, statusChecks } from './status.js';

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

describe('the exact-code checks', () => {
  it('judge each answer as it comes: a body is not held while the other answers are awaited', async () => {
    const check = statusChecks.find(({ id }) => id === 'status.node-products-unknown-ids');
    expect(check).toBeDefined();
    if (check !== undefined) expect(await holdsFirstBodyWhileWaiting(check, 3)).toBe(false);
  });
});

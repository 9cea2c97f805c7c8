import { describe, expect, it } from 'vitest';
import { validCreateBody } from '../create-body.js';
import { mulberry32 } from '../prng.js';
import { holdsFirstBodyWhileWaiting } from '../../test/support/scripted-context.js';
import { FUZZ_REQUESTS, oddCreateBody, oddQuery, oddValue, robustnessChecks } from './robustness.js';

describe('odd input generation', () => {
  it('draws the same queries for the same seed', () => {
    const a = mulberry32(3);
    const b = mulberry32(3);
    expect(Array.from({ length: 20 }, () => oddQuery(a))).toEqual(
      Array.from({ length: 20 }, () => oddQuery(b)),
    );
  });

  it('draws values that can always be put in a URL', () => {
    const random = mulberry32(8);
    for (let i = 0; i < 300; i++) expect(() => encodeURIComponent(oddValue(random))).not.toThrow();
  });

  it('covers limits, text and filter shapes', () => {
    const random = mulberry32(1);
    const values = Array.from({ length: 300 }, () => oddValue(random));
    expect(values.some((value) => /^-?\d+$/.test(value))).toBe(true);
    expect(values.some((value) => value.length >= 1000)).toBe(true);
    expect(values.some((value) => value.includes('('))).toBe(true);
  });

  it('draws the same odd create body for the same seed, and mostly changes the valid one', () => {
    const seeds = Array.from({ length: 20 }, (_, i) => i);
    let changed = 0;
    for (const seed of seeds) {
      const odd = oddCreateBody(mulberry32(seed));
      expect(odd).toEqual(oddCreateBody(mulberry32(seed)));
      if (JSON.stringify(odd) !== JSON.stringify(validCreateBody(mulberry32(seed)))) changed++;
    }
    expect(changed).toBeGreaterThanOrEqual(15);
  });
});

describe('the fuzz checks', () => {
  it('judge each answer as it comes: a body is not held while the other answers are awaited', async () => {
    const check = robustnessChecks.find(({ id }) => id === 'robustness.fuzz-list-subscriptions');
    expect(check).toBeDefined();
    if (check !== undefined) expect(await holdsFirstBodyWhileWaiting(check, FUZZ_REQUESTS)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { validCreateBody } from './create-body.js';
import { mulberry32 } from './prng.js';
import { SpecValidator } from './schema.js';
import { loadSpec } from './spec.js';

describe('validCreateBody', () => {
  const validator = new SpecValidator(loadSpec());
  const seeds = [0, 1, 42, 4294967295];

  it.each(seeds)('builds a body the spec accepts, closed objects included, for seed %i', (seed) => {
    expect(validator.validateRequest('createSubscription', validCreateBody(mulberry32(seed)))).toEqual([]);
  });

  it('builds the same body for the same seed', () => {
    expect(validCreateBody(mulberry32(5))).toEqual(validCreateBody(mulberry32(5)));
  });

  it('gives each seed its own external_ref', () => {
    expect(validCreateBody(mulberry32(5)).data.external_ref).not.toEqual(
      validCreateBody(mulberry32(6)).data.external_ref,
    );
  });

  it('offers two plans so a plan switch is possible', () => {
    expect(validCreateBody(mulberry32(1)).data.offering.plans).toHaveLength(2);
  });
});

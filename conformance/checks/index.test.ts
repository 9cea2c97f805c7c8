import { describe, expect, it } from 'vitest';
import { ALL_OPERATIONS } from '../check.js';
import { specOperations, loadSpec } from '../spec.js';
import { CHECKS, FAMILIES } from './index.js';

const operations = new Set(specOperations(loadSpec()).keys());
const WRITES = new Set(['createSubscription', 'updateSubscription']);

describe('the check registry', () => {
  it('has unique ids', () => {
    const ids = CHECKS.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps each family in one registry entry', () => {
    const familyOf = FAMILIES.map((family) => new Set(family.map((check) => check.family)));
    for (const families of familyOf) expect(families.size).toBe(1);
  });

  it.each(CHECKS.map((check) => [check.id, check] as const))('names %s as family.name', (_, check) => {
    expect(check.id).toMatch(/^[a-z]+\.[a-z0-9-]+$/);
    expect(check.id.startsWith(`${check.family}.`)).toBe(true);
    expect(check.title.length).toBeGreaterThan(10);
  });

  it.each(CHECKS.map((check) => [check.id, check] as const))(
    'gives %s a spec operation or the whole run',
    (_, check) => {
      expect(check.operation === ALL_OPERATIONS || operations.has(check.operation)).toBe(true);
      if (check.final === true) expect(check.operation).toBe(ALL_OPERATIONS);
    },
  );

  it.each(CHECKS.filter((check) => WRITES.has(check.operation)).map((check) => [check.id, check] as const))(
    'marks %s, which calls a writing operation, as not read-only',
    (_, check) => {
      expect(check.readOnly).toBe(false);
    },
  );
});

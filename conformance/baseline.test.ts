import { describe, expect, it } from 'vitest';
import { applyBaseline, fingerprints, placeOf } from './baseline.js';
import type { Check, CheckResult, Failure } from './check.js';

const schemaFailure = (...paths: string[]): Failure => ({
  checkId: 'schema.all-responses',
  operation: 'listSubscriptions',
  rule: 'the listSubscriptions body matches the spec',
  source: 'contract',
  cites: 'c',
  message: 'm',
  schemaErrors: paths.map((instancePath) => ({ instancePath, keyword: 'type', message: 'must be string' })),
});
const serverError = (operation: string, where: string): Failure => ({
  checkId: 'robustness.no-5xx',
  operation,
  rule: 'never a 5xx',
  source: 'contract',
  cites: 'c',
  message: 'got 500',
  where,
});
const result = (failures: Failure[]): CheckResult => ({
  check: { id: failures[0]?.checkId ?? 'x' } as Check,
  outcome: 'failed',
  message: '',
  failures,
  ms: 0,
});

describe('placeOf', () => {
  const cases = [
    { pointer: '/data/3/attributes/name', place: '/data/*/attributes/name' },
    { pointer: '/data/12', place: '/data/*' },
    { pointer: '/meta/page/total', place: '/meta/page/total' },
    { pointer: '/included/plans/0/id', place: '/included/plans/*/id' },
  ];
  it.each(cases)('reads $pointer as $place', ({ pointer, place }) => {
    expect(placeOf(pointer)).toBe(place);
  });
});

describe('applyBaseline', () => {
  const known = new Set([
    ...fingerprints(schemaFailure('/data/0/attributes/name')),
    ...fingerprints(serverError('listSubscriptions', 'GET ?filter')),
  ]);
  const cases = [
    {
      what: 'the same broken field on another record',
      failure: schemaFailure('/data/7/attributes/name'),
      isKnown: true,
    },
    {
      what: 'a new broken field elsewhere',
      failure: schemaFailure('/data/0/attributes/email'),
      isKnown: false,
    },
    {
      what: 'the known field and a new one in the same body',
      failure: schemaFailure('/data/0/attributes/name', '/meta/page/total'),
      isKnown: false,
    },
    {
      what: 'a 5xx at the known place',
      failure: serverError('listSubscriptions', 'GET ?filter'),
      isKnown: true,
    },
    {
      what: 'a 5xx on another operation',
      failure: serverError('createSubscription', 'GET ?filter'),
      isKnown: false,
    },
    {
      what: 'a 5xx on other parameters',
      failure: serverError('listSubscriptions', 'GET ?page[limit]'),
      isKnown: false,
    },
  ];
  it.each(cases)('takes $what as known: $isKnown', ({ failure, isKnown }) => {
    applyBaseline([result([failure])], known);
    expect(failure.known === true).toBe(isKnown);
  });

  it('lists each fixed fingerprint once, even when one check had two fixed rules', () => {
    const two = new Set([
      ...fingerprints(serverError('listSubscriptions', 'GET ?filter')),
      ...fingerprints(serverError('createSubscription', 'POST body')),
    ]);
    const fixed = applyBaseline(
      [{ ...result([]), check: { id: 'robustness.no-5xx' } as Check, outcome: 'passed' }],
      two,
    );
    expect(fixed.map((f) => f.where)).toEqual([
      'listSubscriptions @ GET ?filter',
      'createSubscription @ POST body',
    ]);
  });
});

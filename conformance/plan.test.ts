import { describe, expect, it } from 'vitest';
import type { Check } from './check.js';
import { phaseOf, planChecks, selects, unknownSelectors } from './plan.js';

const check = (id: string, extra: Partial<Check> = {}): Check => ({
  id,
  title: id,
  family: id.split('.')[0] ?? id,
  source: 'contract',
  cites: 'interface.md § X: "y"',
  operation: 'listSubscriptions',
  run: () => Promise.resolve([]),
  ...extra,
});

const registry = [
  check('robustness.no-5xx', { final: true }),
  check('schema.list-subscriptions'),
  check('rejection.create-missing-required', { readOnly: false }),
  check('rejection.list-subscriptions-page-limit'),
  check('status.list-subscriptions'),
];

describe('selects', () => {
  const cases = [
    { selector: 'schema', id: 'schema.list-subscriptions', selected: true },
    { selector: 'schema.list-subscriptions', id: 'schema.list-subscriptions', selected: true },
    { selector: 'rejection.create', id: 'rejection.create-missing-required', selected: true },
    { selector: 'rejection.', id: 'rejection.create-missing-required', selected: true },
    { selector: 'schem', id: 'schema.list-subscriptions', selected: false },
    { selector: 'rejection.cre', id: 'rejection.create-missing-required', selected: false },
    { selector: 'status', id: 'schema.list-subscriptions', selected: false },
  ];
  it.each(cases)('says $selector selects $id: $selected', ({ selector, id, selected }) => {
    expect(selects(selector, id)).toBe(selected);
  });
});

describe('planChecks', () => {
  const cases = [
    {
      title: 'runs reads first, then writes, then final checks',
      selection: { only: [], skip: [], readOnly: false },
      order: [
        'schema.list-subscriptions',
        'rejection.list-subscriptions-page-limit',
        'status.list-subscriptions',
        'rejection.create-missing-required',
        'robustness.no-5xx',
      ],
      skipped: {},
    },
    {
      title: 'skips writing checks in read-only mode',
      selection: { only: [], skip: [], readOnly: true },
      order: undefined,
      skipped: { 'rejection.create-missing-required': '--read-only: this check writes' },
    },
    {
      title: 'keeps only the selected families',
      selection: { only: ['rejection', 'robustness.no-5xx'], skip: [], readOnly: false },
      order: undefined,
      skipped: {
        'schema.list-subscriptions': 'not selected by --only',
        'status.list-subscriptions': 'not selected by --only',
      },
    },
    {
      title: 'leaves out skipped ids even when selected',
      selection: { only: ['rejection'], skip: ['rejection.create'], readOnly: false },
      order: undefined,
      skipped: {
        'schema.list-subscriptions': 'not selected by --only',
        'status.list-subscriptions': 'not selected by --only',
        'robustness.no-5xx': 'not selected by --only',
        'rejection.create-missing-required': 'left out by --skip',
      },
    },
  ];
  it.each(cases)('$title', ({ selection, order, skipped }) => {
    const plan = planChecks(registry, selection);
    if (order !== undefined) expect(plan.map((planned) => planned.check.id)).toEqual(order);
    const reasons = Object.fromEntries(
      plan.filter((planned) => planned.skipReason !== undefined).map((p) => [p.check.id, p.skipReason]),
    );
    expect(reasons).toEqual(skipped);
  });
});

describe('phaseOf', () => {
  const cases = [
    { what: 'a plain check reads', extra: {}, phase: 'read' },
    { what: 'a check that writes', extra: { readOnly: false }, phase: 'write' },
    { what: 'a check that may create to find a value', extra: { afterReads: true }, phase: 'write' },
    { what: 'a final check', extra: { final: true }, phase: 'final' },
    { what: 'a watching check', extra: { watch: () => undefined }, phase: 'final' },
  ];
  it.each(cases)('puts $what in the $phase phase', ({ extra, phase }) => {
    expect(phaseOf(check('x.y', extra))).toBe(phase);
  });
});

describe('unknownSelectors', () => {
  it('names selectors that match no check', () => {
    expect(unknownSelectors(registry, ['schema', 'schemas', 'rejection.create', 'paging'])).toEqual([
      'schemas',
      'paging',
    ]);
  });
});

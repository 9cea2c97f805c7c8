import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../prng.js';
import { changedOutside, drawPut, notShown, OPTIONAL_MEMBERS, putShrinkCandidates } from './put-case.js';

const record = (attributes: Record<string, unknown>, timestamps: Record<string, unknown> = {}) => ({
  id: 's1',
  attributes: { plan_id: 'p1', account_id: 'a1', address_id: 'ad1', ...attributes },
  meta: { timestamps: { created_at: 't0', updated_at: 't0', ...timestamps } },
});

describe('changedOutside', () => {
  const cases = [
    {
      what: 'nothing when only the asked plan and updated_at moved',
      before: record({}),
      after: record({ plan_id: 'p2' }, { updated_at: 't1' }),
      put: { plan_id: 'p2' },
      expected: [],
    },
    {
      what: 'an attribute the PUT did not send that was cleared',
      before: record({}),
      after: record({ address_id: undefined }),
      put: { plan_id: 'p1' },
      expected: ['/attributes/address_id'],
    },
    {
      what: 'nothing when the cleared attribute was sent as null',
      before: record({}),
      after: record({ address_id: undefined }),
      put: { plan_id: 'p1', address_id: null },
      expected: [],
    },
    {
      what: 'a member another attribute holds, changed in passing',
      before: record({}),
      after: record({ account_id: 'a2' }, { created_at: 't9' }),
      put: { plan_id: 'p1', go_live_after: '2030-01-01T00:00:00Z' },
      expected: ['/attributes/account_id', '/meta/timestamps/created_at'],
    },
  ];
  it.each(cases)('finds $what', ({ before, after, put, expected }) => {
    expect(changedOutside(before, JSON.parse(JSON.stringify(after)), put)).toEqual(expected);
  });
});

describe('notShown', () => {
  const cases = [
    {
      what: 'the plan it switched to',
      shown: record({ plan_id: 'p2' }),
      put: { plan_id: 'p2' },
      expected: [],
    },
    { what: 'an old plan', shown: record({}), put: { plan_id: 'p2' }, expected: ['plan_id'] },
    {
      what: 'a time as the same instant in another spelling',
      shown: record({}, { go_live_after: '2030-01-01T00:00:00.000Z' }),
      put: { plan_id: 'p1', go_live_after: '2030-01-01T00:00:00Z' },
      expected: [],
    },
    {
      what: 'an address still set after a null',
      shown: record({}),
      put: { plan_id: 'p1', address_id: null },
      expected: ['address_id'],
    },
    {
      what: 'optional members a server leaves out of its answers as nothing wrong',
      shown: record({ address_id: undefined }),
      put: {
        plan_id: 'p1',
        address_id: 'ad2',
        go_live_after: '2030-01-01T00:00:00Z',
        payment_authority: { type: 'provider_payments_processor' as const, card_id: 'c2' },
      },
      expected: [],
    },
    {
      what: 'a payment authority shown with another customer',
      shown: record({ payment_authority: { type: 'provider_payments_processor', customer_id: 'old' } }),
      put: {
        plan_id: 'p1',
        payment_authority: { type: 'provider_payments_processor' as const, customer_id: 'new' },
      },
      expected: ['payment_authority'],
    },
  ];
  it.each(cases)('judges $what', ({ shown, put, expected }) => {
    expect(notShown(shown, put)).toEqual(expected);
  });
});

describe('drawPut', () => {
  it('always sends a plan_id, never the member it leaves out, the same PUT for the same seed', () => {
    for (const leftOut of OPTIONAL_MEMBERS) {
      for (let seed = 0; seed < 30; seed++) {
        const put = drawPut(mulberry32(seed), ['p1', 'p2'], leftOut);
        expect(['p1', 'p2']).toContain(put.plan_id);
        expect(leftOut in put).toBe(false);
        expect(drawPut(mulberry32(seed), ['p1', 'p2'], leftOut)).toEqual(put);
      }
    }
  });

  it('shrinks by one member at a time, keeping plan_id', () => {
    expect(putShrinkCandidates({ plan_id: 'p', address_id: null, go_live_after: null })).toEqual([
      { plan_id: 'p', go_live_after: null },
      { plan_id: 'p', address_id: null },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { inlineSpecDocument } from '../../test/support/inline-spec-document.js';
import { createValidators, type Violation } from './validators.js';

const validators = createValidators(inlineSpecDocument);
const validBody = {
  data: { name: 'Jane', email: 'jane@example.com', currency: 'USD', manual_payments: true },
};
const withData = (data: Record<string, unknown>) => ({ data: { ...validBody.data, ...data } });
const createBody = (body: unknown): Violation[] =>
  validators.operation('createThing')?.body?.(body).violations ?? [];

describe('request body validation', () => {
  const cases: { name: string; body: unknown; expected: Pick<Violation, 'at' | 'detail'>[] }[] = [
    { name: 'a valid body has no violations', body: validBody, expected: [] },
    {
      name: 'a missing required field points at the field',
      body: { data: { name: 'Jane', currency: 'USD', manual_payments: true } },
      expected: [{ at: '/data/email', detail: '/data/email is required' }],
    },
    {
      name: 'a short name names the length rule',
      body: withData({ name: 'Jo' }),
      expected: [{ at: '/data/name', detail: '/data/name must be at least 3 characters' }],
    },
    {
      name: 'a lowercase currency is explained in words, never as a regular expression',
      body: withData({ currency: 'usd' }),
      expected: [
        {
          at: '/data/currency',
          detail: '/data/currency must be three uppercase letters, e.g. USD',
        },
      ],
    },
    {
      name: 'a bad email names the format',
      body: withData({ email: 'nope' }),
      expected: [
        { at: '/data/email', detail: '/data/email must be a valid email address, e.g. jane@example.com' },
      ],
    },
    {
      name: 'every violation is reported, one each',
      body: { data: { name: 1, email: 'x', manual_payments: 'yes' } },
      expected: [
        { at: '/data/currency', detail: '/data/currency is required' },
        { at: '/data/name', detail: '/data/name must be a string' },
        { at: '/data/email', detail: '/data/email must be a valid email address, e.g. jane@example.com' },
        { at: '/data/manual_payments', detail: '/data/manual_payments must be true or false' },
      ],
    },
    {
      name: 'a nullable field that is neither says both allowed types',
      body: withData({ address_id: 12 }),
      expected: [{ at: '/data/address_id', detail: '/data/address_id must be a string or null' }],
    },
    {
      name: 'a nullable field with the right type but a bad format reports only the format',
      body: withData({ address_id: 'abc' }),
      expected: [
        {
          at: '/data/address_id',
          detail: '/data/address_id must be a UUID, e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
        },
      ],
    },
    {
      name: 'a oneOf branch reports the errors inside the closest shape',
      body: withData({ payment_authority: { type: 'stripe', customer_id: 'a' } }),
      expected: [
        {
          at: '/data/payment_authority/type',
          detail: '/data/payment_authority/type must be "provider_payments_processor"',
        },
        {
          at: '/data/payment_authority/customer_id',
          detail: '/data/payment_authority/customer_id must be at least 3 characters',
        },
      ],
    },
    {
      name: 'an enum lists the allowed values',
      body: withData({ status: 'paused' }),
      expected: [{ at: '/data/status', detail: '/data/status must be one of "active", "inactive"' }],
    },
    {
      name: 'an unknown field under data is reported with the known ones',
      body: withData({ emial: 'jane@example.com' }),
      expected: [
        {
          at: '/data/emial',
          detail:
            '/data/emial is not a known field; check its spelling or remove it; known fields here: name, email, currency, manual_payments, address_id, payment_authority, status, offering, price',
        },
      ],
    },
    {
      name: 'unknown fields are found through allOf and array items',
      body: withData({ offering: { name: 'x', plans: [{ name: 'p', nmae: 'q' }], extra: 1 } }),
      expected: [
        {
          at: '/data/offering/plans/0/nmae',
          detail:
            '/data/offering/plans/0/nmae is not a known field; check its spelling or remove it; known fields here: name',
        },
        {
          at: '/data/offering/extra',
          detail:
            '/data/offering/extra is not a known field; check its spelling or remove it; known fields here: name, plans',
        },
      ],
    },
    {
      name: 'keys of a map-like object are free, but a closed value schema is reported once by the schema',
      body: withData({ price: { USD: { amount: 1 }, EUR: { amount: 2, includes: true } } }),
      expected: [
        {
          at: '/data/price/EUR/includes',
          detail:
            '/data/price/EUR/includes is not a known field; check its spelling or remove it; known fields here: amount',
        },
      ],
    },
    {
      name: 'an array below its minimum names the count',
      body: withData({ offering: { plans: [] } }),
      expected: [{ at: '/data/offering/plans', detail: '/data/offering/plans must have at least 1 item' }],
    },
    {
      name: 'a body that is not an object says so',
      body: [1],
      expected: [{ at: '', detail: 'the body must be an object' }],
    },
  ];

  it.each(cases)('$name', ({ body, expected }) => {
    expect(createBody(body).map(({ at, detail }) => ({ at, detail }))).toEqual(expected);
  });

  it('marks body violations as located in the body', () => {
    expect(createBody(withData({ name: 'Jo' }))[0]?.in).toBe('body');
  });

  it('knows which operations require a body', () => {
    expect(validators.operation('createThing')?.bodyRequired).toBe(true);
    expect(validators.operation('listThings')?.body).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { resolveRef } from './json-pointer.js';
import { loadSpec } from './spec-document.js';
import { createValidators, specValidators } from './validators.js';

describe('the real spec', () => {
  const real = specValidators();
  const ids = {
    account: '29949968-2749-44ee-9002-18b1b3a8e3a7',
    offering: '07ed42d5-63ec-40d8-8ee0-b28bc46cb754',
  };
  const build = {
    account_id: ids.account,
    offering_id: ids.offering,
    currency: 'USD',
    manual_payments: true,
    name: 'Ada',
    email: 'ada@example.com',
  };
  const create = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (real.operation('createSubscription')?.body?.({ data, ...extra }).violations ?? []).map(
      ({ at, detail }) => ({
        at,
        detail,
      }),
    );
  const update = (data: unknown) =>
    (real.operation('updateSubscription')?.body?.({ data }).violations ?? []).map(({ at, detail }) => ({
      at,
      detail,
    }));
  const cases: { name: string; run: () => unknown; expected: unknown[] }[] = [
    { name: 'a complete BuildSubscription passes', run: () => create(build), expected: [] },
    {
      name: 'BuildSubscription without email points at /data/email',
      run: () => create({ ...build, email: undefined }),
      expected: [{ at: '/data/email', detail: '/data/email is required' }],
    },
    {
      name: 'a typo under data and an unknown top-level member are both reported',
      run: () => create({ ...build, emial: 'x' }, { extra: 1 }),
      expected: [
        { at: '/data/emial', detail: expect.stringContaining('/data/emial is not a known field') },
        {
          at: '/extra',
          detail: '/extra is not a known field; check its spelling or remove it; known fields here: data',
        },
      ],
    },
    {
      name: 'a payment authority of another type names the one accepted value',
      run: () => create({ ...build, payment_authority: { type: 'stripe' } }),
      expected: [
        {
          at: '/data/payment_authority/type',
          detail: '/data/payment_authority/type must be "provider_payments_processor"',
        },
      ],
    },
    {
      name: 'a lowercase currency key in an inline product price points at the key',
      run: () =>
        create({
          ...build,
          offering: { name: 'Box', products: [{ name: 'Tea', price: { usd: { amount: 1 } } }], plans: [] },
        }),
      expected: [
        {
          at: '/data/offering/products/0/price/usd',
          detail:
            'the key "usd" of /data/offering/products/0/price must be three uppercase letters, e.g. USD',
        },
        { at: '/data/offering/plans', detail: '/data/offering/plans must have at least 1 item' },
      ],
    },
    {
      name: 'an update with a wrong type and non-nullable values reports each',
      run: () =>
        update({ id: ids.account, type: 'subscriptions', attributes: { address_id: 5, go_live_after: 3 } }),
      expected: [
        { at: '/data/type', detail: '/data/type must be "subscription"' },
        { at: '/data/attributes/address_id', detail: '/data/attributes/address_id must be a string or null' },
        {
          at: '/data/attributes/go_live_after',
          detail: '/data/attributes/go_live_after must be a string or null',
        },
      ],
    },
    {
      name: 'list parameters out of range are reported by parameter name',
      run: () =>
        real
          .operation('listSubscriptions')
          ?.parameters({ path: {}, query: new URLSearchParams('page[limit]=0&include=foo'), headers: {} })
          .map(({ at, detail }) => ({ at, detail })),
      expected: [
        { at: 'page[limit]', detail: 'page[limit] must be at least 1' },
        {
          at: 'include',
          detail: 'include must be plans, products, or plans,products',
        },
      ],
    },
  ];

  it.each(cases)('$name', ({ run, expected }) => {
    expect(run()).toEqual(expected);
  });

  it('validates every documented example of every response against its schema', () => {
    const checked: string[] = [];
    for (const op of real.operations)
      for (const [status, response] of Object.entries(op.operation.responses ?? {})) {
        const resolved = resolveRef(real.document, response).value as OpenAPIV3_1.ResponseObject;
        for (const [name, example] of Object.entries(
          resolved.content?.['application/json']?.examples ?? {},
        )) {
          const value = (resolveRef(real.document, example).value as { value: unknown }).value;
          expect(
            real.response(op.operationId, Number(status))(value),
            `${op.operationId} ${status} ${name}`,
          ).toEqual([]);
          checked.push(`${op.operationId} ${status}`);
        }
      }
    expect(checked.length).toBeGreaterThan(4);
  });

  const headerNames = [
    { operationId: 'getNodeProducts', names: ['accept-language'] },
    { operationId: 'listSubscriptions', names: [] },
    { operationId: 'createSubscription', names: [] },
  ];
  it.each(headerNames)(
    'names the header parameters $operationId reads, lower case',
    ({ operationId, names }) => {
      expect(real.operation(operationId)?.headerNames).toEqual(names);
    },
  );

  it('compiles each validator once: the same function comes back for the same operation', () => {
    expect(real.operation('createSubscription')).toBe(real.operation('createSubscription'));
    expect(specValidators()).toBe(real);
  });
});

describe('a schema that is not JSON Schema', () => {
  // What start-up relies on, the meta-schema check being off: ajv's strict compile refuses such a schema.
  const broken = [{ type: 5 }, { type: 'strin' }, { minLength: 'x' }, { properties: [] }];
  it.each(broken)('is refused as the validators are built: %j in a request body', (schema) => {
    const document = structuredClone(loadSpec());
    const build = document.components?.schemas?.BuildSubscription;
    Object.assign(build?.properties ?? {}, { email: schema });
    expect(build).toBeDefined();
    expect(() => createValidators(document)).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { validCreateBody } from '../create-body.js';
import { mulberry32 } from '../prng.js';
import { loadSpec } from '../spec.js';
import { describeBound, requestBounds, valueCount, withBound, type BodyBound } from './body-bounds.js';

const CREATE = { $ref: '#/components/schemas/CreateSubscriptionRequest' };

describe('requestBounds', () => {
  const bounds = requestBounds(loadSpec(), CREATE).map(describeBound);
  const cases = [
    { bound: '/data/external_ref maxLength 2048', present: true },
    { bound: '/data/name minLength 3', present: true },
    { bound: '/data/email maxLength 1024', present: true },
    { bound: '/data/offering/products maxItems 100', present: true },
    { bound: '/data/offering/plans minItems 1', present: true },
    { bound: '/data/offering/products/0/price maxProperties 200', present: true },
    { bound: '/data/offering/products/0/price/*/amount maximum 9007199254740991', present: true },
    { bound: '/data/offering/products/0/price_units/amount minimum 1', present: true },
    { bound: '/data/offering/plans/0/base_price_percentage maximum 100', present: true },
    // A pattern (the currency code) or a format other than email and uri has no plain value at its bound.
    { bound: '/data/currency maxLength 1024', present: false },
    { bound: '/data/email minLength 3', present: false },
  ];
  it.each(cases)('lists $bound: $present', ({ bound, present }) => {
    expect(bounds.includes(bound)).toBe(present);
  });

  it('marks the bounds decisions.md adds as conventions and the interface.md limits as contract', () => {
    const all = requestBounds(loadSpec(), CREATE);
    const find = (text: string) => all.find((bound) => describeBound(bound) === text)?.convention;
    expect(find('/data/name maxLength 1024')).toBe(false);
    expect(find('/data/offering/products maxItems 100')).toBe(true);
    expect(find('/data/offering/products minItems 1')).toBe(false);
    expect(find('/data/offering/products/0/name maxLength 1024')).toBe(false);
    expect(find('/data/offering/plans/0/name maxLength 1024')).toBe(true);
  });
});

describe('withBound', () => {
  const body = validCreateBody(mulberry32(1));
  const bound = (
    path: string,
    keyword: BodyBound['keyword'],
    limit: number,
    format?: 'email',
  ): BodyBound => ({
    path: path.split('/').slice(1),
    keyword,
    limit,
    convention: false,
    ...(format === undefined ? {} : { format }),
  });
  const read = (value: unknown, path: string): unknown =>
    path
      .split('/')
      .slice(1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
  const cases = [
    { what: 'a string at its max length', b: bound('/data/name', 'maxLength', 1024), side: 'at', size: 1024 },
    { what: 'a string one past it', b: bound('/data/name', 'maxLength', 1024), side: 'past', size: 1025 },
    { what: 'a string at its min length', b: bound('/data/name', 'minLength', 3), side: 'at', size: 3 },
    { what: 'a string one short of it', b: bound('/data/name', 'minLength', 3), side: 'past', size: 2 },
    {
      what: 'an email one past its bound, padded before its @',
      b: bound('/data/email', 'maxLength', 40, 'email'),
      side: 'past',
      size: 41,
    },
    {
      what: 'an array at max items',
      b: bound('/data/offering/plans', 'maxItems', 100),
      side: 'at',
      size: 100,
    },
    { what: 'an array one past', b: bound('/data/offering/plans', 'maxItems', 100), side: 'past', size: 101 },
    { what: 'an array emptied', b: bound('/data/offering/plans', 'minItems', 1), side: 'past', size: 0 },
  ] as const;
  it.each(cases)('sets $what', ({ b, side, size }) => {
    const edited = withBound(body, b, side);
    const path = `/${b.path.join('/')}`;
    expect((read(edited, path) as { length: number }).length).toBe(size);
    expect(read(body, path)).not.toHaveLength(size);
  });

  it('sets numbers and map sizes, and leaves out a place whose parent the body has not', () => {
    const amount = withBound(body, bound('/data/offering/products/0/price/*/amount', 'maximum', 7), 'past');
    expect(read(amount, '/data/offering/products/0/price/USD/amount')).toBe(8);
    const price = withBound(body, bound('/data/offering/products/0/price', 'maxProperties', 200), 'past');
    const codes = Object.keys(read(price, '/data/offering/products/0/price') as object);
    expect(codes).toHaveLength(201);
    expect(
      withBound(body, bound('/data/offering/products/0/price', 'maxProperties', 200), 'at'),
    ).toBeUndefined();
    expect(codes.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
    expect(withBound(body, bound('/data/payment_authority/card_id', 'maxLength', 9), 'at')).toBeUndefined();
  });

  it('keeps a body with every bound at its limit under the value bound of decisions.md', () => {
    let edited: unknown = body;
    for (const b of requestBounds(loadSpec(), CREATE).filter((x) => x.keyword.startsWith('max')))
      edited = withBound(edited, b, 'at') ?? edited;
    expect(valueCount(edited)).toBeLessThan(10_000);
  });
});

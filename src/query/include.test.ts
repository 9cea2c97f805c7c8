import { describe, expect, it } from 'vitest';
import { NODE_PRODUCT_INCLUDES, parseInclude, SUBSCRIPTION_INCLUDES } from './include.js';

const accepted: { name: string; raw: string | null; allowed?: readonly string[]; include: string[] }[] = [
  { name: 'an absent include asks for nothing', raw: null, include: [] },
  { name: 'one member is read', raw: 'plans', include: ['plans'] },
  { name: 'two members are read', raw: 'plans,products', include: ['plans', 'products'] },
  { name: 'a repeated member counts once', raw: 'plans,plans', include: ['plans'] },
  { name: 'spaces around members are ignored', raw: ' plans , products ', include: ['plans', 'products'] },
  {
    name: 'node products take any subset',
    raw: 'files,main_image,component_products',
    allowed: NODE_PRODUCT_INCLUDES,
    include: ['files', 'main_image', 'component_products'],
  },
];

describe('parseInclude accepts', () => {
  it.each(accepted)('$name', ({ raw, allowed, include }) => {
    expect(parseInclude(raw, allowed ?? SUBSCRIPTION_INCLUDES)).toEqual({
      ok: true,
      include: new Set(include),
    });
  });
});

const EXPECTED = 'expected one or more of plans, products, separated by commas';

const rejected: { name: string; raw: string; allowed?: readonly string[]; details: string[] }[] = [
  { name: 'an empty include is refused', raw: '', details: [`include must not be empty; ${EXPECTED}`] },
  {
    name: 'an include of spaces is refused as empty',
    raw: '  ',
    details: [`include must not be empty; ${EXPECTED}`],
  },
  {
    name: 'an unknown member is refused',
    raw: 'plan',
    details: [`include: unknown member 'plan'; ${EXPECTED}`],
  },
  {
    name: 'members are case-sensitive',
    raw: 'Plans',
    details: [`include: unknown member 'Plans'; ${EXPECTED}`],
  },
  {
    name: 'a trailing comma is refused',
    raw: 'plans,',
    details: [`include has an empty member; ${EXPECTED}`],
  },
  {
    name: 'every distinct unknown member is reported once',
    raw: 'foo,plans,bar,foo',
    details: [`include: unknown member 'foo'; ${EXPECTED}`, `include: unknown member 'bar'; ${EXPECTED}`],
  },
  {
    name: 'a subscription member is unknown on node products',
    raw: 'plans',
    allowed: NODE_PRODUCT_INCLUDES,
    details: [
      "include: unknown member 'plans'; expected one or more of component_products, main_image, files, separated by commas",
    ],
  },
  {
    name: 'the contract name main_images is not the include member',
    raw: 'main_images',
    allowed: NODE_PRODUCT_INCLUDES,
    details: [
      "include: unknown member 'main_images'; expected one or more of component_products, main_image, files, separated by commas",
    ],
  },
];

describe('parseInclude refuses', () => {
  it.each(rejected)('$name', ({ raw, allowed, details }) => {
    expect(parseInclude(raw, allowed ?? SUBSCRIPTION_INCLUDES)).toEqual({
      ok: false,
      problems: details.map((detail) => ({ parameter: 'include', detail })),
    });
  });
});

import { validateHeaderValue } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ignoredInputHeader, MAX_IGNORED_HEADER, type IgnoredInput } from './ignored-input.js';

const cases: { name: string; items: IgnoredInput[]; header: string | undefined }[] = [
  { name: 'nothing ignored gives no header', items: [], header: undefined },
  {
    name: "the js-sdk's sort is named as a parameter",
    items: [{ kind: 'parameter', name: 'sort' }],
    header: 'parameter=sort',
  },
  {
    name: 'each kind is named in request order',
    items: [
      { kind: 'include', name: 'pricing_options' },
      { kind: 'parameter', name: 'sort' },
      { kind: 'member', name: '/data/coupon' },
    ],
    header: 'include=pricing_options, parameter=sort, member=/data/coupon',
  },
  {
    name: 'a repeated item is named once',
    items: [
      { kind: 'parameter', name: 'sort' },
      { kind: 'parameter', name: 'sort' },
    ],
    header: 'parameter=sort',
  },
  {
    name: 'brackets stay readable',
    items: [{ kind: 'parameter', name: 'page[size]' }],
    header: 'parameter=page[size]',
  },
  {
    name: 'separators, spaces and non-ASCII names are percent-encoded',
    items: [{ kind: 'parameter', name: 'a,b; c="é"%' }],
    header: 'parameter=a%2Cb%3B%20c%3D%22%C3%A9%22%25',
  },
  {
    name: 'control characters are percent-encoded',
    items: [{ kind: 'member', name: '/data/a\nb' }],
    header: 'member=/data/a%0Ab',
  },
];

describe('ignoredInputHeader', () => {
  it.each(cases)('$name', ({ items, header }) => {
    const value = ignoredInputHeader(items);
    expect(value).toBe(header);
    if (value !== undefined) expect(() => validateHeaderValue('x-subcat-ignored', value)).not.toThrow();
  });

  it('cuts a huge list at the bound, ending in ... that a Node header can carry', () => {
    const items: IgnoredInput[] = Array.from({ length: 200 }, (_, i) => ({
      kind: 'parameter',
      name: `p${i}`,
    }));
    const header = ignoredInputHeader(items) ?? '';
    expect(header).toHaveLength(MAX_IGNORED_HEADER);
    expect(header.endsWith('...')).toBe(true);
    expect(() => validateHeaderValue('x-subcat-ignored', header)).not.toThrow();
    expect(header.startsWith('parameter=p0, parameter=p1, ')).toBe(true);
  });
});

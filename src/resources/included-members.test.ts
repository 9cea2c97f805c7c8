import { describe, expect, it } from 'vitest';
import { includedMembers } from './included-members.js';

const cases: {
  name: string;
  members: Record<string, unknown[] | undefined>;
  included: Record<string, unknown[]> | undefined;
}[] = [
  { name: 'nothing asked gives no included', members: {}, included: undefined },
  {
    name: 'asked keys with nothing in them give no included',
    members: { plans: [], products: [] },
    included: undefined,
  },
  {
    name: 'a key not asked (undefined) is left out',
    members: { plans: [{ id: 'a' }], files: undefined },
    included: { plans: [{ id: 'a' }] },
  },
  {
    name: 'an empty key is left out beside a full one',
    members: { plans: [], products: [{ id: 'p' }] },
    included: { products: [{ id: 'p' }] },
  },
];

describe('includedMembers', () => {
  it.each(cases)('$name', ({ members, included }) => {
    expect(includedMembers(members)).toEqual(included);
  });
});

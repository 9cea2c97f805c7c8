import { describe, expect, it } from 'vitest';
import { largestValidCreate } from './body-flood-probe.js';
import { statusNote } from './flood-probes.js';

describe('largestValidCreate', () => {
  it('stays under the 1 MiB body limit with 200 members at the top and in data, none over 2,048 characters', () => {
    const body = largestValidCreate();
    expect(body.length).toBeLessThan(1024 * 1024);
    const parsed = JSON.parse(body) as { data: Record<string, unknown> } & Record<string, unknown>;
    expect(Object.keys(parsed.data)).toHaveLength(200);
    expect(Object.keys(parsed)).toHaveLength(200);
    expect(Object.values(parsed.data).every((value) => String(value).length <= 2_048)).toBe(true);
  });
});

describe('statusNote', () => {
  const cases: { name: string; codes: Record<string, number>; errors: number; note: string }[] = [
    {
      name: 'codes are sorted and counted',
      codes: { '409': 3, '201': 5000 },
      errors: 0,
      note: '201 x 5,000, 409 x 3',
    },
    { name: 'errors come last', codes: { '413': 99 }, errors: 1, note: '413 x 99, 1 errors' },
    { name: 'nothing is an empty note', codes: {}, errors: 0, note: '' },
  ];
  it.each(cases)('$name', ({ codes, errors, note }) => {
    expect(statusNote(codes, errors)).toBe(note);
  });
});

import { describe, expect, it } from 'vitest';
import { TextMemo } from './text-memo.js';

const records = Array.from({ length: 50 }, (_, id) => ({ id }));
const text = (id: number, length = 10) => `${id}`.padEnd(length, '.');

/** Renders through the memo and counts the renders, so a test can tell a kept text from a new one. */
function counting(memo: TextMemo) {
  let renders = 0;
  const get = (group: string, record: { id: number }, length = 10) =>
    memo.text(group, record, () => {
      renders += 1;
      return text(record.id, length);
    });
  return { get, renders: () => renders };
}

describe('TextMemo', () => {
  it('renders a text once per group and record, and again for another group', () => {
    const { get, renders } = counting(new TextMemo(1_000));
    const [a, b] = records as [{ id: number }, { id: number }];
    expect([get('en', a), get('en', a), get('de', a), get('en', b), get('de', a)]).toEqual([
      text(0), text(0), text(0), text(1), text(0),
    ]); // prettier-ignore
    expect(renders()).toBe(3);
  });

  const bounds = [
    { maxChars: 0, kept: 0 },
    { maxChars: 100, kept: 5 },
    { maxChars: 333, kept: 16 },
    { maxChars: 10_000, kept: 50 },
  ];
  it.each(bounds)(
    'keeps at least the $kept newest of 50 texts within $maxChars code units',
    ({ maxChars, kept }) => {
      const { get, renders } = counting(new TextMemo(maxChars));
      for (const record of records) get('g', record);
      const newest = records.slice(records.length - kept);
      const before = renders();
      for (const record of newest) get('g', record);
      expect(renders() - before).toBe(0);
      // The oldest text is gone unless everything fits.
      get('g', records[0] ?? { id: 0 });
      expect(renders() - before).toBe(maxChars >= 1_000 ? 0 : 1);
    },
  );

  it('keeps a text that is used while newer ones push the others out', () => {
    const { get, renders } = counting(new TextMemo(100)); // two generations of five 10-character texts
    const [kept, ...others] = records as [{ id: number }, ...{ id: number }[]];
    get('g', kept);
    for (const record of others.slice(0, 30)) {
      get('g', record);
      get('g', kept);
    }
    expect(renders()).toBe(31);
  });

  it('does not keep a text longer than half the bound, and still returns it', () => {
    const { get, renders } = counting(new TextMemo(100));
    const [record] = records as [{ id: number }];
    expect([get('g', record, 51), get('g', record, 51)]).toEqual([text(0, 51), text(0, 51)]);
    expect(renders()).toBe(2);
  });
});

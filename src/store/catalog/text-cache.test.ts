import { describe, expect, it } from 'vitest';
import { TextCache } from './text-cache.js';

const records = Array.from({ length: 50 }, (_, id) => ({ id }));
const text = (id: number, length = 10) => `${id}`.padEnd(length, '.');

describe('TextCache', () => {
  it('gives back a text under the group and record it was set for, and nothing under another', () => {
    const cache = new TextCache(1_000);
    const [a, b] = records;
    if (a === undefined || b === undefined) throw new Error('records');
    expect(cache.set('en', a, 'a in en')).toBe('a in en');
    cache.set('de', a, 'a in de');
    expect([cache.get('en', a), cache.get('de', a), cache.get('en', b), cache.get('fr', a)]).toEqual([
      'a in en',
      'a in de',
      undefined,
      undefined,
    ]);
  });

  const bounds = [
    { maxChars: 0, texts: 10 },
    { maxChars: 100, texts: 50 },
    { maxChars: 333, texts: 50 },
    { maxChars: 10_000, texts: 50 },
  ];
  it.each(bounds)(
    'holds at most $maxChars code units after $texts texts, the newest of them included',
    ({ maxChars, texts }) => {
      const cache = new TextCache(maxChars);
      const set = records.slice(0, texts);
      for (const record of set) {
        cache.set('g', record, text(record.id));
        expect(cache.chars).toBeLessThanOrEqual(maxChars);
      }
      // A generation holds half the bound: at least that many of the newest 10-character texts are kept.
      const newest = set.slice(set.length - Math.min(texts, Math.floor(maxChars / 20))).reverse();
      expect(newest.map((record) => cache.get('g', record))).toEqual(newest.map((record) => text(record.id)));
      expect(cache.get('g', set[0] ?? {})).toBe(maxChars >= 1_000 ? text(0) : undefined);
    },
  );

  it('keeps a text that is used while newer ones push the others out', () => {
    const cache = new TextCache(100); // two generations of five 10-character texts
    const [kept, ...others] = records;
    if (kept === undefined) throw new Error('records');
    cache.set('g', kept, text(kept.id));
    for (const record of others.slice(0, 30)) {
      cache.set('g', record, text(record.id));
      expect(cache.get('g', kept)).toBe(text(kept.id));
    }
    expect(others.slice(0, 20).every((record) => cache.get('g', record) === undefined)).toBe(true);
  });

  it('does not keep a text longer than half the bound, and still returns it', () => {
    const cache = new TextCache(100);
    const [record] = records;
    if (record === undefined) throw new Error('records');
    expect(cache.set('g', record, text(1, 51))).toBe(text(1, 51));
    expect([cache.get('g', record), cache.chars]).toEqual([undefined, 0]);
  });

  it('replaces the text of a record set twice and counts only the new one', () => {
    const cache = new TextCache(1_000);
    const [record] = records;
    if (record === undefined) throw new Error('records');
    cache.set('g', record, text(1, 40));
    cache.set('g', record, text(2, 15));
    expect([cache.get('g', record), cache.chars]).toEqual([text(2, 15), 15]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResponseCache, type CachedResponse } from './response-cache.js';

const response = (text: string): CachedResponse => ({
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': text.length },
  body: Buffer.from(text),
});
const roomy = { maxBytes: 1_000_000, maxEntries: 100 };

type Step = { set: string; version?: number; text?: string } | { get: string; version?: number };

const cases: {
  name: string;
  limits?: { maxBytes: number; maxEntries: number };
  steps: Step[];
  /** Keys then held (version 1 unless said), oldest first. */
  held: string[];
}[] = [
  {
    name: 'keeps what was set, under its key',
    steps: [{ set: 'a' }, { set: 'b' }],
    held: ['a', 'b'],
  },
  {
    name: 'drops an entry looked up with another version',
    steps: [{ set: 'a' }, { set: 'b' }, { get: 'a', version: 2 }],
    held: ['b'],
  },
  {
    name: 'replaces the entry of a key set again, at the new version',
    steps: [{ set: 'a' }, { set: 'a', version: 2 }],
    held: ['a@2'],
  },
  {
    name: 'drops the least recently used entry past the entry cap',
    limits: { maxBytes: 1_000_000, maxEntries: 2 },
    steps: [{ set: 'a' }, { set: 'b' }, { get: 'a' }, { set: 'c' }],
    held: ['a', 'c'],
  },
  {
    name: 'drops least recently used entries until the bytes fit',
    limits: { maxBytes: 2_200, maxEntries: 100 },
    steps: [
      { set: 'a', text: 'x'.repeat(1_000) },
      { set: 'b', text: 'x'.repeat(1_000) },
      { get: 'a' },
      { set: 'c', text: 'x'.repeat(1_000) },
    ],
    held: ['a', 'c'],
  },
  {
    name: 'keeps no entry bigger than the byte cap, and keeps the others',
    limits: { maxBytes: 500, maxEntries: 100 },
    steps: [{ set: 'a' }, { set: 'big', text: 'x'.repeat(600) }],
    held: ['a'],
  },
  {
    name: 'a key asked for again and again stays the most recent',
    limits: { maxBytes: 1_000_000, maxEntries: 2 },
    steps: [{ set: 'a' }, { set: 'b' }, { get: 'a' }, { get: 'a' }, { get: 'b' }, { get: 'a' }, { set: 'c' }],
    held: ['a', 'c'],
  },
  {
    name: 'an entry asked for after the most recent one becomes the most recent',
    limits: { maxBytes: 1_000_000, maxEntries: 2 },
    steps: [{ set: 'a' }, { set: 'b' }, { get: 'a' }, { get: 'b' }, { set: 'c' }],
    held: ['b', 'c'],
  },
  {
    name: 'a stale lookup does not refresh recency',
    limits: { maxBytes: 1_000_000, maxEntries: 2 },
    steps: [{ set: 'a' }, { set: 'b' }, { get: 'a', version: 0 }, { set: 'c' }],
    held: ['b', 'c'],
  },
];

describe('ResponseCache', () => {
  it.each(cases)('$name', ({ limits, steps, held }) => {
    const cache = new ResponseCache(limits ?? roomy);
    for (const step of steps)
      if ('set' in step) cache.set(step.set, step.version ?? 1, response(step.text ?? `{"${step.set}":1}`));
      else cache.get(step.get, step.version ?? 1);
    const expected = held.map((entry) => entry.split('@'));
    for (const [key = '', version = '1'] of expected) expect(cache.get(key, Number(version))).toBeDefined();
    expect(cache.size).toBe(held.length);
  });

  it('serves the very response stored, for its version only', () => {
    const cache = new ResponseCache(roomy);
    const stored = response('{"data":[]}');
    cache.set('k', 7, stored);
    expect(cache.get('k', 7)).toBe(stored);
    expect(cache.get('k', 8)).toBeUndefined();
    expect(cache.get('k', 7)).toBeUndefined(); // dropped when found stale
  });

  it('never holds more entries or bytes than its limits, and counts back to zero', () => {
    const step = fc.oneof(
      fc.record({ set: fc.constantFrom('a', 'b', 'c', 'd', 'e'), version: fc.nat(3), size: fc.nat(400) }),
      fc.record({ get: fc.constantFrom('a', 'b', 'c', 'd', 'e'), version: fc.nat(3) }),
    );
    fc.assert(
      fc.property(
        fc.nat(3),
        fc.integer({ min: 100, max: 1_500 }),
        fc.array(step),
        (maxEntries, maxBytes, steps) => {
          const cache = new ResponseCache({ maxBytes, maxEntries });
          for (const s of steps) {
            if ('set' in s) {
              const stored = response('x'.repeat(s.size));
              cache.set(s.set, s.version, stored);
              const fits = stored.body.length < maxBytes - 100 && maxEntries > 0;
              if (fits) expect(cache.get(s.set, s.version)).toBe(stored); // the newest entry is never the one dropped
            } else cache.get(s.get, s.version);
            expect(cache.size).toBeLessThanOrEqual(maxEntries);
            expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
            expect(cache.bytes).toBeGreaterThanOrEqual(0);
          }
          for (const key of ['a', 'b', 'c', 'd', 'e']) cache.get(key, -1); // every entry is stale for -1
          expect([cache.size, cache.bytes]).toEqual([0, 0]);
        },
      ),
    );
  });
});

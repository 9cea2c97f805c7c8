import { describe, expect, it } from 'vitest';
import { exposeGc, heldBytes } from '../test/support/expose-gc.js';
import { detachedSlice } from './detached-slice.js';

describe('detachedSlice', () => {
  const long = `${'abc'.repeat(40)}😀${'é'.repeat(40)}`;
  const cases = [
    { what: 'a short string', text: 'short', end: 8000 },
    { what: 'a string cut in the middle', text: long, end: 100 },
    { what: 'a cut between the halves of a surrogate pair (a lone half kept as is)', text: long, end: 121 },
    { what: 'a cut past the end', text: long, end: 1000 },
    { what: 'nothing', text: long, end: 0 },
  ];
  it.each(cases)('gives the characters of slice(0, end) for $what', ({ text, end }) => {
    expect(detachedSlice(text, end)).toBe(text.slice(0, end));
  });

  it('keeps none of the longer string alive, where slice keeps all of it', () => {
    const gc = exposeGc();
    // Thirty 2 MB bodies of which only 8,000 characters are kept, as the client keeps a response's text.
    const keptFrom = (cut: (text: string, end: number) => string, end = 8000): number => {
      const before = heldBytes(gc);
      const kept = Array.from({ length: 30 }, (_, i) =>
        cut(Buffer.alloc(2_000_000, 97 + (i % 26)).toString('latin1'), end),
      );
      const held = heldBytes(gc) - before;
      expect(kept).toHaveLength(30);
      return held;
    };
    expect(keptFrom((text, end) => text.slice(0, end))).toBeGreaterThan(40_000_000);
    expect(keptFrom(detachedSlice)).toBeLessThan(5_000_000);
    // V8 makes a view of a slice from 13 characters on, so a short cut must be copied too.
    expect(keptFrom((text, end) => text.slice(0, end), 40)).toBeGreaterThan(40_000_000);
    expect(keptFrom(detachedSlice, 40)).toBeLessThan(5_000_000);
  });
});

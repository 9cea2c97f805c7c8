import { describe, expect, it } from 'vitest';
import { TextRing } from './text-ring.js';

/** Writes `texts` keeping the last `keep` of them; answers the ring and where each text was written. */
function written(texts: readonly string[], keep: number, firstBytes: number) {
  const ring = new TextRing(firstBytes);
  const at: { start: number; bytes: number }[] = [];
  texts.forEach((text, index) => {
    const start = ring.write(text, at[Math.max(0, index - keep + 1)]?.start ?? ring.end);
    at.push({ start, bytes: ring.end - start });
  });
  return { ring, at };
}

describe('TextRing', () => {
  const cases: { name: string; texts: string[]; keep: number; firstBytes: number; capacity: number; laps?: boolean }[] = [
    { name: 'keeps a text shorter than its first size', texts: ['hello'], keep: 1, firstBytes: 16, capacity: 16 },
    { name: 'grows past its first size for a longer text', texts: ['x'.repeat(40)], keep: 1, firstBytes: 16, capacity: 128 },
    { name: 'keeps UTF-8 texts whole', texts: ['é', '日本', '🐈'], keep: 3, firstBytes: 16, capacity: 16 },
    { name: 'grows to keep every text it is asked to keep', texts: ['abcdefgh', 'ijklmnop', 'qrstuvwx', 'yz012345'], keep: 4, firstBytes: 16, capacity: 64 },
    { name: 'starts the next lap rather than cut a text at the end', texts: ['aaaaa', 'bbbbb', 'ccccc', 'ddddd', 'eeeee', 'fffff', 'ggggg', 'hhhhh'], keep: 2, firstBytes: 32, capacity: 32, laps: true },
    { name: 'an empty text takes no byte', texts: ['', 'a', ''], keep: 3, firstBytes: 16, capacity: 16 },
  ]; // prettier-ignore
  it.each(cases)('$name', ({ texts, keep, firstBytes, capacity, laps = false }) => {
    const { ring, at } = written(texts, keep, firstBytes);
    const kept = at.slice(-keep).map(({ start, bytes }) => ring.read(start, bytes));
    expect(kept).toEqual(texts.slice(-keep));
    expect(ring.capacity).toBe(capacity);
    expect(ring.end > ring.capacity).toBe(laps);
  });

  it('reads back every kept text over many laps of growing and wrapping', () => {
    let seed = 7;
    const draw = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const texts = Array.from({ length: 3_000 }, (_, index) => `${index}:${'é-x'.repeat(draw(index < 1_500 ? 20 : 200))}`);
    const keep = 50;
    const ring = new TextRing(16);
    const at: { start: number; bytes: number }[] = [];
    texts.forEach((text, index) => {
      const start = ring.write(text, at[Math.max(0, index - keep + 1)]?.start ?? ring.end);
      at.push({ start, bytes: ring.end - start });
      const from = Math.max(0, index - keep + 1);
      const wrong = at.slice(from).findIndex(({ start: s, bytes }, back) => ring.read(s, bytes) !== texts[from + back]);
      if (wrong !== -1) expect.fail(`text ${from + wrong} read back wrong after writing text ${index}`);
    });
    // 50 texts of at most 600 bytes (a 'é-x' is 4 bytes): it never needs more than a few laps of that.
    expect(ring.capacity).toBeLessThanOrEqual(128 * 1024);
  }); // prettier-ignore

  it('stays small when old texts may go', () => {
    const ring = new TextRing(1024);
    let start = 0;
    for (let index = 0; index < 10_000; index++) start = ring.write(`request ${index}`, start);
    expect(ring.read(start, ring.end - start)).toBe('request 9999');
    expect(ring.capacity).toBe(1024);
  });

  it('lets its buffer go when cleared, and starts again', () => {
    const ring = new TextRing(16);
    ring.write('x'.repeat(100), 0);
    ring.clear();
    expect([ring.capacity, ring.end]).toEqual([0, 0]);
    const start = ring.write('again', 0);
    expect(ring.read(start, ring.end - start)).toBe('again');
  });
});

import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { inParallel } from './in-parallel.js';

describe('inParallel', () => {
  it('keeps the order of the items whatever order the tasks finish in', async () => {
    const results = await inParallel([30, 5, 15, 1], async (ms, i) => {
      await delay(ms);
      return `${i}:${ms}`;
    });
    expect(results).toEqual(['0:30', '1:5', '2:15', '3:1']);
  });

  const widths = [
    { width: 1, most: 1 },
    { width: 3, most: 3 },
    { width: 10, most: 6 },
  ];
  it.each(widths)('runs at most $width at once ($most for 6 items)', async ({ width, most }) => {
    let open = 0;
    let widest = 0;
    await inParallel(
      [1, 2, 3, 4, 5, 6],
      async () => {
        widest = Math.max(widest, ++open);
        await delay(5);
        open--;
      },
      width,
    );
    expect(widest).toBe(most);
  });

  it('answers an empty list with an empty list', async () => {
    expect(await inParallel([], () => Promise.resolve(1))).toEqual([]);
  });
});

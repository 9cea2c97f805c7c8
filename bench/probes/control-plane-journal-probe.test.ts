import { describe, expect, it } from 'vitest';
import { journalRows } from './control-plane-journal-probe.js';

describe('journalRows', () => {
  const cases = [
    {
      name: "the cost is the median of the rounds' ratios, not the ratio of the medians",
      on: [100, 200, 300],
      off: [90, 100, 400],
      // ratios 1.111, 2 and 0.75; the medians alone (200 over 100) would say +100%
      figures: [200, 100, 11.1],
    },
    {
      name: 'a round of one side lost to /proc drops that pair from the ratio only',
      on: [105, null, 108],
      off: [100, 90, 100],
      figures: [106.5, 100, 6.5],
    },
    { name: 'a journal cheaper than none is a negative cost', on: [95], off: [100], figures: [95, 100, -5] },
    { name: 'no reading gives no figure', on: [null], off: [null], figures: [null, null, null] },
  ];
  it.each(cases)('$name', ({ on, off, figures }) => {
    const rows = journalRows('GET a page of 1', { on, off, notes: [] });
    expect(rows.map((row) => row.value)).toEqual(figures);
    expect(rows.map((row) => row.unit)).toEqual(['µs/request', 'µs/request', '%']);
  });

  it('holds only the cost to the target, and notes what went wrong', () => {
    const rows = journalRows('GET', { on: [1], off: [1], notes: ['on: 3 errors'] });
    expect(rows.map((row) => row.target)).toEqual([undefined, undefined, { atMost: 25 }]);
    expect(rows[2]?.note).toBe('on: 3 errors');
    expect(rows.every((row) => row.build === 'subcat')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { resetRows } from './control-plane-reset-probe.js';

describe('resetRows', () => {
  it('gives the median reset and floor round trips, the reset held to 50 ms', () => {
    const rows = resetRows(
      'subcat',
      [
        { resetMs: 2.004, floorMs: 0.9 },
        { resetMs: 9.5, floorMs: 1.1 },
        { resetMs: 1.5, floorMs: 1.0 },
      ],
      [],
    );
    expect(rows.map((row) => [row.value, row.samples, row.target])).toEqual([
      [2, [2, 9.5, 1.5], { atMost: 50 }],
      [1, [0.9, 1.1, 1], undefined],
    ]);
  });

  it('a build without a control plane has no figure and says why on every row', () => {
    const rows = resetRows('before', [], ['reset answered 404, delay 404: no control plane?']);
    expect(rows.map((row) => [row.build, row.value, row.note])).toEqual([
      ['before', null, 'reset answered 404, delay 404: no control plane?'],
      ['before', null, 'reset answered 404, delay 404: no control plane?'],
    ]);
  });
});

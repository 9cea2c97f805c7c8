import { describe, expect, it } from 'vitest';
import { COLD_TARGET_MS, parseStartTimes, startRows, WARM_TARGET_MS } from './start-mock-probe.js';

const outputs = [
  {
    name: "the child's last line is read",
    stdout: 'a warning\n{"coldMs":812.4,"warmMs":210.9}\n',
    times: { coldMs: 812.4, warmMs: 210.9 },
  },
  { name: 'no JSON is said so', stdout: 'Error: boom\n', problem: 'no JSON line' },
  {
    name: 'a missing figure is said so',
    stdout: '{"coldMs":812}\n',
    problem: 'no positive coldMs and warmMs',
  },
  {
    name: 'a zero figure is refused',
    stdout: '{"coldMs":0,"warmMs":3}\n',
    problem: 'no positive coldMs and warmMs',
  },
  { name: 'a JSON null is refused', stdout: 'null\n', problem: 'no positive coldMs and warmMs' },
];

describe('parseStartTimes', () => {
  it.each(outputs)('$name', ({ stdout, times, problem }) => {
    const parsed = parseStartTimes(stdout);
    if (times !== undefined) expect(parsed).toEqual(times);
    else expect(parsed).toContain(problem);
  });
});

describe('startRows', () => {
  it('gives each build a cold and a warm row, the median of whole-millisecond samples', () => {
    const rows = startRows(
      new Map([
        [
          'subcat',
          [
            { coldMs: 900.4, warmMs: 200.6 },
            { coldMs: 700.2, warmMs: 250 },
            { coldMs: 800, warmMs: 220 },
          ],
        ],
        [
          'before',
          [
            { coldMs: 1000, warmMs: 300 },
            { coldMs: 1100, warmMs: 310 },
          ],
        ],
      ]),
      [],
    );
    expect(rows.map((r) => [r.build, r.measure.split(':')[0], r.value, r.samples])).toEqual([
      ['subcat', 'cold', 800, [900, 700, 800]],
      ['subcat', 'warm', 220, [201, 250, 220]],
      ['before', 'cold', 1050, [1000, 1100]],
      ['before', 'warm', 305, [300, 310]],
    ]);
  });

  it("holds the checkout's rows, not the before build's, to the targets", () => {
    const rows = startRows(
      new Map([
        ['subcat', [{ coldMs: 200, warmMs: 10 }]],
        ['before', [{ coldMs: 600, warmMs: 60 }]],
      ]),
      [],
    );
    expect(rows.map((r) => [r.build, r.target?.atMost])).toEqual([
      ['subcat', COLD_TARGET_MS],
      ['subcat', WARM_TARGET_MS],
      ['before', undefined],
      ['before', undefined],
    ]);
  });

  it('adds the bare node process of the same run and the cold start over it', () => {
    const rows = startRows(new Map([['subcat', [{ coldMs: 300, warmMs: 10 }]]]), [], [119.6, 100.2, 140]);
    expect(rows.slice(2).map((r) => [r.measure.split(',')[0], r.value, r.unit])).toEqual([
      ['bare node process', 120, 'ms'],
      ['cold start over the bare node process (the load cancels out)', 2.5, '×'],
    ]);
  });

  it('a build with no sample has no figure, and failed runs are noted on every row', () => {
    const rows = startRows(new Map([['subcat', []]]), ['subcat: exit 1: no startMock']);
    expect(rows.map((r) => [r.value, r.note])).toEqual([
      [null, 'subcat: exit 1: no startMock'],
      [null, 'subcat: exit 1: no startMock'],
    ]);
  });
});

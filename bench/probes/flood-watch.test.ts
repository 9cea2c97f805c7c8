import { describe, expect, it } from 'vitest';
import { floodRows, parseHealthWatch, quantile, type FloodFigures } from './flood-watch.js';

describe('quantile', () => {
  const cases = [
    { name: 'no samples have none', values: [], fraction: 0.95, expected: null },
    { name: 'one sample is every quantile', values: [7], fraction: 0.95, expected: 7 },
    {
      name: 'the p95 of twenty is the nineteenth',
      values: [...Array(20).keys()].map((n) => 20 - n),
      fraction: 0.95,
      expected: 19,
    },
    {
      name: 'the p50 of four is the second, by nearest rank',
      values: [4, 1, 3, 2],
      fraction: 0.5,
      expected: 2,
    },
  ];
  it.each(cases)('$name', ({ values, fraction, expected }) => {
    expect(quantile(values, fraction)).toBe(expected);
  });
});

describe('parseHealthWatch', () => {
  const cases = [
    {
      name: "the child's last line is read",
      stdout: 'noise\n{"latenciesMs":[3.2,80],"errors":1}\n',
      parsed: { latenciesMs: [3.2, 80], errors: 1 },
    },
    {
      name: 'a line without figures is said so',
      stdout: '{"latenciesMs":"x","errors":0}\n',
      problem: 'printed no figures',
    },
    { name: 'no JSON is said so', stdout: 'Error: boom\n', problem: 'printed no figures' },
  ];
  it.each(cases)('$name', ({ stdout, parsed, problem }) => {
    const result = parseHealthWatch(stdout);
    if (parsed !== undefined) expect(result).toEqual(parsed);
    else expect(result).toContain(problem);
  });
});

describe('floodRows', () => {
  const figures: FloodFigures = {
    baselineMb: 80,
    peakMb: 410,
    afterMb: 300,
    healthMs: [5, 12, 140, 8],
    healthErrors: 0,
    seconds: 4.2,
    note: '200 x 6,000',
  };

  it('holds RSS growth (peak over before) to 300 MB and both health figures to 100 ms', () => {
    const [rss, max, p95] = floodRows('a flood', figures);
    expect(rss).toMatchObject({ value: 330, unit: 'MB', target: { atMost: 300 } });
    expect(rss?.note).toContain('80 MB before, 410 MB at most, 300 MB');
    expect(max).toMatchObject({ value: 140, target: { atMost: 100 } });
    expect(max?.note).toContain('4 checks over 4.2 s, 1 over 100 ms');
    expect(p95).toMatchObject({ value: 140, target: { atMost: 100 } });
  });

  it('gives no figure when RSS could not be read or no check came back', () => {
    const [rss, max, p95] = floodRows('a flood', { ...figures, baselineMb: null, healthMs: [] });
    expect([rss?.value, max?.value, p95?.value]).toEqual([null, null, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { floodRows, parseHealthWatch, phaseSpread, quantile, type FloodFigures } from './flood-watch.js';

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

const check = (atMs: number, ms: number, cpuMs: number | null = 2, waitMs: number | null = 1) => ({
  atMs,
  ms,
  cpuMs,
  waitMs,
});

describe('parseHealthWatch', () => {
  const cases = [
    {
      name: "the child's last line is read",
      stdout: `noise\n${JSON.stringify({ checks: [check(1, 3.2), check(2, 80, null, null)], errors: 1 })}\n`,
      parsed: { checks: [check(1, 3.2), check(2, 80, null, null)], errors: 1 },
    },
    {
      name: 'a check without its times is said so',
      stdout: '{"checks":[{"atMs":1,"ms":"x","cpuMs":null,"waitMs":null}],"errors":0}\n',
      problem: 'printed no figures',
    },
    {
      name: 'the older line of times alone is said so',
      stdout: '{"latenciesMs":[3.2,80],"errors":1}\n',
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

describe('phaseSpread', () => {
  const checks = [check(0, 5, 1), check(100, 40, 9), check(200, 12, 3), check(300, 90, null)];
  const cases = [
    {
      name: 'each phase gives its checks as p50/p95/max and the most CPU of the mock',
      phases: [
        { name: '413s', fromMs: 0, toMs: 200 },
        { name: 'creates', fromMs: 200, toMs: Infinity },
      ],
      expected:
        '413s: 2 checks, 5/40/40 ms (CPU 9 ms at most); creates: 2 checks, 12/90/90 ms (CPU 3 ms at most)',
    },
    {
      name: 'a phase no check was sent in says so',
      phases: [{ name: 'endless', fromMs: 400, toMs: 500 }],
      expected: 'endless: 0 checks, ?/?/? ms',
    },
  ];
  it.each(cases)('$name', ({ phases, expected }) => {
    expect(phaseSpread(checks, phases)).toBe(expected);
  });
});

describe('floodRows', () => {
  const figures: FloodFigures = {
    baselineMb: 80,
    peakMb: 410,
    afterMb: 300,
    checks: [check(0, 5, 1, 3), check(1, 12, 2, 8), check(2, 140, 30, 100), check(3, 8, 1, 0)],
    healthErrors: 0,
    phases: [],
    seconds: 4.2,
    note: '200 x 6,000',
  };

  it('holds RSS growth (peak over before) to 300 MB and the max and p95 of the checks to 100 ms', () => {
    const [rss, max, p95, p50, cpu] = floodRows('a flood', figures);
    expect(rss).toMatchObject({ value: 330, unit: 'MB', target: { atMost: 300 } });
    expect(rss?.note).toContain('80 MB before, 410 MB at most, 300 MB');
    expect(max).toMatchObject({ value: 140, target: { atMost: 100 } });
    expect(max?.note).toContain('4 checks over 4.2 s, 1 over 100 ms');
    expect(p95).toMatchObject({ value: 140, target: { atMost: 100 } });
    expect(p50).toMatchObject({ value: 8 });
    expect(p50?.target).toBeUndefined();
    expect(cpu).toMatchObject({ value: 30, unit: 'ms' });
    expect(cpu?.note).toContain('waited for a core up to 100 ms');
  });

  it('names the phases in the note of the max when the flood had more than one', () => {
    const phases = [
      { name: 'first', fromMs: 0, toMs: 2 },
      { name: 'second', fromMs: 2, toMs: Infinity },
    ];
    const [, max] = floodRows('a flood', { ...figures, phases });
    expect(max?.note).toContain('per phase (p50/p95/max): first: 2 checks, 5/12/12 ms');
  });

  it('gives no figure when RSS could not be read or no check came back', () => {
    const rows = floodRows('a flood', { ...figures, baselineMb: null, checks: [] });
    expect(rows.map((row) => row.value)).toEqual([null, null, null, null, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatSweep, parseSweepArgs } from './kit-sweep.js';

describe('parseSweepArgs', () => {
  const cases = [
    { argv: [], concurrencies: 32, seeds: [1, 2, 3, 4, 5] },
    { argv: ['--concurrency', '1,32', '--seeds', '7'], concurrencies: 2, seeds: [7] },
  ];
  it.each(cases)('reads $argv', ({ argv, concurrencies, seeds }) => {
    const parsed = parseSweepArgs(argv);
    if (typeof parsed === 'string') throw new Error(parsed);
    expect(parsed.concurrencies).toHaveLength(concurrencies);
    expect(parsed.seeds).toEqual(seeds);
  });
  it('refuses what it does not know', () => {
    expect(parseSweepArgs(['--seeds', 'x'])).toBe('--seeds needs numbers');
    expect(parseSweepArgs(['--quick', '1'])).toMatch(/^unknown option --quick/);
  });
});

describe('formatSweep', () => {
  const row = { concurrency: 1, seed: 1, code: 0, failed: 0, warned: 0, inconclusive: 0, seconds: 2 };
  it('is clean only when every run is', () => {
    expect(formatSweep([row]).clean).toBe(true);
    const { text, clean } = formatSweep([row, { ...row, seed: 2, code: 3, inconclusive: 1 }]);
    expect(clean).toBe(false);
    expect(text).toContain('1 of 2 runs clean');
  });
});

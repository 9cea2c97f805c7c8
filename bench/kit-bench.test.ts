import { describe, expect, it } from 'vitest';
import { CASES, formatKitBench, parseKitBenchArgs, TARGETS, type KitBenchRow } from './kit-bench.js';

const row = (extra: Partial<KitBenchRow> = {}): KitBenchRow => ({
  case: 'full run, the mock 50 ms away (delaying proxy)',
  target: 'under 3 s, peak RSS under 200 MB',
  seconds: 2.345,
  processSeconds: 3.1,
  peakRssMb: 123.45,
  cpuSeconds: 1.234,
  requests: 284,
  exitCode: 0,
  outcomes: { passed: 90, failed: 0, warned: 4, skipped: 2, inconclusive: 0 },
  meets: true,
  ...extra,
});

describe('formatKitBench', () => {
  const table = formatKitBench([row(), row({ case: 'slow', meets: false, seconds: 4 })], 'machine');
  const cases = [
    { what: 'the machine line first', text: 'machine\n\n| case |' },
    {
      what: 'the header',
      text: '| case | target | kit s | process s | kit CPU s | peak RSS MB | requests | exit | outcomes | meets |',
    },
    {
      what: 'a row with its figures and outcomes',
      text: '| full run, the mock 50 ms away (delaying proxy) | under 3 s, peak RSS under 200 MB | 2.35 | 3.10 | 1.23 | 123.5 | 284 | 0 | 90 passed, 4 warned, 2 skipped | yes |',
    },
    { what: 'a missed target in capitals', text: '| slow | under 3 s, peak RSS under 200 MB | 4.00 |' },
  ];
  it.each(cases)('writes $what', ({ text }) => {
    expect(table).toContain(text);
  });
  it('ends a missed target with NO', () => {
    expect(table.trimEnd().split('\n').at(-1)).toMatch(/\| NO \|$/);
  });
});

describe('the kit bench cases', () => {
  const cases = [
    {
      what: 'a run 50 ms away in under 3 s, process start included',
      measure: { seconds: 2.5, processSeconds: 2.9, peakRssMb: 150, exitCode: 0 },
      index: 0,
      meets: true,
    },
    {
      what: 'a run 50 ms away in 3 s or more, process start included',
      measure: { seconds: 2.8, processSeconds: 3.2, peakRssMb: 150, exitCode: 0 },
      index: 0,
      meets: false,
    },
    {
      what: 'a run 50 ms away that is incomplete (exit 3)',
      measure: { seconds: 1, processSeconds: 1.5, peakRssMb: 150, exitCode: 3 },
      index: 0,
      meets: false,
    },
    {
      what: 'a run 150 ms away in under 5 s',
      measure: { seconds: 4.5, processSeconds: 4.9, peakRssMb: 150, exitCode: 0 },
      index: 1,
      meets: true,
    },
    {
      what: 'a run 150 ms away in 5 s or more',
      measure: { seconds: 4.8, processSeconds: 5.2, peakRssMb: 150, exitCode: 0 },
      index: 1,
      meets: false,
    },
    {
      what: 'a run over the RSS target',
      measure: { seconds: 1, peakRssMb: 250, exitCode: 0 },
      index: 2,
      meets: false,
    },
    {
      what: '200 MB bodies failing the run within RSS',
      measure: { seconds: 5, peakRssMb: 120, exitCode: 1 },
      index: 3,
      meets: true,
    },
    {
      what: 'Prism within two minutes',
      measure: { seconds: 90, peakRssMb: 180, exitCode: 1 },
      index: 4,
      meets: true,
    },
    {
      what: 'Prism over two minutes',
      measure: { seconds: 130, peakRssMb: 180, exitCode: 1 },
      index: 4,
      meets: false,
    },
  ];
  it.each(cases)('judge $what as meets=$meets', ({ measure, index, meets }) => {
    const bench = CASES[index];
    expect(bench?.meets({ ...row(), ...measure })).toBe(meets);
  });
  it('hold the targets of issues 15 and 27', () => {
    expect(TARGETS).toEqual({ nearSeconds: 3, farSeconds: 5, peakRssMb: 200, prismSeconds: 120 });
  });
});

describe('parseKitBenchArgs', () => {
  const cases = [
    { argv: [], parsed: { prism: true } },
    { argv: ['--no-prism'], parsed: { prism: false } },
    {
      argv: ['--quick'],
      parsed:
        'unknown option --quick (bench:kit takes --no-prism, or --sweep [--concurrency LIST] [--seeds LIST])',
    },
  ];
  it.each(cases)('reads $argv', ({ argv, parsed }) => {
    expect(parseKitBenchArgs(argv)).toEqual(parsed);
  });
});

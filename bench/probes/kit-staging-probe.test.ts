import { describe, expect, it } from 'vitest';
import type { KitBenchRow } from '../kit-bench.js';
import { kitStagingRows } from './kit-staging-probe.js';

const row = (name: string, seconds: number, peakRssMb: number): KitBenchRow => ({
  case: name,
  target: '',
  seconds,
  processSeconds: seconds + 0.3,
  peakRssMb,
  cpuSeconds: 1.5,
  requests: 300,
  exitCode: 0,
  outcomes: {},
  meets: true,
});

describe('kitStagingRows', () => {
  it('holds the far run to 3 s, Prism to 2 minutes, every run to 200 MB, and the huge bodies to memory only', () => {
    const rows = kitStagingRows([
      row('mock 50 ms away', 2.345, 120.4),
      row('200 MB bodies', 4, 150),
      row("Prism's dynamic mock", 100, 210),
    ]);
    expect(rows.map((r) => [r.measure, r.value, r.target?.atMost])).toEqual([
      ['mock 50 ms away: the run', 2.35, 3],
      ["mock 50 ms away: the kit's peak RSS", 120, 200],
      ['200 MB bodies: the run', 4, undefined],
      ["200 MB bodies: the kit's peak RSS", 150, 200],
      ["Prism's dynamic mock: the run", 100, 120],
      ["Prism's dynamic mock: the kit's peak RSS", 210, 200],
    ]);
  });
});

import { join } from 'node:path';
import { runKitBench, TARGETS, type KitBenchRow } from '../kit-bench.js';
import type { Probe, ProbeRow } from './probe.js';

/** The kit bench's rows as probe rows: the run's seconds and the kit's peak RSS, each with its target. */
export function kitStagingRows(rows: readonly KitBenchRow[]): ProbeRow[] {
  return rows.flatMap((row): ProbeRow[] => {
    const note = `${row.requests} requests, exit ${row.exitCode}, kit CPU ${row.cpuSeconds.toFixed(1)} s`;
    const seconds = row.case.includes('50 ms')
      ? TARGETS.nearSeconds
      : row.case.includes('Prism')
        ? TARGETS.prismSeconds
        : undefined;
    return [
      {
        measure: `${row.case}: the run`,
        build: 'subcat',
        value: Math.round(row.seconds * 100) / 100,
        unit: 's',
        note,
        ...(seconds === undefined ? {} : { target: { atMost: seconds } }),
      },
      {
        measure: `${row.case}: the kit's peak RSS`,
        build: 'subcat',
        value: Math.round(row.peakRssMb),
        unit: 'MB',
        target: { atMost: TARGETS.peakRssMb },
      },
    ];
  });
}

/**
 * The kit as a QA team points it at staging (issue 15): against the mock 50 ms away, a server sending
 * 200 MB bodies and, unless --quick, Prism's dynamic mock; this checkout's kit only (`npm run bench:kit`
 * runs the same on its own).
 */
export const kitStagingProbe: Probe = {
  id: 'kit-staging',
  title: 'The kit against a far, a huge and a slow server (issue 15)',
  async run(ctx) {
    const build = ctx.builds.find((candidate) => candidate.label === 'subcat');
    if (build === undefined) return [];
    const rows = await runKitBench({
      prism: !ctx.quick,
      childScript: join(build.root, 'dist', 'bench', 'kit-bench-child.js'),
      root: build.root,
    });
    for (const row of rows)
      ctx.log(`  ${row.case}: ${row.seconds.toFixed(2)} s, peak RSS ${Math.round(row.peakRssMb)} MB`);
    return kitStagingRows(rows);
  },
};

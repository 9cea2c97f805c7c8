import { join } from 'node:path';
import { STORES } from '../bench-cases.js';
import type { Probe, ProbeRow } from './probe.js';

const CHECK_TIMEOUT_MS = 180_000;

/** A row from one `subcat check` run: its time when the kit ran (exit 0 or 1), else no figure and why. */
export function checkRow(
  build: ProbeRow['build'],
  exitCode: number | null,
  durationMs: number,
  stderr: string,
): ProbeRow {
  const measure = 'subcat check against a local small-store mock, spawn to exit';
  // Exit 2 means the kit could not run (usage error, unreachable): its time says nothing.
  if (exitCode !== 0 && exitCode !== 1)
    return {
      measure,
      build,
      value: null,
      unit: 'ms',
      note: `exit ${exitCode ?? 'none'}: ${stderr.slice(-200)}`,
    };
  return { measure, build, value: Math.round(durationMs), unit: 'ms', note: `exit ${exitCode}` };
}

/** The kit's run time against each build's own mock. */
export const kitCheckProbe: Probe = {
  id: 'kit-check',
  title: '`subcat check` against the local mock',
  async run(ctx) {
    const rows: ProbeRow[] = [];
    for (const build of ctx.builds) {
      const { subscriptions, products } = STORES.small;
      const mock = await ctx.startMock(build, [
        '--subscriptions',
        String(subscriptions),
        '--products',
        String(products),
      ]);
      try {
        const cli = join(build.root, 'dist', 'src', 'cli.js');
        const run = await ctx.runNode(
          [cli, 'check', '--base-url', mock.baseUrl],
          build.root,
          CHECK_TIMEOUT_MS,
        );
        rows.push(checkRow(build.label, run.exitCode, run.durationMs, run.stderr));
        ctx.log(`  ${build.label}: ${(run.durationMs / 1000).toFixed(2)} s, exit ${run.exitCode ?? 'none'}`);
      } finally {
        await mock.stop();
      }
    }
    return rows;
  },
};

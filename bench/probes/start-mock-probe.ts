import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MOCK_OPTIONS } from '../../src/mock-options.js';
import { roundOrder } from '../load-run.js';
import { childFigures } from './child-figures.js';
import { median, type Build, type Probe, type ProbeRow } from './probe.js';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'start-mock-child.js');
const CHILD_TIMEOUT_MS = 60_000;
/** Issue 26's bounds for a test runner's startMock(): a fresh worker's first answer, and a second start. */
export const COLD_TARGET_MS = 250;
export const WARM_TARGET_MS = 20;
/** A process that loads node:http and exits: what the machine's load does to any start-up, for the ratio. */
export const BARE_NODE = ['-e', "import('node:http')"];

export interface StartTimes {
  coldMs: number;
  warmMs: number;
}

/** The child's JSON line, or a sentence saying what was wrong with its output. */
export function parseStartTimes(stdout: string): StartTimes | string {
  return childFigures(stdout, ['coldMs', 'warmMs']);
}

/**
 * Two rows per build (cold, warm), each the median of its samples in whole milliseconds, the checkout's held
 * to the targets; then the bare node process timed in the same run and the checkout's cold start over it.
 */
export function startRows(
  samples: ReadonlyMap<Build['label'], StartTimes[]>,
  failures: string[],
  bareMs: readonly number[] = [],
): ProbeRow[] {
  const rows: ProbeRow[] = [];
  const note = failures.length > 0 ? { note: failures.join('; ') } : {};
  for (const [build, times] of samples) {
    for (const [measure, pick, atMost] of [
      [
        'cold: import and first startMock() to first answer, fresh node process',
        (t: StartTimes) => t.coldMs,
        COLD_TARGET_MS,
      ],
      ['warm: second startMock() to first answer, same process', (t: StartTimes) => t.warmMs, WARM_TARGET_MS],
    ] as const) {
      const values = times.map((t) => Math.round(pick(t)));
      const value = median(values);
      rows.push({
        measure,
        build,
        value: value === null ? null : Math.round(value),
        unit: 'ms',
        samples: values,
        ...(build === 'subcat' ? { target: { atMost } } : {}),
        ...note,
      });
    }
  }
  if (bareMs.length === 0) return rows;
  const bare = median(bareMs.map(Math.round));
  rows.push({
    measure: `bare node process, spawn to exit (node ${BARE_NODE.join(' ')}), same run`,
    build: 'subcat',
    value: bare === null ? null : Math.round(bare),
    unit: 'ms',
    samples: bareMs.map(Math.round),
  });
  const cold = rows.find((row) => row.build === 'subcat' && row.measure.startsWith('cold'))?.value;
  if (bare !== null && bare > 0 && cold !== undefined && cold !== null)
    rows.push({
      measure: 'cold start over the bare node process (the load cancels out)',
      build: 'subcat',
      value: Math.round((cold / bare) * 100) / 100,
      unit: '×',
    });
  return rows;
}

/**
 * startMock() of the package entry (`dist/src/index.js`) with its default store, as a test runner starts it,
 * cold and warm, each build's child runs alternating so a busy moment of the machine hits both, and a bare
 * node process beside them.
 */
export const startMockProbe: Probe = {
  id: 'start-mock',
  title: `startMock() cold and warm, as a test runner starts it (its defaults: ${DEFAULT_MOCK_OPTIONS.subscriptions} subscriptions, ${DEFAULT_MOCK_OPTIONS.products} products per release; targets ${COLD_TARGET_MS} ms and ${WARM_TARGET_MS} ms)`,
  async run(ctx) {
    const samples = new Map<Build['label'], StartTimes[]>(ctx.builds.map((b) => [b.label, []]));
    const failures: string[] = [];
    const bareMs: number[] = [];
    const count = ctx.quick ? 3 : 5;
    for (let sample = 1; sample <= count; sample++) {
      for (const build of roundOrder(ctx.builds, sample)) {
        const entry = join(build.root, 'dist', 'src', 'index.js');
        const { subscriptions, products } = DEFAULT_MOCK_OPTIONS;
        const args = [CHILD, entry, String(subscriptions), String(products)];
        const run = await ctx.runNode(args, build.root, CHILD_TIMEOUT_MS);
        const times =
          run.exitCode === 0 ? parseStartTimes(run.stdout) : `exit ${run.exitCode}: ${run.stderr}`;
        if (typeof times === 'string') failures.push(`${build.label}: ${times.slice(0, 300)}`);
        else samples.get(build.label)?.push(times);
      }
      const bare = await ctx.runNode(BARE_NODE, ctx.builds[0]?.root ?? '.', CHILD_TIMEOUT_MS);
      if (bare.exitCode === 0) bareMs.push(bare.durationMs);
    }
    ctx.log(
      `  ${[...samples].map(([b, t]) => `${b} cold ${t.map((x) => Math.round(x.coldMs)).join(', ')} ms, warm ${t.map((x) => Math.round(x.warmMs)).join(', ')} ms`).join('; ')}; bare node ${bareMs.map(Math.round).join(', ')} ms`,
    );
    return startRows(samples, failures, bareMs);
  },
};

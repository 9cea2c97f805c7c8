import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORES } from '../bench-cases.js';
import { roundOrder } from '../load-run.js';
import { childFigures } from './child-figures.js';
import { median, type Build, type Probe, type ProbeRow } from './probe.js';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'start-mock-child.js');
const CHILD_TIMEOUT_MS = 60_000;

export interface StartTimes {
  coldMs: number;
  warmMs: number;
}

/** The child's JSON line, or a sentence saying what was wrong with its output. */
export function parseStartTimes(stdout: string): StartTimes | string {
  return childFigures(stdout, ['coldMs', 'warmMs']);
}

/** Two rows per build (cold, warm), each the median of its samples, whole milliseconds. */
export function startRows(
  samples: ReadonlyMap<Build['label'], StartTimes[]>,
  failures: string[],
): ProbeRow[] {
  const rows: ProbeRow[] = [];
  for (const [build, times] of samples) {
    const note = failures.length > 0 ? { note: failures.join('; ') } : {};
    for (const [measure, pick] of [
      ['cold: import and first startMock() to first answer, fresh node process', (t: StartTimes) => t.coldMs],
      ['warm: second startMock() to first answer, same process', (t: StartTimes) => t.warmMs],
    ] as const) {
      const values = times.map((t) => Math.round(pick(t)));
      const value = median(values);
      rows.push({
        measure,
        build,
        value: value === null ? null : Math.round(value),
        unit: 'ms',
        samples: values,
        ...note,
      });
    }
  }
  return rows;
}

/**
 * startMock() of the package entry (`dist/src/index.js`) with the small store, cold and warm, each build's
 * child runs alternating so a busy moment of the machine hits both.
 */
export const startMockProbe: Probe = {
  id: 'start-mock',
  title: `startMock() cold and warm (small store: ${STORES.small.subscriptions.toLocaleString('en-US')} subscriptions, ${STORES.small.products.toLocaleString('en-US')} products per release)`,
  async run(ctx) {
    const samples = new Map<Build['label'], StartTimes[]>(ctx.builds.map((b) => [b.label, []]));
    const failures: string[] = [];
    const count = ctx.quick ? 3 : 5;
    for (let sample = 1; sample <= count; sample++) {
      for (const build of roundOrder(ctx.builds, sample)) {
        const entry = join(build.root, 'dist', 'src', 'index.js');
        const args = [CHILD, entry, String(STORES.small.subscriptions), String(STORES.small.products)];
        const run = await ctx.runNode(args, build.root, CHILD_TIMEOUT_MS);
        const times =
          run.exitCode === 0 ? parseStartTimes(run.stdout) : `exit ${run.exitCode}: ${run.stderr}`;
        if (typeof times === 'string') failures.push(`${build.label}: ${times.slice(0, 300)}`);
        else samples.get(build.label)?.push(times);
      }
    }
    ctx.log(
      `  ${[...samples].map(([b, t]) => `${b} cold ${t.map((x) => Math.round(x.coldMs)).join(', ')} ms, warm ${t.map((x) => Math.round(x.warmMs)).join(', ')} ms`).join('; ')}`,
    );
    return startRows(samples, failures);
  },
};

import { performance } from 'node:perf_hooks';
import type { LoadRequest } from '../load-run.js';
import { median, type BenchServer, type Probe, type ProbeRow } from './probe.js';

// Issue 13: what a suite's beforeEach pays for `POST /__subcat/reset` once its tests have written a lot. The
// default store (300 subscriptions, 200 products per release), as `npm start` serves it.
const CREATES = 1_000;
const RESET_TARGET_MS = 50;
const create: LoadRequest = {
  method: 'POST',
  path: '/subscriptions/subscriptions',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    data: {
      account_id: '29949968-2749-44ee-9002-18b1b3a8e3a7',
      offering_id: '07ed42d5-63ec-40d8-8ee0-b28bc46cb754',
      currency: 'USD',
      manual_payments: true,
      name: 'Reset Probe',
      email: 'reset.probe@example.com',
    },
  }),
};

/** One sample: the reset's round trip, and an admin round trip that does nothing (the floor), in ms. */
export interface ResetSample {
  resetMs: number;
  floorMs: number;
}

/** The rows of one build: the reset's median round trip (held to the target) and the floor beside it. */
export function resetRows(
  build: ProbeRow['build'],
  samples: readonly ResetSample[],
  failures: string[],
): ProbeRow[] {
  const note = failures.length > 0 ? { note: failures.join('; ').slice(0, 500) } : {};
  const ms = (values: number[]) => {
    const middle = median(values);
    return middle === null ? null : Math.round(middle * 100) / 100;
  };
  const round = (value: number) => Math.round(value * 100) / 100;
  return [
    {
      measure: `POST /__subcat/reset after ${CREATES.toLocaleString('en-US')} creates, round trip`,
      build,
      value: ms(samples.map((s) => s.resetMs)),
      unit: 'ms',
      samples: samples.map((s) => round(s.resetMs)),
      target: { atMost: RESET_TARGET_MS },
      ...note,
    },
    {
      measure: 'GET /__subcat/delay beside it (an admin round trip with nothing to do)',
      build,
      value: ms(samples.map((s) => s.floorMs)),
      unit: 'ms',
      samples: samples.map((s) => round(s.floorMs)),
      ...note,
    },
  ];
}

async function timed(
  server: BenchServer,
  method: string,
  path: string,
): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}`, { method });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Fills the default store with 1,000 creates, then times the reset back to the seed; repeated per sample. */
export const controlPlaneResetProbe: Probe = {
  id: 'control-plane-reset',
  title: `Reset: POST /__subcat/reset after ${CREATES.toLocaleString('en-US')} creates (default store: 300 subscriptions, 200 products per release)`,
  async run(ctx) {
    const rows: ProbeRow[] = [];
    for (const build of ctx.builds) {
      const server = await ctx.startMock(build, []);
      const samples: ResetSample[] = [];
      const failures: string[] = [];
      try {
        await timed(server, 'GET', '/__subcat/delay'); // the client's connection, opened before timing
        for (let sample = 1; sample <= (ctx.quick ? 3 : 7); sample++) {
          const filled = await ctx.measure(server, [create], CREATES);
          const created = filled.statusCodes['201'] ?? 0;
          if (created !== CREATES)
            failures.push(`sample ${sample}: ${created} of ${CREATES} creates answered 201`);
          const floor = await timed(server, 'GET', '/__subcat/delay');
          const reset = await timed(server, 'POST', '/__subcat/reset');
          if (reset.status !== 200 || floor.status !== 200) {
            failures.push(`reset answered ${reset.status}, delay ${floor.status}: no control plane?`);
            break;
          }
          samples.push({ resetMs: reset.ms, floorMs: floor.ms });
        }
      } finally {
        await server.stop();
      }
      const shown = (pick: (s: ResetSample) => number) => samples.map((s) => pick(s).toFixed(2)).join(', ');
      ctx.log(`  ${build.label}: reset ${shown((s) => s.resetMs)} ms; floor ${shown((s) => s.floorMs)} ms`);
      rows.push(...resetRows(build.label, samples, failures));
    }
    return rows;
  },
};

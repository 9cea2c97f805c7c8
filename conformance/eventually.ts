import { performance } from 'node:perf_hooks';
import type { CheckContext, Failure } from './check.js';

/**
 * Repeats `attempt` until it finds nothing wrong or --consistency-ms passes: a service behind a queue or a
 * read replica may list a write a moment late. Failures left at the end say how long the kit waited.
 * @example const failures = await eventually(ctx, () => foundBy(ctx, subscription, 'external_ref'));
 */
export async function eventually(ctx: CheckContext, attempt: () => Promise<Failure[]>): Promise<Failure[]> {
  const started = performance.now();
  let wait = 100;
  for (;;) {
    const failures = await attempt();
    if (failures.length === 0) return failures;
    const waited = performance.now() - started;
    const left = ctx.settings.consistencyMs - waited;
    if (left <= 0) {
      if (waited < 1) return failures;
      const note = ` (still so after ${Math.round(waited)} ms of polling, --consistency-ms)`;
      return failures.map((failure) => ({ ...failure, message: `${failure.message}${note}` }));
    }
    await ctx.sleep(Math.min(wait, left));
    wait = Math.min(wait * 2, 1000);
  }
}

import { setTimeout as sleep } from 'node:timers/promises';

/** Milliseconds, a `[min, max]` range drawn per request, or null for none (spec/admin.openapi.yaml, Delay; the schema holds arrays to two items). */
export type Delay = number | readonly number[] | null;

export const MAX_DELAY_MS = 600_000;

/**
 * `--delay 300` or `--delay 100-600`, as a Delay; undefined when the text is neither.
 * @example parseDelay('100-600') // [100, 600]
 */
export function parseDelay(text: string): Delay | undefined {
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text.trim());
  if (match === null) return undefined;
  const low = Number(match[1]);
  const high = match[2] === undefined ? undefined : Number(match[2]);
  if (low > MAX_DELAY_MS || (high !== undefined && (high > MAX_DELAY_MS || high < low))) return undefined;
  return high === undefined ? low : [low, high];
}

/** The milliseconds one request waits: the delay, or a draw in its range. */
export function delayMs(delay: Delay, draw: () => number): number {
  if (delay === null) return 0;
  if (typeof delay === 'number') return delay;
  const [low = 0, high = low] = delay;
  return low + Math.floor(draw() * (high - low + 1));
}

/** Waits the delay's milliseconds (none: no wait, no timer). */
export function wait(delay: Delay, draw: () => number): Promise<void> | undefined {
  const ms = delayMs(delay, draw);
  return ms > 0 ? sleep(ms) : undefined;
}

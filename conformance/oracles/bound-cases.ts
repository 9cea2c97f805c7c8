import type { Prng } from '../prng.js';
import { describeBound, valueCount, withBound, type BodyBound, type Side } from './body-bounds.js';

/** One generated create body: the base body with some bounds at their limit, or one bound one past it. */
export interface BoundCase {
  side: Side;
  bounds: readonly BodyBound[];
}

/** A body a case builds stays well inside decisions.md's whole-body bounds (10,000 values, 1 MiB). */
const BODY_BUDGET = { values: 4000, bytes: 256 * 1024 } as const;

/** Sizes first (arrays, then maps), so the bounds inside an item land on the item the body keeps. */
const ORDER: readonly BodyBound['keyword'][] = ['maxItems', 'minItems', 'maxProperties'];
const rank = (bound: BodyBound) => {
  const i = ORDER.indexOf(bound.keyword);
  return i < 0 ? ORDER.length : i;
};

/** The body of a case, or undefined when one of its bounds has no place in the base body. */
export function boundBody<T>(base: T, boundCase: BoundCase): T | undefined {
  let body: T | undefined = base;
  for (const bound of [...boundCase.bounds].sort((a, b) => rank(a) - rank(b))) {
    body = body === undefined ? undefined : withBound(body, bound, boundCase.side);
  }
  return body;
}

/** What one bound adds to the base body: values and bytes (bounds in one body add up: each edits its own place). */
function costOf<T>(base: T, bound: BodyBound): { values: number; bytes: number } | undefined {
  const body = boundBody(base, { side: 'at', bounds: [bound] });
  if (body === undefined) return undefined;
  return {
    values: valueCount(body) - valueCount(base),
    bytes: JSON.stringify(body).length - JSON.stringify(base).length,
  };
}

/**
 * The cases of a run: `count` bodies that together put every bound at its limit (dealt at random, two
 * bounds of one place never in one body, each body within the budget), then one body one past each bound.
 */
export function boundCases<T>(
  base: T,
  bounds: readonly BodyBound[],
  count: number,
  random: Prng,
): BoundCase[] {
  const shuffled = [...bounds];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [shuffled[i], shuffled[j]] = [shuffled[j] as BodyBound, shuffled[i] as BodyBound];
  }
  const room = {
    values: BODY_BUDGET.values - valueCount(base),
    bytes: BODY_BUDGET.bytes - JSON.stringify(base).length,
  };
  const at = Array.from({ length: Math.min(count, shuffled.length) }, () => ({
    bounds: [] as BodyBound[],
    values: 0,
    bytes: 0,
  }));
  shuffled.forEach((bound, n) => {
    const cost = costOf(base, bound);
    if (cost === undefined) return;
    for (let k = 0; k < at.length; k++) {
      const held = at[(n + k) % at.length];
      if (held === undefined || held.bounds.some((other) => other.path.join('/') === bound.path.join('/')))
        continue;
      if (held.values + cost.values > room.values || held.bytes + cost.bytes > room.bytes) continue;
      held.bounds.push(bound);
      held.values += cost.values;
      held.bytes += cost.bytes;
      return;
    }
  });
  const past = bounds.filter((bound) => boundBody(base, { side: 'past', bounds: [bound] }) !== undefined);
  return [
    ...at
      .filter((held) => held.bounds.length > 0)
      .map((held) => ({ side: 'at' as const, bounds: held.bounds })),
    ...past.map((bound) => ({ side: 'past' as const, bounds: [bound] })),
  ];
}

/** Smaller cases to try when a body at its bounds is refused: one bound fewer each. */
export function boundShrinkCandidates(failing: BoundCase): BoundCase[] {
  if (failing.bounds.length <= 1) return [];
  return failing.bounds.map((_, i) => ({ ...failing, bounds: failing.bounds.filter((__, j) => j !== i) }));
}

/** The case in words: `at /data/name maxLength 1024, /data/offering/plans maxItems 100`. */
export function describeBoundCase(boundCase: BoundCase): string {
  const side = boundCase.side === 'at' ? 'at' : 'one past';
  return `create body with ${boundCase.bounds.map(describeBound).join(', ')} ${side} the bound`;
}

/** A write the kit saw succeed: the plan it gave, when it was sent and answered (milliseconds, one clock). */
export interface TimedWrite {
  planId: string | undefined;
  sentAt: number;
  answeredAt: number;
}

/** The answer is timed before its body is read and the watchers run: a gap this short orders nothing. */
const SLACK_MS = 5;

/**
 * The writes that may have been applied last: a write answered before another was sent is followed by it, but
 * writes in flight together may land in any order (the kit's own concurrency check races plan switches), so
 * each of them may be the one a later read shows.
 */
export function possiblyLast<W extends TimedWrite>(writes: readonly W[]): W[] {
  return writes.filter((write) => !writes.some((other) => other.sentAt > write.answeredAt + SLACK_MS));
}

/** The plans a read after these writes may show; undefined when one of the candidates' plans is not known. */
export function plansAfter(writes: readonly TimedWrite[]): Set<string> | undefined {
  const plans = new Set<string>();
  for (const { planId } of possiblyLast(writes)) {
    if (planId === undefined) return undefined;
    plans.add(planId);
  }
  return plans;
}

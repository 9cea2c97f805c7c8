import type { CheckResult, Outcome, Summary } from '../check.js';

export interface FamilyGroup {
  family: string;
  counts: Summary;
  results: CheckResult[];
}

const SEVERITY: Record<Outcome, number> = { failed: 0, warned: 1, passed: 2, skipped: 3 };

/**
 * Results by family, in run order of first appearance; with `failuresFirst`, families holding a failure
 * (then a warning) come first and each family lists failed, warned, passed, skipped.
 */
export function groupByFamily(results: readonly CheckResult[], failuresFirst = false): FamilyGroup[] {
  const groups = new Map<string, FamilyGroup>();
  for (const result of results) {
    const family = result.check.family;
    let group = groups.get(family);
    if (group === undefined) {
      group = { family, counts: { passed: 0, failed: 0, warned: 0, skipped: 0 }, results: [] };
      groups.set(family, group);
    }
    group.counts[result.outcome]++;
    group.results.push(result);
  }
  const list = [...groups.values()];
  if (!failuresFirst) return list;
  for (const group of list) group.results.sort((a, b) => SEVERITY[a.outcome] - SEVERITY[b.outcome]);
  const worst = (group: FamilyGroup) => (group.counts.failed > 0 ? 0 : group.counts.warned > 0 ? 1 : 2);
  return list.sort((a, b) => worst(a) - worst(b));
}

/** A value for a one-line "expected/actual": strings as is, the rest as compact JSON, cut to `max`. */
export function formatValue(value: unknown, max = 300): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

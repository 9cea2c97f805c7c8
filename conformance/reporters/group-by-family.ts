import { OUTCOMES, type CheckResult, type Outcome, type Summary } from '../check.js';

export interface FamilyGroup {
  family: string;
  counts: Summary;
  results: CheckResult[];
}

/** Report order: what needs a person first. */
export const SEVERITY: Record<Outcome, number> = {
  failed: 0,
  warned: 1,
  inconclusive: 2,
  passed: 3,
  skipped: 4,
};

export const emptyCounts = (): Summary =>
  Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Summary;

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
      group = { family, counts: emptyCounts(), results: [] };
      groups.set(family, group);
    }
    group.counts[result.outcome]++;
    group.results.push(result);
  }
  const list = [...groups.values()];
  if (!failuresFirst) return list;
  for (const group of list) group.results.sort((a, b) => SEVERITY[a.outcome] - SEVERITY[b.outcome]);
  const worst = (group: FamilyGroup) =>
    group.counts.failed > 0 ? 0 : group.counts.warned > 0 ? 1 : group.counts.inconclusive > 0 ? 2 : 3;
  return list.sort((a, b) => worst(a) - worst(b));
}

/** A value for a one-line "expected/actual": strings as is, the rest as compact JSON, cut to `max`. */
export function formatValue(value: unknown, max = 300): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The schema errors of a failure in one line each: where, the keyword, the offending key. */
export function schemaLines(
  failure: {
    schemaErrors?: Array<{ instancePath: string; keyword: string; message: string }>;
    schemaErrorCount?: number;
  },
  shown: number,
): string[] {
  const errors = failure.schemaErrors ?? [];
  const lines = errors
    .slice(0, shown)
    .map(
      (error) =>
        `${error.instancePath === '' ? '(root)' : error.instancePath} ${error.keyword}: ${error.message}`,
    );
  const total = failure.schemaErrorCount ?? errors.length;
  if (total > Math.min(shown, errors.length))
    lines.push(`… ${total - Math.min(shown, errors.length)} more schema errors`);
  return lines;
}

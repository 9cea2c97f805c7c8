import { readFile } from 'node:fs/promises';
import type { CheckResult, Failure } from './check.js';

/** A failure as a baseline remembers it: its check and its rule (messages name ids that change per run). */
export function fingerprint(failure: Pick<Failure, 'checkId' | 'rule'>): string {
  return `${failure.checkId} :: ${failure.rule}`;
}

/** A known failure the run no longer shows. */
export interface FixedFailure {
  check: string;
  rule: string;
}

/** The failures of a previous JSON report (`--report json=FILE`) of failed checks: the known debts. */
export async function readBaseline(file: string): Promise<Set<string>> {
  const report = JSON.parse(await readFile(file, 'utf8')) as {
    results?: Array<{ outcome?: string; failures?: Array<{ checkId?: string; rule?: string }> }>;
  };
  if (!Array.isArray(report.results)) throw new Error(`${file} is not a subcat check JSON report`);
  const known = new Set<string>();
  for (const result of report.results) {
    if (result.outcome !== 'failed') continue;
    for (const failure of result.failures ?? []) {
      if (typeof failure.checkId === 'string' && typeof failure.rule === 'string')
        known.add(fingerprint(failure as Failure));
    }
  }
  return known;
}

/** Marks the run's failures the baseline knows; returns the known ones that checks which ran no longer show. */
export function applyBaseline(results: readonly CheckResult[], known: ReadonlySet<string>): FixedFailure[] {
  const seen = new Set<string>();
  const judged = new Set<string>();
  for (const result of results) {
    if (result.outcome !== 'skipped' && result.outcome !== 'inconclusive') judged.add(result.check.id);
    for (const failure of result.failures) {
      const print = fingerprint(failure);
      seen.add(print);
      if (known.has(print)) failure.known = true;
    }
  }
  return [...known]
    .filter((print) => !seen.has(print))
    .map((print) => {
      const [check = '', rule = ''] = print.split(' :: ');
      return { check, rule };
    })
    .filter((fixed) => judged.has(fixed.check));
}

/** Whether a result fails the run: a failed check with a failure the baseline does not know. */
export function failsTheRun(result: CheckResult, strict: boolean): boolean {
  return (
    result.outcome === 'failed' &&
    result.failures.some((failure) => failure.known !== true && (strict || failure.source === 'contract'))
  );
}

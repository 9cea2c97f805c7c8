import { readFile } from 'node:fs/promises';
import type { CheckResult, Failure } from './check.js';

/** What a fingerprint is built from: a failure as the JSON report holds it. */
export type Fingerprinted = Pick<Failure, 'checkId' | 'rule'> &
  Partial<Pick<Failure, 'operation' | 'where' | 'schemaErrors'>>;

/** A JSON pointer with array indices as `*`: /data/3/id and /data/7/id are the same place in a page. */
export function placeOf(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}

/**
 * A failure as a baseline remembers it: its check, its rule, its operation and where it broke (each schema
 * error's pointer and keyword, or the failure's `where`). Messages name ids that change per run: left out.
 * @example fingerprints({ checkId: 'schema.all-responses', rule: 'r', operation: 'listSubscriptions',
 *   schemaErrors: [{ instancePath: '/data/0/id', keyword: 'type', message: '' }] })
 *   // ['schema.all-responses :: r :: listSubscriptions @ /data/*\/id type']
 */
export function fingerprints(failure: Fingerprinted): string[] {
  const base = `${failure.checkId} :: ${failure.rule} :: ${failure.operation ?? ''}`;
  const errors = failure.schemaErrors ?? [];
  const places =
    errors.length > 0
      ? errors.map((error) => `${placeOf(error.instancePath)} ${error.keyword}`)
      : [failure.where ?? ''];
  return [...new Set(places.map((place) => `${base} @ ${place}`))];
}

/** A known failure the run no longer shows, once per fingerprint. */
export interface FixedFailure {
  check: string;
  rule: string;
  /** The operation and the place, as the fingerprint names them. */
  where: string;
  fingerprint: string;
}

/** The failures of a previous JSON report (`--report json=FILE`) of failed or warned checks: the known debts. */
export async function readBaseline(file: string): Promise<Set<string>> {
  const report = JSON.parse(await readFile(file, 'utf8')) as {
    results?: Array<{ outcome?: string; failures?: Array<Partial<Failure>> }>;
  };
  if (!Array.isArray(report.results)) throw new Error(`${file} is not a subcat check JSON report`);
  const known = new Set<string>();
  for (const result of report.results) {
    if (result.outcome !== 'failed' && result.outcome !== 'warned') continue;
    for (const failure of result.failures ?? []) {
      if (typeof failure.checkId === 'string' && typeof failure.rule === 'string') {
        for (const print of fingerprints(failure as Fingerprinted)) known.add(print);
      }
    }
  }
  return known;
}

/**
 * Marks the run's failures whose every fingerprint the baseline knows (a broken rule at a new place is new);
 * returns the known fingerprints that checks which ran no longer show, each once.
 */
export function applyBaseline(results: readonly CheckResult[], known: ReadonlySet<string>): FixedFailure[] {
  const seen = new Set<string>();
  const judged = new Set<string>();
  for (const result of results) {
    if (result.outcome !== 'skipped' && result.outcome !== 'inconclusive') judged.add(result.check.id);
    for (const failure of result.failures) {
      const prints = fingerprints(failure);
      for (const print of prints) seen.add(print);
      if (prints.every((print) => known.has(print))) failure.known = true;
    }
  }
  return [...known]
    .filter((print) => !seen.has(print))
    .map((print) => {
      const [check = '', rule = '', where = ''] = print.split(' :: ');
      return { check, rule, where, fingerprint: print };
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

import type { FixedFailure } from '../baseline.js';
import type { Coverage, RunSummary, TransportNotes, Verdict } from './reporter.js';

/** The verdict a summary carries, or the one its results give (hand-made summaries in tests carry none). */
export function verdictOfSummary(summary: RunSummary): Verdict {
  if (summary.verdict !== undefined) return summary.verdict;
  if (summary.aborted !== undefined) return 'setup';
  const failing = summary.results.some(
    (result) => result.outcome === 'failed' && result.failures.some((failure) => failure.known !== true),
  );
  return failing ? 'failed' : 'passed';
}

export const VERDICT_LABELS: Record<Verdict, string> = {
  passed: 'OK',
  failed: 'FAILED',
  setup: 'SET-UP ERROR',
  incomplete: 'INCOMPLETE',
  cancelled: 'CANCELLED',
};

/** Retries, waits and timeouts in one sentence: a slow or throttled run says why. */
export function transportLine(notes: TransportNotes | undefined): string | undefined {
  if (notes === undefined) return undefined;
  const parts = [
    `${notes.retries} retr${notes.retries === 1 ? 'y' : 'ies'} after no answer`,
    `${notes.waits} Retry-After wait${notes.waits === 1 ? '' : 's'} (${(notes.waitedMs / 1000).toFixed(1)} s)`,
    `${notes.unaffordableWaits} Retry-After not waited for (longer than the run could afford)`,
    `${notes.timeouts} timeout${notes.timeouts === 1 ? '' : 's'}`,
    `${(notes.pacedMs / 1000).toFixed(1)} s paced to --rate`,
  ];
  return `Client: ${parts.join(', ')}`;
}

/** Items of a dimension shown by name; the rest are counted. */
const NAMED = 12;

/** One line per dimension: how much of the contract the run reached, and what it never did. */
export function coverageLines(coverage: Coverage | undefined): string[] {
  if (coverage === undefined) return [];
  return coverage.dimensions.map(({ name, reached, missed }) => {
    const total = reached.length + missed.length;
    const named = missed.slice(0, NAMED).join(', ');
    const more = missed.length > NAMED ? ` and ${missed.length - NAMED} more` : '';
    return `${name}: ${reached.length} of ${total} reached${missed.length === 0 ? '' : `; never reached: ${named}${more}`}`;
  });
}

/** A fixed fingerprint in words: check, rule and where. */
export function fixedText(fixed: FixedFailure): string {
  return `${fixed.check}: ${fixed.rule} (${fixed.where})`;
}

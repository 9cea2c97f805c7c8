import type { Check } from './check.js';

/** A check as the run will treat it: run, or skipped for a reason known before it starts. */
export interface PlannedCheck {
  check: Check;
  skipReason?: string;
}

export interface Selection {
  only: readonly string[];
  skip: readonly string[];
  readOnly: boolean;
}

/**
 * When a check runs: reads first (all at once, on a collection no write of the run has touched yet), then
 * checks that write, then whole-run checks. Checks run concurrently only with others of their phase.
 */
export const PHASES = ['read', 'write', 'final'] as const;
export type Phase = (typeof PHASES)[number];

export function phaseOf(check: Check): Phase {
  if (check.final === true || check.watch !== undefined) return 'final';
  return check.readOnly === false || check.afterReads === true ? 'write' : 'read';
}

/**
 * Whether a check id is named by a selector: the id itself or a prefix ending at a `.` or `-` boundary,
 * so `rejection`, `rejection.create` and `rejection.create-name-length` all select that check.
 */
export function selects(selector: string, checkId: string): boolean {
  if (checkId === selector) return true;
  if (!checkId.startsWith(selector)) return false;
  const next = checkId[selector.length];
  return next === '.' || next === '-' || selector.endsWith('.') || selector.endsWith('-');
}

/** Selectors that name no check: a typo in --only/--skip is a usage error, not a silently empty run. */
export function unknownSelectors(checks: readonly Check[], selectors: readonly string[]): string[] {
  return selectors.filter((selector) => !checks.some((check) => selects(selector, check.id)));
}

/** The deterministic order of a run: by phase, registry order within a phase; skips decided up front. */
export function planChecks(checks: readonly Check[], selection: Selection): PlannedCheck[] {
  const ordered = PHASES.flatMap((phase) => checks.filter((check) => phaseOf(check) === phase));
  return ordered.map((check) => {
    if (selection.only.length > 0 && !selection.only.some((selector) => selects(selector, check.id))) {
      return { check, skipReason: 'not selected by --only' };
    }
    if (selection.skip.some((selector) => selects(selector, check.id))) {
      return { check, skipReason: 'left out by --skip' };
    }
    if (selection.readOnly && check.readOnly === false)
      return { check, skipReason: '--read-only: this check writes' };
    return { check };
  });
}

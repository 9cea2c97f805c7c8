import type { CheckResult, Summary } from '../check.js';
import type { FixedFailure } from '../baseline.js';
import type { PlannedCheck } from '../plan.js';

/** What a run is about to do. */
export interface RunPlan {
  baseUrl: string;
  seed: number;
  strict: boolean;
  readOnly: boolean;
  checks: PlannedCheck[];
  /** Checks of a phase run at once. */
  concurrency?: number;
  /** The whole run's time limit, when one was given. */
  deadlineMs?: number;
  /** The --baseline report the run is compared with. */
  baseline?: string;
}

/** How a run ended. */
export interface RunSummary {
  plan: RunPlan;
  counts: Summary;
  /** In run order. */
  results: CheckResult[];
  /** Requests sent during the run. */
  requests: number;
  ms: number;
  /** Why the run stopped before any check (exit 2): the server cannot be reached, a bad --baseline... */
  aborted?: string;
  /** Failures of the --baseline that checks which ran no longer show. */
  fixed?: FixedFailure[];
}

/** Reporters only format: the runner calls start once, onResult per check in run order, finish once. */
export interface Reporter {
  start(plan: RunPlan): void;
  onResult(result: CheckResult): void;
  finish(summary: RunSummary): void | Promise<void>;
}

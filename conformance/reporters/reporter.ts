import type { CheckResult, Summary } from '../check.js';
import type { PlannedCheck } from '../plan.js';

/** What a run is about to do. */
export interface RunPlan {
  baseUrl: string;
  seed: number;
  strict: boolean;
  readOnly: boolean;
  checks: PlannedCheck[];
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
}

/** Reporters only format: the runner calls start once, onResult per check in run order, finish once. */
export interface Reporter {
  start(plan: RunPlan): void;
  onResult(result: CheckResult): void;
  finish(summary: RunSummary): void | Promise<void>;
}

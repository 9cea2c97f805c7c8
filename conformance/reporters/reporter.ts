import type { CheckResult, Summary } from '../check.js';
import type { TransportNotes } from '../client.js';
import type { FixedFailure } from '../baseline.js';
import type { PlannedCheck } from '../plan.js';

export type { TransportNotes };

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
  /** True when no --deadline was given and the deadline is the kit's default bound. */
  defaultDeadline?: boolean;
  /** --allow-inconclusive as given (`3`, `5%`). */
  allowInconclusive?: string;
}

/**
 * How the run as a whole ended, and its exit code: passed 0, failed 1 (a check failed on a rule the baseline does
 * not know), setup 2 (usage, unreachable server, refused credentials), incomplete 3 (more inconclusive checks than
 * --allow-inconclusive), cancelled 130 (SIGINT) or 143 (SIGTERM).
 */
export type Verdict = 'passed' | 'failed' | 'setup' | 'incomplete' | 'cancelled';

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
  /** Set by the runner before the reporters finish; absent only in hand-made summaries (read as passed/failed). */
  verdict?: Verdict;
  /** Why the verdict is what it is, in one sentence (incomplete, cancelled, setup). */
  verdictReason?: string;
  /** The signal that cancelled the run. */
  cancelledBy?: 'SIGINT' | 'SIGTERM';
  transport?: TransportNotes;
  coverage?: Coverage;
}

/** What the run exercised of the contract, and what the contract has that it never reached. */
export interface Coverage {
  /** Each dimension: the items the run reached and the ones it never did. */
  dimensions: Array<{ name: string; reached: string[]; missed: string[] }>;
}

/** Reporters only format: the runner calls start once, onResult per check in run order, finish once. */
export interface Reporter {
  start(plan: RunPlan): void;
  onResult(result: CheckResult): void;
  finish(summary: RunSummary): void | Promise<void>;
}

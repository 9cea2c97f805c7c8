import type { CaseKind, StoreSize } from './bench-cases.js';
import type { LoadResult } from './load-run.js';

/** One case on one store size: the mock, the ceiling replaying the mock's bytes, and Prism. */
export interface CaseResult {
  id: string;
  title: string;
  kind: CaseKind;
  filtered: boolean;
  store: StoreSize;
  subcat: LoadResult | null;
  ceiling: LoadResult | null;
  /** Prism answers from the spec's examples whatever the store holds: measured once per case, shown on both sizes. */
  prism: LoadResult | null;
  /** Size of one response body: the mock's real page against Prism's static example. */
  bodyBytes: { subcat: number | null; prism: number | null };
  /** Why a column is empty (n/a, an error), in words. */
  notes: string[];
}

export interface StoreStartup {
  store: StoreSize;
  subscriptions: number;
  products: number;
  /** Spawn to listening, seeding included: the median of the samples. */
  startupMs: number;
  startupSamplesMs: number[];
  /** After seeding, when it listens. */
  rssMb: number | null;
  peakRssMb: number | null;
}

export interface CheckRun {
  durationMs: number;
  exitCode: number | null;
  /** The last lines the kit printed (its summary), or the error. */
  summary: string;
}

export type Verdict = 'PASS' | 'MISS' | 'n/a';

export interface TargetVerdict {
  target: string;
  subject: string;
  actual: string;
  verdict: Verdict;
  /**
   * The same target held against the ceiling (a bare node:http server sending the same bytes to the same
   * load generator): what this machine allows at all. Absent for targets with no ceiling (start-up, RSS,
   * the kit's run) and for the share of the ceiling itself.
   */
  ceiling?: { actual: string; verdict: Verdict };
}

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  platform: string;
  /** 1-minute load average before and after the run: other work on the machine skews every figure. */
  loadAverage: { before: number; after: number };
}

export interface BenchResults {
  date: string;
  machine: Machine;
  settings: { duration: number; warmup: number; rounds: number; connections: number };
  stores: StoreStartup[];
  check: CheckRun | null;
  cases: CaseResult[];
  targets: TargetVerdict[];
}

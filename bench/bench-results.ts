import type { CaseKind, StoreSize } from './bench-cases.js';
import type { Measurement } from './measurement.js';
import type { BuildLabel, ProbeResult } from './probes/probe.js';

/**
 * The servers of a case: this checkout's mock, the bare node:http ceiling replaying its bytes, the mock built
 * from `--before REF`, and Prism's mock of the same spec.
 */
export const SERVER_ROLES = ['subcat', 'ceiling', 'before', 'prism'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

/** One case on one store size. */
export interface CaseResult {
  id: string;
  title: string;
  kind: CaseKind;
  filtered: boolean;
  store: StoreSize;
  /** Per server that took part: its median round, or null when it failed (a note says why). */
  measurements: Partial<Record<ServerRole, Measurement | null>>;
  /** One response body per server, in bytes (the ceiling sends subcat's). */
  bodyBytes: Partial<Record<ServerRole, number>>;
  /** Why a figure is missing, errors met, bodies that differ: in words. */
  notes: string[];
}

export interface StoreStartup {
  build: BuildLabel;
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

export type Verdict = 'PASS' | 'MISS' | 'n/a';

export interface TargetVerdict {
  target: string;
  subject: string;
  actual: string;
  verdict: Verdict;
}

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  platform: string;
  /** 1-minute load average before and after the run: other work on the machine skews every figure. */
  loadAverage: { before: number; after: number };
}

export interface BenchSettings {
  rounds: number;
  /** Seconds of unmeasured load before every measured run. */
  warmup: number;
  /** Server CPU each measured run aims at; its number of requests is set from a calibration run. */
  cpuSeconds: number;
  connections: number;
  /** The unit of /proc's CPU times: one tick is 1000 / ticksPerSecond ms. */
  ticksPerSecond: number;
}

export interface BenchResults {
  date: string;
  /** How the run was started, e.g. `npm run bench -- --quick --before main`. */
  command: string;
  machine: Machine;
  settings: BenchSettings;
  builds: { label: BuildLabel; title: string }[];
  stores: StoreStartup[];
  cases: CaseResult[];
  probes: ProbeResult[];
  targets: TargetVerdict[];
}

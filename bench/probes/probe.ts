import type { LoadRequest } from '../load-run.js';
import type { Measurement } from '../measurement.js';
import type { Memory } from '../proc-readings.js';

/** Which build a figure belongs to: this checkout, or the one `--before REF` built. */
export type BuildLabel = 'subcat' | 'before';

/** A built copy of the package whose mock the bench can start. */
export interface Build {
  label: BuildLabel;
  /** How results.md names it, e.g. `this checkout (a1b2c3d)`. */
  title: string;
  /** Package root: `dist/src/cli.js` and `dist/src/index.js` live under it. */
  root: string;
  /** Added to its mock's arguments for the store cases (not the probes), e.g. `--journal-size 0`. */
  mockArgs?: readonly string[];
}

/** A server child process the bench started. */
export interface BenchServer {
  name: string;
  pid: number;
  /** Origin, e.g. `http://127.0.0.1:40123`. */
  baseUrl: string;
  /** Spawn to ready, in ms. */
  startupMs: number;
  stop(): Promise<void>;
}

export interface NodeRun {
  exitCode: number | null;
  durationMs: number;
  /** Everything written to stdout. */
  stdout: string;
  /** The tail of stderr, for error messages. */
  stderr: string;
}

/** What a probe may use; everything it starts through here is also stopped at the end of the run. */
export interface ProbeContext {
  /** This checkout first, then the `--before` build when given: a probe may alternate between them. */
  builds: readonly Build[];
  /** `--quick`: take fewer samples. */
  quick: boolean;
  log(line: string): void;
  /** `subcat mock` of a build in its own process on a free loopback port, silent, with these extra arguments. */
  startMock(build: Build, args: readonly string[]): Promise<BenchServer>;
  /** A fixed number of requests against a server, with its CPU read from /proc around them. */
  measure(server: BenchServer, requests: readonly LoadRequest[], amount: number): Promise<Measurement>;
  memory(pid: number): Memory | undefined;
  /** `node ...args` in `cwd` to its exit (killed after `timeoutMs`). */
  runNode(args: readonly string[], cwd: string, timeoutMs: number): Promise<NodeRun>;
}

/** A bound a row is held to; only the checkout's rows are judged, the before build's are context. */
export interface ProbeTarget {
  atMost?: number;
  atLeast?: number;
}

export interface ProbeRow {
  /** What was measured, in words, e.g. `cold start: import and first start to first answer`. */
  measure: string;
  build: BuildLabel;
  /** The figure (a median when there are samples); null when it could not be taken (the note says why). */
  value: number | null;
  /** e.g. `ms`, `MB`, `µs/request`. */
  unit: string;
  samples?: number[];
  target?: ProbeTarget;
  note?: string;
}

/** A measurement beside the case tables; add one as a file in bench/probes/ and a line in probes/index.ts. */
export interface Probe {
  /** Kebab-case; `--only` selects probes by id or prefix as it does cases. */
  id: string;
  title: string;
  run(ctx: ProbeContext): Promise<ProbeRow[]>;
}

/** A probe's rows, or the error it ended on (a failing probe never ends the bench). */
export interface ProbeResult {
  id: string;
  title: string;
  rows: ProbeRow[];
  error?: string;
}

/** The median of samples (the mean of the two middle ones of an even count); null when there are none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

import { parseArgs } from 'node:util';

/** How one benchmark run is configured: flags win over environment variables, which win over defaults. */
export interface BenchOptions {
  /** Server CPU each measured run aims at, in seconds: enough clock ticks that their resolution is noise. */
  cpuSeconds: number;
  /** Unmeasured seconds before each measured run (JIT, caches, keep-alive sockets). */
  warmup: number;
  /**
   * Measured runs per case and server, alternating servers within each round; the round with the median
   * CPU per request is reported. On a shared machine one run can catch a neighbour's burst; the median of three can't.
   */
  rounds: number;
  connections: number;
  /** Start-ups timed per store size and build (the median is reported). */
  startupRuns: number;
  /** Fewer rounds, start-ups and probe samples. */
  quick: boolean;
  /** Case and probe ids (or prefixes) to run; empty runs all. */
  only: string[];
  /** A git ref to build into a temporary worktree and measure beside this checkout; null for none. */
  before: string | null;
  /** Added to this checkout's mock's arguments in the store cases, e.g. `--journal-size 0`. */
  mockArgs: readonly string[];
  prism: boolean;
  probes: boolean;
  /** Write bench/results.md and bench/results.json. */
  write: boolean;
}

export const DEFAULT_BENCH_OPTIONS: Readonly<BenchOptions> = Object.freeze({
  cpuSeconds: 2,
  warmup: 0.5,
  rounds: 3,
  connections: 50,
  startupRuns: 3,
  quick: false,
  only: [],
  before: null,
  mockArgs: [],
  prism: true,
  probes: true,
  write: true,
});

/** `--quick`: a trend in a few minutes, not the figures to quote. */
const QUICK = { rounds: 1, startupRuns: 1, quick: true } as const;

export const BENCH_USAGE = `Usage: npm run bench -- [options]

Measures the subcat mock's server CPU per request beside a bare node:http server replaying the same bytes
(the ceiling), Prism's mock, and optionally the mock built from another commit; then runs the probes.
Writes bench/results.md and bench/results.json.

Options:
  --before REF      also build REF (a commit, branch or tag) into a temporary git worktree and measure its mock
                    in the same rounds; the worktree is removed afterwards
  --mock-args ARGS  add these arguments (split at spaces) to this checkout's mock in the store cases, not in
                    the probes nor the before build's: --before HEAD --mock-args='--journal-size 0' measures
                    what the journal costs on every case
  --cpu-seconds S   server CPU each measured run aims at (default 2; env BENCH_CPU_SECONDS)
  --warmup S        warm-up seconds before each measured run (default 0.5; env BENCH_WARMUP)
  --rounds N        measured runs per case and server, each on new processes of the mocks and the
                    ceiling, the servers of a round loaded together; the round with the median CPU per
                    request is reported (default 3; env BENCH_ROUNDS)
  --connections N   concurrent connections (default 50; env BENCH_CONNECTIONS)
  --startup-runs N  start-ups timed per store size and build, median reported (default 3)
  --quick           --rounds 1 --startup-runs 1 and fewer probe samples, unless given (env BENCH_QUICK=1)
  --only IDS        comma-separated case or probe ids or prefixes, e.g. list-subscriptions,start-mock
  --no-prism        leave Prism out
  --no-probes       run no probe
  --no-write        print only; do not write bench/results.*
  -h, --help        show this text
`;

export type BenchArgs =
  { kind: 'run'; options: BenchOptions } | { kind: 'help' } | { kind: 'error'; problems: string[] };

type NumberKey = 'cpuSeconds' | 'warmup' | 'rounds' | 'connections' | 'startupRuns';
interface NumberFlag {
  key: NumberKey;
  env: string;
  min: number;
  max: number;
  /** Counts: 2.5 rounds or connections mean nothing. */
  integer?: true;
}
const NUMBER_FLAGS: Readonly<Record<string, NumberFlag>> = {
  'cpu-seconds': { key: 'cpuSeconds', env: 'BENCH_CPU_SECONDS', min: 0.1, max: 60 },
  // A warm-up also calibrates the number of requests, so it cannot be empty.
  warmup: { key: 'warmup', env: 'BENCH_WARMUP', min: 0.2, max: 60 },
  rounds: { key: 'rounds', env: 'BENCH_ROUNDS', min: 1, max: 20, integer: true },
  connections: { key: 'connections', env: 'BENCH_CONNECTIONS', min: 1, max: 1000, integer: true },
  'startup-runs': { key: 'startupRuns', env: 'BENCH_STARTUP_RUNS', min: 1, max: 20, integer: true },
};

function numberOrProblem(name: string, raw: string, flag: NumberFlag): string | number {
  const value = Number(raw);
  const { min, max, integer } = flag;
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max)
    return `${name} must be a ${integer ? 'whole number' : 'number'} from ${min} to ${max}, got ${raw}`;
  if (integer && !Number.isInteger(value)) return `${name} must be a whole number, got ${raw}`;
  return value;
}

function parseFlags(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      ...Object.fromEntries(Object.keys(NUMBER_FLAGS).map((name) => [name, { type: 'string' as const }])),
      only: { type: 'string' },
      before: { type: 'string' },
      'mock-args': { type: 'string' },
      quick: { type: 'boolean' },
      'no-prism': { type: 'boolean' },
      'no-probes': { type: 'boolean' },
      'no-write': { type: 'boolean' },
    },
  }).values as Record<string, string | boolean | undefined>;
}

/** Parses `npm run bench` arguments and BENCH_* variables; pure, so it is table-tested. */
export function parseBenchArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): BenchArgs {
  if (argv.includes('-h') || argv.includes('--help')) return { kind: 'help' };
  let flags: Record<string, string | boolean | undefined>;
  try {
    flags = parseFlags(argv);
  } catch (error) {
    return { kind: 'error', problems: [(error as Error).message] };
  }
  const problems: string[] = [];
  const given: Partial<BenchOptions> = {};
  for (const [name, spec] of Object.entries(NUMBER_FLAGS)) {
    const fromFlag = flags[name];
    const fromEnv = env[spec.env];
    const [label, raw] =
      typeof fromFlag === 'string'
        ? [`--${name}`, fromFlag]
        : [spec.env, fromEnv === '' ? undefined : fromEnv];
    if (raw === undefined) continue;
    const parsed = numberOrProblem(label, raw, spec);
    if (typeof parsed === 'string') problems.push(parsed);
    else given[spec.key] = parsed;
  }
  const { only, before } = flags;
  if (typeof only === 'string')
    given.only = only
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
  if (typeof before === 'string') {
    // A leading dash would reach git as an option.
    if (before.trim() === '' || before.trim().startsWith('-'))
      problems.push(`--before needs a git ref, e.g. --before main, got ${JSON.stringify(before)}`);
    else given.before = before.trim();
  }
  const mockArgs = flags['mock-args'];
  if (typeof mockArgs === 'string') {
    const args = mockArgs.split(/\s+/).filter((arg) => arg !== '');
    // The bench sets these itself: a store or port of the caller's would be measured under the bench's name.
    const taken = args.filter((arg) => /^--(subscriptions|products|port|host)(=|$)/.test(arg));
    if (taken.length > 0) problems.push(`--mock-args must not set ${taken.join(', ')}: the bench sets it`);
    else given.mockArgs = args;
  }
  if (flags['no-prism'] === true) given.prism = false;
  if (flags['no-probes'] === true) given.probes = false;
  if (flags['no-write'] === true) given.write = false;

  if (problems.length > 0) return { kind: 'error', problems };
  const quick = flags['quick'] === true || env['BENCH_QUICK'] === '1' || env['BENCH_QUICK'] === 'true';
  const base: BenchOptions = quick ? { ...DEFAULT_BENCH_OPTIONS, ...QUICK } : { ...DEFAULT_BENCH_OPTIONS };
  return { kind: 'run', options: { ...base, ...given } };
}

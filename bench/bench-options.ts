/** How one benchmark run is configured: flags win over environment variables, which win over defaults. */
export interface BenchOptions {
  /** Measured seconds per round, case and server. */
  duration: number;
  /** Unmeasured seconds before each measured run (JIT, caches, keep-alive sockets). */
  warmup: number;
  /**
   * Measured runs per case and server, alternating servers within each round; the round with the median
   * req/s is reported. On a shared machine one run can catch a neighbour's burst; the median of three can't.
   */
  rounds: number;
  connections: number;
  /** Start-ups timed per store size (the median is reported: one start-up is at the mercy of the machine). */
  startupRuns: number;
  /** Case ids (or prefixes) to run; empty runs every case. */
  only: string[];
  prism: boolean;
  /** Run `subcat check` against the local mock and time it. */
  check: boolean;
  /** Write bench/results.md, bench/results.json and the README table. */
  write: boolean;
}

export const DEFAULT_BENCH_OPTIONS: Readonly<BenchOptions> = Object.freeze({
  duration: 2,
  warmup: 0.5,
  rounds: 3,
  connections: 50,
  startupRuns: 3,
  only: [],
  prism: true,
  check: true,
  write: true,
});

/** `--quick`: enough for a trend on a laptop, not for the README. */
const QUICK = { duration: 2, warmup: 0.5, rounds: 1, startupRuns: 1 } as const;

export const BENCH_USAGE = `Usage: npm run bench -- [options]

Benchmarks the subcat mock beside Prism's mock and a bare node:http server (the ceiling).

Options:
  --duration S      measured seconds per round, case and server (default 2; env BENCH_DURATION)
  --warmup S        warm-up seconds before each measured run (default 0.5; env BENCH_WARMUP)
  --rounds N        measured runs per case and server, servers alternating within each round;
                    the round with the median req/s is reported (default 3; env BENCH_ROUNDS)
  --connections N   concurrent connections (default 50; env BENCH_CONNECTIONS)
  --startup-runs N  start-ups timed per store size, median reported (default 3)
  --quick           --rounds 1 --startup-runs 1 unless given (env BENCH_QUICK=1)
  --only IDS        comma-separated case ids or prefixes, e.g. list-subscriptions,node-products-de
  --no-prism        leave Prism out
  --no-check        do not time \`subcat check\`
  --no-write        print only; do not write bench/results.* or README.md
  -h, --help        show this text
`;

export type BenchArgs =
  { kind: 'run'; options: BenchOptions } | { kind: 'help' } | { kind: 'error'; problems: string[] };

type NumberKey = 'duration' | 'warmup' | 'rounds' | 'connections' | 'startupRuns';
interface NumberFlag {
  key: NumberKey;
  env: string;
  min: number;
  max: number;
  /** Counts: 2.5 rounds or connections mean nothing. */
  integer?: true;
}
const NUMBER_FLAGS: Readonly<Record<string, NumberFlag>> = {
  '--duration': { key: 'duration', env: 'BENCH_DURATION', min: 0.5, max: 600 },
  '--warmup': { key: 'warmup', env: 'BENCH_WARMUP', min: 0, max: 600 },
  '--rounds': { key: 'rounds', env: 'BENCH_ROUNDS', min: 1, max: 20, integer: true },
  '--connections': { key: 'connections', env: 'BENCH_CONNECTIONS', min: 1, max: 1000, integer: true },
  '--startup-runs': { key: 'startupRuns', env: 'BENCH_STARTUP_RUNS', min: 1, max: 20, integer: true },
};
const SWITCHES: Readonly<Record<string, { key: 'prism' | 'check' | 'write'; value: boolean }>> = {
  '--no-prism': { key: 'prism', value: false },
  '--no-check': { key: 'check', value: false },
  '--no-write': { key: 'write', value: false },
};

function numberProblem(name: string, raw: string, flag: NumberFlag): string | number {
  const value = Number(raw);
  const { min, max, integer } = flag;
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max)
    return `${name} must be a ${integer ? 'whole number' : 'number'} from ${min} to ${max}, got ${raw}`;
  if (integer && !Number.isInteger(value)) return `${name} must be a whole number, got ${raw}`;
  return value;
}

/** Parses `npm run bench` arguments and BENCH_* variables; pure, so it is table-tested. */
export function parseBenchArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): BenchArgs {
  const problems: string[] = [];
  const given: Partial<BenchOptions> = {};
  let quick = env['BENCH_QUICK'] === '1' || env['BENCH_QUICK'] === 'true';

  for (const spec of Object.values(NUMBER_FLAGS)) {
    const raw = env[spec.env];
    if (raw === undefined || raw === '') continue;
    const parsed = numberProblem(spec.env, raw, spec);
    if (typeof parsed === 'string') problems.push(parsed);
    else given[spec.key] = parsed;
  }

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--quick') {
      quick = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const toggle = SWITCHES[name];
    if (toggle !== undefined) {
      given[toggle.key] = toggle.value;
      continue;
    }
    const numeric = NUMBER_FLAGS[name];
    if (numeric === undefined && name !== '--only') {
      problems.push(`unknown option ${name}`);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith('--'))) {
      problems.push(`${name} needs a value`);
      if (value !== undefined) i--;
      continue;
    }
    if (numeric === undefined) {
      given.only = value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '');
      continue;
    }
    const parsed = numberProblem(name, value, numeric);
    if (typeof parsed === 'string') problems.push(parsed);
    else given[numeric.key] = parsed;
  }

  if (problems.length > 0) return { kind: 'error', problems };
  const base: BenchOptions = quick ? { ...DEFAULT_BENCH_OPTIONS, ...QUICK } : { ...DEFAULT_BENCH_OPTIONS };
  return { kind: 'run', options: { ...base, ...given } };
}

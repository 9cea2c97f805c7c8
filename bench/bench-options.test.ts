import { describe, expect, it } from 'vitest';
import { DEFAULT_BENCH_OPTIONS, parseBenchArgs, type BenchOptions } from './bench-options.js';

const accepted: {
  name: string;
  argv: string[];
  env?: Record<string, string>;
  options: Partial<BenchOptions>;
}[] = [
  { name: 'no arguments give the defaults', argv: [], options: {} },
  {
    name: 'flags set the CPU aim, warm-up and connections',
    argv: ['--cpu-seconds', '3', '--warmup=0.2', '--connections', '10'],
    options: { cpuSeconds: 3, warmup: 0.2, connections: 10 },
  },
  {
    name: 'quick runs one round, one start-up and fewer probe samples',
    argv: ['--quick'],
    options: { rounds: 1, startupRuns: 1, quick: true },
  },
  { name: 'start-up runs are counted', argv: ['--startup-runs', '5'], options: { startupRuns: 5 } },
  { name: 'rounds are counted', argv: ['--rounds=5'], options: { rounds: 5 } },
  {
    name: 'explicit rounds win over quick',
    argv: ['--rounds', '2', '--quick'],
    options: { rounds: 2, startupRuns: 1, quick: true },
  },
  {
    name: 'environment variables set the numbers',
    argv: [],
    env: { BENCH_CPU_SECONDS: '4', BENCH_CONNECTIONS: '20' },
    options: { cpuSeconds: 4, connections: 20 },
  },
  {
    name: 'a flag wins over its environment variable',
    argv: ['--cpu-seconds', '2.5'],
    env: { BENCH_CPU_SECONDS: '9' },
    options: { cpuSeconds: 2.5 },
  },
  {
    name: 'BENCH_QUICK=1 means quick',
    argv: [],
    env: { BENCH_QUICK: '1' },
    options: { rounds: 1, startupRuns: 1, quick: true },
  },
  {
    name: 'only lists case and probe ids',
    argv: ['--only', 'list-subscriptions, start-mock'],
    options: { only: ['list-subscriptions', 'start-mock'] },
  },
  { name: 'before names a git ref', argv: ['--before', '0433027'], options: { before: '0433027' } },
  { name: 'before takes the = form too', argv: ['--before=HEAD~3'], options: { before: 'HEAD~3' } },
  {
    name: 'mock args are split at spaces',
    argv: ['--mock-args', ' --journal-size  0 '],
    options: { mockArgs: ['--journal-size', '0'] },
  },
  {
    name: 'mock args are split at any white space',
    argv: ['--mock-args=--journal-size\t0'],
    options: { mockArgs: ['--journal-size', '0'] },
  },
  {
    name: 'mock args that start with a dash take the = form',
    argv: ['--mock-args=--journal-size 0'],
    options: { mockArgs: ['--journal-size', '0'] },
  },
  {
    name: 'switches turn Prism, the probes and writing off',
    argv: ['--no-prism', '--no-probes', '--no-write'],
    options: { prism: false, probes: false, write: false },
  },
];

const rejected: { name: string; argv: string[]; env?: Record<string, string>; problem: string }[] = [
  { name: 'an unknown option is named', argv: ['--duration', '3'], problem: "Unknown option '--duration'" },
  { name: 'a stray word is refused', argv: ['quick'], problem: "Unexpected argument 'quick'" },
  {
    name: 'a CPU aim that is not a number is rejected',
    argv: ['--cpu-seconds', 'two'],
    problem: '--cpu-seconds must be a number from 0.1 to 60, got two',
  },
  {
    name: 'zero connections are rejected',
    argv: ['--connections', '0'],
    problem: '--connections must be a whole number from 1',
  },
  { name: 'half a round is rejected', argv: ['--rounds', '1.5'], problem: '--rounds must be a whole number' },
  {
    name: 'no warm-up is rejected: it also calibrates',
    argv: ['--warmup', '0'],
    problem: '--warmup must be a number from 0.2',
  },
  {
    name: 'BENCH_ROUNDS is checked too',
    argv: [],
    env: { BENCH_ROUNDS: '0' },
    problem: 'BENCH_ROUNDS must be',
  },
  {
    name: 'a flag without its value is rejected',
    argv: ['--rounds'],
    problem: "Option '--rounds <value>' argument missing",
  },
  {
    name: 'a flag followed by another flag has no value',
    argv: ['--warmup', '--quick'],
    problem: "Option '--warmup' argument is ambiguous",
  },
  { name: 'an empty before is rejected', argv: ['--before='], problem: '--before needs a git ref' },
  {
    name: 'mock args that set the store are rejected',
    argv: ['--mock-args=--journal-size 0 --subscriptions 10'],
    problem: '--mock-args must not set --subscriptions',
  },
  {
    name: 'a before ref git would read as an option is rejected',
    argv: ['--before=-p'],
    problem: '--before needs a git ref',
  },
  {
    name: 'a switch takes no value',
    argv: ['--no-prism=1'],
    problem: "Option '--no-prism' does not take an argument",
  },
];

describe('parseBenchArgs', () => {
  it.each(accepted)('$name', ({ argv, env, options }) => {
    expect(parseBenchArgs(argv, env ?? {})).toEqual({
      kind: 'run',
      options: { ...DEFAULT_BENCH_OPTIONS, ...options },
    });
  });

  it.each(rejected)('$name', ({ argv, env, problem }) => {
    const parsed = parseBenchArgs(argv, env ?? {});
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' ? parsed.problems.join('\n') : '').toContain(problem);
  });

  it('help wins over everything else', () => {
    expect(parseBenchArgs(['--rounds', 'x', '--help'], {})).toEqual({ kind: 'help' });
  });
});

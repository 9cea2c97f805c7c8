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
    name: 'flags set duration, warm-up and connections',
    argv: ['--duration', '3', '--warmup=0', '--connections', '10'],
    options: { duration: 3, warmup: 0, connections: 10 },
  },
  {
    name: 'quick runs one round and one start-up',
    argv: ['--quick'],
    options: { rounds: 1, startupRuns: 1 },
  },
  { name: 'start-up runs are counted', argv: ['--startup-runs', '5'], options: { startupRuns: 5 } },
  { name: 'rounds are counted', argv: ['--rounds=5'], options: { rounds: 5 } },
  {
    name: 'explicit rounds win over quick',
    argv: ['--rounds', '2', '--quick'],
    options: { rounds: 2, startupRuns: 1 },
  },
  {
    name: 'environment variables set the numbers',
    argv: [],
    env: { BENCH_DURATION: '7', BENCH_CONNECTIONS: '20' },
    options: { duration: 7, connections: 20 },
  },
  {
    name: 'a flag wins over its environment variable',
    argv: ['--duration', '2'],
    env: { BENCH_DURATION: '9' },
    options: { duration: 2 },
  },
  {
    name: 'BENCH_QUICK=1 means quick',
    argv: [],
    env: { BENCH_QUICK: '1' },
    options: { rounds: 1, startupRuns: 1 },
  },
  {
    name: 'only lists case ids',
    argv: ['--only', 'list-subscriptions, node-products-de'],
    options: { only: ['list-subscriptions', 'node-products-de'] },
  },
  {
    name: 'switches turn Prism, the check and writing off',
    argv: ['--no-prism', '--no-check', '--no-write'],
    options: { prism: false, check: false, write: false },
  },
];

const rejected: { name: string; argv: string[]; env?: Record<string, string>; problem: string }[] = [
  { name: 'an unknown option is named', argv: ['--durations', '3'], problem: 'unknown option --durations' },
  {
    name: 'a duration that is not a number is rejected',
    argv: ['--duration', 'five'],
    problem: '--duration must be a number',
  },
  {
    name: 'zero connections are rejected',
    argv: ['--connections', '0'],
    problem: '--connections must be a whole number from 1',
  },
  { name: 'half a round is rejected', argv: ['--rounds', '1.5'], problem: '--rounds must be a whole number' },
  {
    name: 'BENCH_ROUNDS is checked too',
    argv: [],
    env: { BENCH_ROUNDS: '0' },
    problem: 'BENCH_ROUNDS must be',
  },
  { name: 'a flag without its value is rejected', argv: ['--duration'], problem: '--duration needs a value' },
  {
    name: 'a flag followed by another flag has no value',
    argv: ['--warmup', '--quick'],
    problem: '--warmup needs a value',
  },
  {
    name: 'a bad environment variable is named',
    argv: [],
    env: { BENCH_WARMUP: '-1' },
    problem: 'BENCH_WARMUP must be a number',
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
    expect(parseBenchArgs(['--duration', 'x', '--help'], {})).toEqual({ kind: 'help' });
  });
});

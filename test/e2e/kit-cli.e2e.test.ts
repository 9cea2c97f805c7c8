import { describe, expect, it } from 'vitest';
import { runKit } from '../support/run-kit.js';
import { CORE_FAMILIES, idArgs, startFake, stopFake } from '../support/start-fake.js';

// The command line: --strict, --seed, --read-only, usage errors and reachability, and their exit codes.
// A case that needs a fake wants its own mode or a fresh request log, so it starts and stops its own.

describe('subcat check conventions and determinism', () => {
  it('warns on 200 instead of 201 for create, and fails it only with --strict', async () => {
    const fake = await startFake('create-200');
    try {
      // The fake keeps no data for some checks to judge: those are inconclusive, allowed here.
      const allow = ['--allow-inconclusive', '100%'];
      const lenient = await runKit(['--base-url', fake.base, ...idArgs, '--only', 'status,schema', ...allow]);
      expect(lenient.stdout).toContain('! status.create-subscription');
      expect(lenient.code).toBe(0);
      const strict = await runKit([
        '--base-url',
        fake.base,
        ...idArgs,
        '--only',
        'status,schema',
        '--strict',
        ...allow,
      ]);
      expect(strict.stdout).toContain('✗ status.create-subscription');
      expect(strict.code).toBe(1);
    } finally {
      await stopFake(fake);
    }
  });

  it('sends the same requests for the same seed, and reports in the same order, whatever --concurrency', async () => {
    const logs: string[][] = [];
    const orders: string[] = [];
    for (const concurrency of ['8', '8', '1']) {
      const fake = await startFake('good');
      try {
        const run = await runKit([
          '--base-url',
          fake.base,
          ...idArgs,
          '--seed',
          '99',
          ...CORE_FAMILIES,
          '--concurrency',
          concurrency,
        ]);
        // Concurrent checks interleave on the wire: the same requests, not the same order.
        logs.push(fake.log.slice(1).sort()); // the first request is the reachability probe
        orders.push(
          run.stdout
            .split('\n')
            .filter((line) => /^ {2}[✓✗!?-] /.test(line))
            .map((line) => line.split('  ')[1])
            .join(','),
        );
      } finally {
        await stopFake(fake);
      }
    }
    expect(logs[0]?.length).toBeGreaterThan(50);
    expect(logs[1]).toEqual(logs[0]);
    expect(logs[2]).toEqual(logs[0]);
    expect(orders[0]?.split(',').length).toBeGreaterThan(30);
    expect(new Set(orders).size).toBe(1);
  });

  it('honours --read-only: nothing is written', async () => {
    const fake = await startFake('good');
    try {
      const run = await runKit([
        '--base-url',
        fake.base,
        ...idArgs,
        ...CORE_FAMILIES,
        '--read-only',
        '--seed',
        '11',
      ]);
      expect(run.code).toBe(0);
      expect(fake.log.filter((line) => !line.startsWith('GET '))).toEqual([]);
      expect(run.stdout).toContain('- rejection.create-missing-required  --read-only: this check writes');
    } finally {
      await stopFake(fake);
    }
  });
});

describe('subcat check usage and reachability', () => {
  it('exits 2 with one clear line when nothing listens', async () => {
    const fake = await startFake('good');
    const base = fake.base;
    await stopFake(fake);
    const run = await runKit(['--base-url', base, ...idArgs]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cannot reach ${base}/: ECONNREFUSED\n`);
    expect(run.stdout).toBe('');
  });

  const usage = [
    { args: [], message: '--base-url is required' },
    {
      args: ['--base-url', 'http://127.0.0.1:1', '--only', 'nope'],
      message: 'no check id or family matches nope',
    },
  ];
  it.each(usage)('exits 2 on a usage error: $message', async ({ args, message }) => {
    const run = await runKit(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('prints help and exits 0', async () => {
    const run = await runKit(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: subcat check --base-url URL');
  });
});

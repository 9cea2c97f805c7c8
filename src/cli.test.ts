import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { USAGE, main, type CliIo } from './cli.js';
import { MOCK_USAGE } from './mock-options.js';

function capture(shutdown: () => Promise<string> = () => new Promise(() => undefined)) {
  const io = { stdout: '', stderr: '' };
  const cli: CliIo = { out: (text) => (io.stdout += text), err: (text) => (io.stderr += text), shutdown };
  return { io, cli };
}

describe('subcat', () => {
  const cases: { name: string; argv: string[]; code: number; stdout?: string; stderr?: RegExp }[] = [
    { name: '--help prints the usage on stdout', argv: ['--help'], code: 0, stdout: USAGE },
    {
      name: 'no command prints the usage on stderr and fails',
      argv: [],
      code: 2,
      stderr: /^Usage: subcat <command>/,
    },
    {
      name: 'an unknown command fails with the usage',
      argv: ['serve'],
      code: 2,
      stderr: /^subcat: unknown command serve\n\nUsage/,
    },
    { name: 'mock --help prints the mock usage', argv: ['mock', '--help'], code: 0, stdout: MOCK_USAGE },
    {
      name: 'mock with an unknown flag fails with the mock usage',
      argv: ['mock', '--prot', '1'],
      code: 2,
      stderr: /^subcat mock: unknown option --prot\n {2}unexpected argument 1\n\nUsage: subcat mock/,
    },
    {
      name: 'mock with a bad value names the flag',
      argv: ['mock', '--page-length', '0'],
      code: 2,
      stderr: /--page-length must be an integer from 1 to 100, got 0/,
    },
  ];

  it.each(cases)('$name', async ({ argv, code, stdout, stderr }) => {
    const { io, cli } = capture();
    expect(await main(argv, cli)).toBe(code);
    if (stdout !== undefined) expect(io.stdout).toBe(stdout);
    if (stderr !== undefined) expect(io.stderr).toMatch(stderr);
  });

  it('check --help is answered by the conformance kit', async () => {
    const { io, cli } = capture();
    expect(await main(['check', '--help'], cli)).toBe(0);
    expect(io.stdout).toMatch(/subcat check/);
  });

  it('proxy is dispatched to the conformance kit, which refuses a run without --upstream', async () => {
    const { io, cli } = capture();
    expect(await main(['proxy', '--help'], cli)).toBe(0);
    expect(io.stdout).toMatch(/^Usage: subcat proxy --upstream URL/);
    expect(await main(['proxy'], cli)).toBe(2);
    expect(io.stderr).toMatch(/subcat proxy: --upstream is required/);
  });

  it('mock prints where it listens, serves, and closes with exit code 0 on a shutdown signal', async () => {
    let stop: (signal: string) => void = () => undefined;
    const { io, cli } = capture(() => new Promise((resolve) => (stop = resolve)));
    const exit = main(
      ['mock', '--port', '0', '--log-level', 'silent', '--subscriptions', '5', '--products', '5'],
      cli,
    );
    for (let i = 0; i < 200 && io.stdout === ''; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(io.stdout)?.[1];
    expect(url).toBeDefined();
    // A new user gets pasteable node-products URLs: one with `latest`, one with an explicit release id.
    const tries = [...io.stdout.matchAll(/^ {2}try: (\S+)$/gm)].map((match) => match[1]);
    expect(tries).toHaveLength(2);
    expect(tries[0]).toMatch(
      new RegExp(`^${url}/catalogs/[^/]+/releases/latest/nodes/[^/]+/relationships/products$`),
    );
    const tried = await request(tries[1] ?? '');
    expect(tried.statusCode).toBe(200);
    await tried.body.dump();
    const health = await request(`${url}/__health`);
    expect(health.statusCode).toBe(200);
    await health.body.dump();
    stop('SIGTERM');
    expect(await exit).toBe(0);
    await expect(request(`${url}/__health`)).rejects.toThrow();
  });

  it('mock reports a port it cannot bind and exits 1', async () => {
    const { io, cli } = capture();
    expect(await main(['mock', '--host', '203.0.113.1', '--port', '0', '--log-level', 'silent'], cli)).toBe(
      1,
    );
    expect(io.stderr).toMatch(/^subcat mock: could not start: /);
  });
});

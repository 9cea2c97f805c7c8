// `npm run bench`: the subcat mock beside a bare node:http ceiling, Prism and optionally another commit's
// mock, each in its own process; then the probes. Writes bench/results.md and bench/results.json.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_USAGE, parseBenchArgs, type BenchOptions } from './bench-options.js';
import type { Machine } from './bench-results.js';
import { runBench, type BenchDeps } from './bench-runner.js';
import { buildBefore, describeCheckout, type BeforeBuild } from './before-build.js';
import type { CapturedResponse } from './ceiling-server.js';
import { captureResponse, discoverIds, type FixtureIds } from './discover-ids.js';
import { runLoad } from './load-run.js';
import { findPackageRoot } from './package-root.js';
import { clockTicksPerSecond, readCpuTicks, readMemory } from './proc-readings.js';
import { PROBES } from './probes/index.js';
import type { BenchServer, Build } from './probes/probe.js';
import { renderResultsMarkdown, renderTargetLine } from './results-report.js';
import { freePort, runNode, startServer, stopAllServers } from './server-process.js';

const root = findPackageRoot();
const ceilingPath = join(root, 'dist', 'bench', 'ceiling-main.js');
const prismPath = join(root, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
const specPath = join(root, 'spec', 'openapi.yaml');
/** Any answer on it means a server is up; a contract path, so the mock and Prism both know it. */
const READY_PATH = '/subscriptions/subscriptions?page%5Blimit%5D=1';

const log = (line: string) => process.stdout.write(`${line}\n`);

function machine(): Omit<Machine, 'loadAverage'> {
  let cpu = cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    // Not Linux: os.cpus() already named it.
  }
  return {
    cpu,
    cores: availableParallelism(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

async function startMock(build: Build, args: readonly string[]): Promise<BenchServer> {
  const port = await freePort();
  const cli = join(build.root, 'dist', 'src', 'cli.js');
  return startServer({
    name: `${build.label} mock`,
    args: [cli, 'mock', '--port', String(port), '--host', '127.0.0.1', '--log-level', 'silent', ...args],
    port,
    cwd: build.root,
    readyPath: READY_PATH,
    timeoutMs: 120_000,
  });
}

async function startPrism(): Promise<BenchServer | null> {
  if (!existsSync(prismPath)) return null;
  const port = await freePort();
  // Quietest settings: Prism's pretty logging costs it throughput, and the comparison should flatter it, not us.
  // One process, so /proc/PID/stat holds all of its CPU.
  const args = [
    prismPath,
    'mock',
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-v',
    'silent',
    '--errors',
    'false',
  ];
  const server = await startServer({
    name: 'prism',
    args: [...args, '--multiprocess', 'false', specPath],
    port,
    cwd: root,
    readyPath: READY_PATH,
    timeoutMs: 60_000,
  });
  log(`prism: listening after ${(server.startupMs / 1000).toFixed(2)} s`);
  return server;
}

function realDeps(builds: Build[], scratch: string, argv: readonly string[]): BenchDeps {
  const fixtures = JSON.parse(readFileSync(join(root, 'fixtures', 'ids.json'), 'utf8')) as FixtureIds;
  return {
    builds,
    startMock,
    startCeiling: async (size, responses: readonly CapturedResponse[]) => {
      const file = join(scratch, `ceiling-${size}.json`);
      writeFileSync(file, JSON.stringify(responses));
      const port = await freePort();
      return startServer({
        name: `ceiling (${size})`,
        args: [ceilingPath, file, String(port)],
        port,
        cwd: root,
        readyPath: '/',
        timeoutMs: 10_000,
      });
    },
    startPrism,
    discoverIds: (baseUrl) => discoverIds(baseUrl, fixtures),
    capture: captureResponse,
    load: runLoad,
    cpuTicks: readCpuTicks,
    ticksPerSecond: clockTicksPerSecond(),
    memory: readMemory,
    runNode,
    probes: PROBES,
    machine,
    command: ['npm run bench', ...(argv.length > 0 ? ['--', ...argv] : [])].join(' '),
    loadAverage: () => loadavg()[0] ?? 0,
    now: () => new Date(),
    log,
  };
}

async function bench(options: BenchOptions, argv: readonly string[]): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'subcat-bench-'));
  let before: BeforeBuild | null = null;
  const cleanUp = () => {
    before?.remove();
    rmSync(scratch, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      // Only the children this run started and the worktree it added; then leave with the conventional code.
      void stopAllServers().finally(() => {
        cleanUp();
        process.exit(signal === 'SIGINT' ? 130 : 143);
      });
    });
  try {
    const { mockArgs } = options;
    const started = mockArgs.length === 0 ? '' : `, its mock started with \`${mockArgs.join(' ')}\``;
    const builds: Build[] = [{ label: 'subcat', title: describeCheckout(root) + started, root, mockArgs }];
    if (options.before !== null) {
      before = buildBefore(root, options.before, log);
      builds.push({
        label: 'before',
        title: `${options.before} (${before.commit.slice(0, 7)})`,
        root: before.root,
      });
    }
    const results = await runBench(options, realDeps(builds, scratch, argv));
    log('\nTargets (issue 25):');
    for (const t of results.targets) log(`  ${renderTargetLine(t)}`);
    if (options.write) {
      writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
      writeFileSync(join(root, 'bench', 'results.md'), renderResultsMarkdown(results));
      log('wrote bench/results.md and bench/results.json');
    }
  } finally {
    await stopAllServers();
    cleanUp();
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const args = parseBenchArgs(argv, process.env);
  if (args.kind === 'help') {
    log(BENCH_USAGE);
    return 0;
  }
  if (args.kind === 'error') {
    process.stderr.write(`bench: ${args.problems.join('\n  ')}\n\n${BENCH_USAGE}`);
    return 2;
  }
  for (const [what, path] of [
    ['the mock', join(root, 'dist', 'src', 'cli.js')],
    ['the ceiling', ceilingPath],
  ] as const) {
    if (!existsSync(path)) {
      process.stderr.write(`bench: ${what} is not built (${path}); run npm run build\n`);
      return 2;
    }
  }
  await bench(args.options, argv);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);

#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startMock } from './index.js';
import { MOCK_USAGE, parseMockArgs } from './mock-options.js';
import { seededStores } from './seed/seeded-stores.js';

export const USAGE = `Usage: subcat <command> [options]

Commands:
  mock    start the stateful mock of the subscriptions and catalog API (subcat mock --help)
  check   check a server against the contract with the conformance kit (subcat check --help)
  proxy   forward an app's requests to a server and judge every exchange (subcat proxy --help)

Options:
  -h, --help  show this help
`;

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Resolves with the signal's name when the process is asked to stop. */
  shutdown(): Promise<string>;
}

/** What a thrown value says: its message when it is an Error. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  shutdown: () =>
    new Promise((resolve) => {
      const stop = (signal: string) => {
        // A second signal while closing means "now".
        process.once(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM', () => process.exit(130));
        resolve(signal);
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    }),
};

async function mock(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseMockArgs(argv);
  if (args.kind === 'help') {
    io.out(MOCK_USAGE);
    return 0;
  }
  if (args.kind === 'error') {
    io.err(`subcat mock: ${args.problems.join('\n  ')}\n\n${MOCK_USAGE}`);
    return 2;
  }
  let running;
  try {
    // The fixed catalog is seeded before listening, so no first request waits; the others on their first request.
    seededStores(args.options).seeded.catalogs[0]?.seed();
    running = await startMock(args.options);
  } catch (error) {
    io.err(`subcat mock: could not start: ${messageOf(error)}\n`);
    return 1;
  }
  io.out(`listening on ${running.url}\n`);
  io.out(`  inspector: ${running.url}/ (in a browser)\n`);
  for (const example of running.examples) io.out(`  try: ${example}\n`);
  await io.shutdown();
  await running.close();
  return 0;
}

/** The kit lives in conformance/ and is loaded only for `check` and `proxy`, so the mock never pays for it. */
async function kit(command: 'check' | 'proxy', argv: readonly string[], io: CliIo): Promise<number> {
  // A computed specifier: the kit is a separate part of the package and may be absent from a trimmed build.
  const kitPath = command === 'check' ? '../conformance/cli.js' : '../conformance/proxy/proxy-cli.js';
  type Io = { stdout(text: string): void; stderr(text: string): void; shutdown(): Promise<string> };
  let kit: { main: (argv: string[], io: Io) => Promise<number> };
  try {
    kit = (await import(kitPath)) as typeof kit;
  } catch (error) {
    io.err(`subcat ${command}: the conformance kit could not be loaded (${messageOf(error)})\n`);
    return 2;
  }
  return kit.main([...argv], {
    stdout: (text) => io.out(text),
    stderr: (text) => io.err(text),
    shutdown: () => io.shutdown(),
  });
}

/** Runs `subcat` with `argv` (without node and script); resolves with the exit code. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    io[command === undefined ? 'err' : 'out'](USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === 'mock') return mock(rest, io);
  if (command === 'check' || command === 'proxy') return kit(command, rest, io);
  io.err(`subcat: unknown command ${command}\n\n${USAGE}`);
  return 2;
}

/** True when this file is the process entry (also through npm's bin symlink). */
function isEntry(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

/** Runs `subcat` as this process; once its parent is gone (npm, npx died on a signal it did not pass on), it stops as on SIGTERM. */
export function runAsProcess(argv: readonly string[]): void {
  const parent = process.ppid;
  const following = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(following); // once: a second SIGTERM means "stop now", cutting what is in flight
    process.kill(process.pid, 'SIGTERM');
  }, 250).unref();
  main(argv).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `subcat: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}

if (isEntry()) runAsProcess(process.argv.slice(2));

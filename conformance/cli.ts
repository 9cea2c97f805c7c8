import { randomInt } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAX_SEED, parseArgs, USAGE, type KitOptions } from './args.js';
import { CHECKS } from './checks/index.js';
import { Client, TransportError } from './client.js';
import { createCache, type RunEnvironment } from './context.js';
import { planChecks, unknownSelectors } from './plan.js';
import { consoleReporter } from './reporters/console.js';
import { fileReporter } from './reporters/file-reporter.js';
import { renderHtml } from './reporters/html.js';
import { renderJson } from './reporters/json.js';
import { renderJunit } from './reporters/junit.js';
import type { Reporter, RunPlan } from './reporters/reporter.js';
import { exitCode, runChecks } from './runner.js';
import { SpecValidator } from './schema.js';
import { loadDefaultIds, loadSpec, type DefaultIds } from './spec.js';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

const RENDERERS = { json: renderJson, junit: renderJunit, html: renderHtml } as const;

/**
 * `subcat check`: runs the conformance checks against a base URL. `argv` is what follows `check`.
 * Returns the exit code: 0 no check failed, 1 a check failed, 2 usage error or server unreachable.
 * @example await main(['--base-url', 'http://127.0.0.1:4010', '--read-only', '--report', 'junit=kit.xml'])
 */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const parsed = parseArgs(argv, defaultIds());
  if (parsed.kind === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.stderr(`subcat check: ${parsed.message}\nRun subcat check --help for the options.\n`);
    return 2;
  }
  const options = parsed.options;
  const unknown = unknownSelectors(CHECKS, [...options.only, ...options.skip]);
  if (unknown.length > 0) {
    io.stderr(`subcat check: no check id or family matches ${unknown.join(', ')}\n`);
    return 2;
  }

  const client = new Client({ headers: options.headers, timeoutMs: options.timeoutMs });
  try {
    try {
      await client.probe(options.baseUrl);
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      io.stderr(`cannot reach ${options.baseUrl.href}: ${error.code}\n`);
      return 2;
    }
    const env = environment(options, client);
    const plan: RunPlan = {
      baseUrl: options.baseUrl.href.replace(/\/$/, ''),
      seed: env.settings.seed,
      strict: options.strict,
      readOnly: options.readOnly,
      checks: planChecks(CHECKS, options),
    };
    const reporters: Reporter[] = [
      consoleReporter(io.stdout),
      ...options.reports.map(({ format, file }) => fileReporter(file, RENDERERS[format])),
    ];
    const summary = await runChecks(plan, env, reporters);
    return exitCode(summary.counts);
  } catch (error) {
    io.stderr(`subcat check: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  } finally {
    await client.close();
  }
}

function environment(options: KitOptions, client: Client): RunEnvironment {
  return {
    baseUrl: options.baseUrl,
    ids: { catalogId: options.catalogId, releaseId: options.releaseId, nodeId: options.nodeId },
    settings: {
      strict: options.strict,
      readOnly: options.readOnly,
      timeoutMs: options.timeoutMs,
      maxResponseMs: options.maxResponseMs,
      // No seed given: draw one and report it, so the run can be repeated with --seed.
      seed: options.seed ?? randomInt(0, MAX_SEED),
      secretHeaders: options.headers.map(([name]) => name),
    },
    client,
    validator: new SpecValidator(loadSpec()),
    cache: createCache(),
  };
}

function defaultIds(): DefaultIds {
  try {
    return loadDefaultIds();
  } catch {
    // Without fixtures the node products checks need the flags; "latest" is the contract's alias.
    return { catalogId: '', releaseId: 'latest', nodeId: '' };
  }
}

/** Run directly (`node dist/conformance/cli.js --base-url ...`) as well as through `subcat check`. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  process.exitCode = await main(process.argv.slice(2));
}

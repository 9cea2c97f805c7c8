import { randomInt } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULTS, MAX_SEED, parseArgs, USAGE, type KitOptions } from './args.js';
import { readBaseline } from './baseline.js';
import { CHECKS } from './checks/index.js';
import { Client, TransportError } from './client.js';
import { createCache, type RunEnvironment } from './context.js';
import { watchCoverage } from './coverage.js';
import { watchRefusals } from './refusals.js';
import { boundHeapGrowth } from './heap-growth.js';
import { planChecks, unknownSelectors } from './plan.js';
import { consoleReporter } from './reporters/console.js';
import { fileReporter } from './reporters/file-reporter.js';
import { renderHtml } from './reporters/html.js';
import { renderJson } from './reporters/json.js';
import { renderJunit } from './reporters/junit.js';
import { renderMarkdown } from './reporters/markdown.js';
import type { Reporter, RunPlan, RunSummary } from './reporters/reporter.js';
import { countOutcomes, exitCode, runChecks } from './runner.js';
import { packagedValidator, type SpecValidator } from './schema.js';
import { basicToken, redactText, secretValues } from './secrets.js';
import { loadDefaultIds, loadSpec, type DefaultIds } from './spec.js';

/** What can send the run SIGINT or SIGTERM: the process, or a test's emitter. */
export interface SignalSource {
  on(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Where SIGINT and SIGTERM come from (default: the process): the run ends as at its deadline, reports written. */
  signals?: SignalSource;
}

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

const RENDERERS = {
  json: renderJson,
  junit: renderJunit,
  html: renderHtml,
  markdown: renderMarkdown,
} as const;

/**
 * `subcat check`: runs the conformance checks against a base URL. `argv` is what follows `check`.
 * Returns the exit code: 0 no check failed, 1 a check failed, 2 usage error or server unreachable (the
 * requested reports are written all the same, saying why).
 * @example await main(['--base-url', 'http://127.0.0.1:4010', '--read-only', '--report', 'junit=kit.xml'])
 */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  // A recorded run is judged by the proxy's rules, without a server (proxy/har-check.ts); loaded only then, as
  // the proxy's modules (undici's whole index among them) would add to every run's start.
  if (argv.some((arg) => arg === '--har' || arg.startsWith('--har=')))
    return (await import('./proxy/har-check.js')).harMain(argv, io);
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
  boundHeapGrowth();
  const headers = sentHeaders(options);
  const secrets = secretValues(headers, options.credentials);
  const seed = options.seed ?? randomInt(0, MAX_SEED);
  const deadlineMs = options.deadlineMs ?? DEFAULTS.deadlineMs;
  const plan: RunPlan = {
    baseUrl: options.baseUrl.href.replace(/\/$/, ''),
    seed,
    strict: options.strict,
    readOnly: options.readOnly,
    checks: planChecks(CHECKS, options),
    concurrency: options.concurrency,
    deadlineMs,
    ...(options.deadlineMs === undefined ? { defaultDeadline: true } : {}),
    ...(options.baseline === undefined ? {} : { baseline: options.baseline }),
    allowInconclusive: options.allowInconclusiveText,
  };
  const files: Reporter[] = options.reports.map(({ format, file }) => fileReporter(file, RENDERERS[format]));
  const abort = async (reason: string, verdict: 'setup' | 'cancelled' = 'setup'): Promise<number> => {
    const safe = redactText(reason, secrets);
    io.stderr(`${safe}\n`);
    const summary: RunSummary = {
      plan,
      counts: countOutcomes([]),
      results: [],
      requests: 0,
      ms: 0,
      aborted: safe,
      verdict,
      verdictReason: safe,
    };
    for (const reporter of files) await reporter.finish(summary);
    return 2;
  };

  const unknown = unknownSelectors(CHECKS, [...options.only, ...options.skip]);
  if (unknown.length > 0) return abort(`subcat check: no check id or family matches ${unknown.join(', ')}`);
  let known: Set<string> | undefined;
  if (options.baseline !== undefined) {
    try {
      known = await readBaseline(options.baseline);
    } catch (error) {
      return abort(`subcat check: cannot read --baseline ${options.baseline}: ${(error as Error).message}`);
    }
  }
  // A signal ends the run as its deadline does: checks not done are inconclusive, every report is written.
  const cancel = new AbortController();
  let cancelledBy: 'SIGINT' | 'SIGTERM' | undefined;
  const signals = io.signals ?? process;
  const onSignal = (name: 'SIGINT' | 'SIGTERM') => () => {
    if (cancelledBy !== undefined && signals === process) process.exit(name === 'SIGINT' ? 130 : 143);
    cancelledBy ??= name;
    cancel.abort();
  };
  const onSigint = onSignal('SIGINT');
  const onSigterm = onSignal('SIGTERM');
  signals.on('SIGINT', onSigint);
  signals.on('SIGTERM', onSigterm);
  const deadline = AbortSignal.any([AbortSignal.timeout(deadlineMs), cancel.signal]);
  const client = new Client({
    headers,
    timeoutMs: options.timeoutMs,
    origin: options.baseUrl.origin,
    maxBodyBytes: options.maxBodyBytes,
    maxInFlight: options.concurrency,
    endsAt: performance.now() + deadlineMs,
    ...(options.rate === undefined ? {} : { rate: options.rate }),
    signal: deadline,
  });
  const refusals = watchRefusals(client);
  const validator = packagedValidator();
  const coverage = watchCoverage(client, validator, loadSpec());
  try {
    // The first answers would wait for the spec's big response schemas to compile (a quarter of a second on a
    // busy machine): they compile while the probe is out, once its request has left.
    const warming = delay(1).then(() => prepareValidator(validator, plan));
    try {
      await client.probe(options.baseUrl);
      await warming;
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      if (cancelledBy !== undefined) {
        // Cancelled before the first check: nothing ran, and the reports say the run was cancelled.
        await abort(`cancelled by ${cancelledBy} before the run started`, 'cancelled');
        return cancelledBy === 'SIGINT' ? 130 : 143;
      }
      return await abort(unreachable(plan.baseUrl, error));
    }
    const env = environment(options, client, seed, secrets, validator);
    const reporters: Reporter[] = [consoleReporter(io.stdout), ...files];
    const summary = await runChecks(plan, env, reporters, {
      deadline,
      allowInconclusive: options.allowInconclusive,
      cancelledBy: () => cancelledBy,
      transport: () => client.notes,
      coverage: () => coverage.report(),
      refused: () => refusals.reason(),
      ...(known === undefined ? {} : { known }),
    });
    return exitCode(summary);
  } catch (error) {
    io.stderr(
      `subcat check: ${redactText(error instanceof Error ? error.message : String(error), secrets)}\n`,
    );
    return 2;
  } finally {
    signals.off('SIGINT', onSigint);
    signals.off('SIGTERM', onSigterm);
    await client.close();
  }
}

/** The validators of the 2xx bodies of the operations the planned checks call, compiled ahead. */
function prepareValidator(validator: SpecValidator, plan: RunPlan): void {
  try {
    validator.prepare(
      plan.checks.flatMap(({ check, skipReason }) => (skipReason === undefined ? [check.operation] : [])),
    );
  } catch {
    // A schema that does not compile is reported by the checks that meet it, as it would be without this.
  }
}

/** "cannot reach" only when nothing answered; a server that answered but broke its answer is told as such. */
export function unreachable(baseUrl: string, error: TransportError): string {
  if (error.answered !== undefined || error.code.startsWith('headers over'))
    return `${baseUrl}/ answered, but not in a way the kit can read: ${error.code}`;
  return `cannot reach ${baseUrl}/: ${error.code}`;
}

/** The --header pairs, and Basic auth from URL credentials unless an Authorization header was given. */
function sentHeaders(options: KitOptions): Array<[string, string]> {
  const headers = [...options.headers];
  const given = headers.some(([name]) => name.toLowerCase() === 'authorization');
  if (options.credentials !== undefined && !given) {
    headers.push(['Authorization', `Basic ${basicToken(options.credentials)}`]);
  }
  return headers;
}

function environment(
  options: KitOptions,
  client: Client,
  seed: number,
  secrets: string[],
  validator: SpecValidator,
): RunEnvironment {
  return {
    baseUrl: options.baseUrl,
    ids: { catalogId: options.catalogId, releaseId: options.releaseId, nodeId: options.nodeId },
    settings: {
      strict: options.strict,
      readOnly: options.readOnly,
      timeoutMs: options.timeoutMs,
      maxResponseMs: options.maxResponseMs,
      seed,
      secretHeaders: sentHeaders(options).map(([name]) => name),
      secretValues: secrets,
      consistencyMs: options.consistencyMs,
      generated: options.generated,
      ...(options.generatedCase === undefined ? {} : { generatedCase: options.generatedCase }),
    },
    client,
    validator,
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

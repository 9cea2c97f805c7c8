import { CHECKS } from '../checks/index.js';
import type { Check, CheckContext, Failure } from '../check.js';
import { Client, type Exchange } from '../client.js';
import { createCache, createContext, type RunEnvironment } from '../context.js';
import { SpecValidator } from '../schema.js';
import { loadSpec, specOperations, type SpecOperation } from '../spec.js';
import { exchangeChecks } from './exchange-checks.js';

/** What judging one exchange gave: the checks that could judge it and the rules it broke. */
export interface Verdict {
  judged: Check[];
  failures: Failure[];
}

/** Judges one exchange, the request as the client sent it and the answer as the server gave it. */
export type Judge = (exchange: Exchange) => Verdict;

export interface JudgeSettings {
  /** Names of the configured headers: their values are redacted in every failure. */
  secretHeaders: string[];
  /** Every configured secret value, redacted wherever it appears. */
  secretValues: string[];
  strict: boolean;
}

/** The kit's watching checks that judge an exchange alone; lifecycle.nothing-lost only collects writes for its run. */
function passiveKitChecks(): Check[] {
  return CHECKS.filter((check) => check.watch !== undefined && check.family !== 'lifecycle');
}

/**
 * The one judge of the proxy and of `subcat check --har`: the kit's own watching checks and the rules of
 * exchange-checks.ts, each with a context as in a kit run (secrets redacted, values bounded, curl lines).
 * @example const { judge, close } = createJudge({ secretHeaders: [], secretValues: [], strict: false });
 */
export function createJudge(settings: JudgeSettings): {
  judge: Judge;
  checks: readonly Check[];
  close: () => Promise<void>;
} {
  const validator = new SpecValidator(loadSpec());
  // Contexts need a client; the judge never sends through it.
  const client = new Client({ headers: [], timeoutMs: 1000 });
  const env: RunEnvironment = {
    baseUrl: new URL('http://judge.invalid'),
    ids: { catalogId: '', releaseId: '', nodeId: '' },
    settings: {
      strict: settings.strict,
      readOnly: true,
      timeoutMs: 1000,
      maxResponseMs: undefined,
      seed: 0,
      secretHeaders: settings.secretHeaders,
      secretValues: settings.secretValues,
      consistencyMs: 0,
    },
    client,
    validator,
    cache: createCache(),
  };
  const checks = [...passiveKitChecks(), ...exchangeChecks(validator)];
  const contexts = new Map<Check, CheckContext>(checks.map((check) => [check, createContext(env, check)]));
  const judge: Judge = (exchange) => {
    const judged: Check[] = [];
    const failures: Failure[] = [];
    for (const [check, ctx] of contexts) {
      let found: Failure[] | undefined;
      try {
        found = check.watch?.(ctx, exchange);
      } catch {
        // A rule that throws on odd data is a kit bug: it judged nothing rather than crash the proxy.
        found = undefined;
      }
      if (found === undefined) continue;
      judged.push(check);
      failures.push(...found);
    }
    return { judged, failures };
  };
  return { judge, checks, close: () => client.close() };
}

/**
 * Which spec operation a request addresses, its path read under the upstream's base path; with no base path
 * known (a HAR from elsewhere), the operation whose path ends the request's.
 */
export function operationOf(
  method: string,
  path: string,
  basePath: string | undefined,
  operations: ReadonlyMap<string, SpecOperation> = SPEC_OPERATIONS,
): string | undefined {
  const base = basePath?.replace(/\/+$/, '');
  if (base !== undefined && base !== '' && !path.startsWith(`${base}/`)) return undefined;
  const rest = path.slice(base?.length ?? 0).split('/');
  for (const operation of operations.values()) {
    if (operation.method.toUpperCase() !== method.toUpperCase()) continue;
    const template = operation.path.split('/');
    // Without a base path the template's leading '' matches whatever comes before it.
    const tail = base === undefined ? ['', ...rest.slice(1 - template.length)] : rest;
    if (template.length !== tail.length) continue;
    const matches = template.every((part, i) => {
      const segment = tail[i] ?? '';
      return /^\{[^}]+\}$/.test(part) ? segment !== '' : part === segment;
    });
    if (matches) return operation.operationId;
  }
  return undefined;
}

const SPEC_OPERATIONS = specOperations(loadSpec());

import { CHECKS } from '../checks/index.js';
import type { Check, Failure } from '../check.js';
import { Client, type Exchange } from '../client.js';
import { createCache, createContext, type RunEnvironment } from '../context.js';
import { packagedValidator } from '../schema.js';
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
  /** The upstream's URL: the rules read operation paths under its path. */
  upstream: string;
}

/** The kit's watching checks that judge an exchange alone; lifecycle.nothing-lost only collects writes for its run. */
function passiveKitChecks(): Check[] {
  return CHECKS.filter((check) => check.watch !== undefined && check.family !== 'lifecycle');
}

/**
 * The one judge of the proxy and of `subcat check --har`: the kit's own watching checks and the rules of
 * exchange-checks.ts, each with a context as in a kit run (secrets redacted, values bounded, curl lines).
 * @example const { judge, close } = createJudge({ secretHeaders: [], secretValues: [], strict: false, upstream });
 */
export function createJudge(settings: JudgeSettings): {
  judge: Judge;
  checks: readonly Check[];
  close: () => Promise<void>;
} {
  const validator = packagedValidator();
  // Contexts need a client; the judge never sends through it.
  const client = new Client({ headers: [], timeoutMs: 1000 });
  const env: RunEnvironment = {
    baseUrl: new URL(settings.upstream),
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
      generated: 0,
    },
    client,
    validator,
    cache: createCache(),
  };
  const checks = [...passiveKitChecks(), ...exchangeChecks(validator)];
  const judge: Judge = (exchange) => {
    const judged: Check[] = [];
    const failures: Failure[] = [];
    for (const check of checks) {
      let found: Failure[] | undefined;
      try {
        // A context per exchange: a rule told once per run (rules.every-exchange) is told for each exchange here.
        found = check.watch?.(createContext(env, check), exchange);
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

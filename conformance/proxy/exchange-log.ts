import type { Check, CheckResult, Failure } from '../check.js';
import type { Exchange } from '../client.js';
import type { RunPlan, RunSummary } from '../reporters/reporter.js';
import { countOutcomes, distinctFailures, LISTED_FAILURES, outcomeOf } from '../runner.js';

/** What the log reads of an exchange. */
export type LoggableExchange = Pick<Exchange, 'seq' | 'operation'> & {
  request: Pick<Exchange['request'], 'method' | 'url'>;
  response: Pick<Exchange['response'], 'status' | 'ms'>;
};

/** One exchange as the live page lists it. */
export interface LoggedExchange {
  seq: number;
  at: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  operation: string | null;
  /** Contract rules broken, convention rules broken. */
  broken: number;
  warned: number;
  /** Indexes into the violations list at the time they were added (the page opens them). */
  violations: number[];
}

export interface LogBounds {
  /** Exchanges the page lists (the most recent). */
  exchanges: number;
  /** Violations kept for the page and the API (the first ones; later ones are counted). */
  violations: number;
}

export const DEFAULT_BOUNDS: LogBounds = { exchanges: 500, violations: 1000 };

/** What one check has judged over the whole run, whatever the API cleared: the reports and the exit code read it. */
interface Tally {
  judged: number;
  failures: Failure[];
  more: number;
}

/**
 * The proxy's memory, bounded: the recent exchanges with their verdicts, the violations, and per check how many
 * exchanges it judged and its first failures (LISTED_FAILURES, the rest counted as the kit's runner does).
 */
export class ExchangeLog {
  readonly exchanges: LoggedExchange[] = [];
  violations: Failure[] = [];
  /** Violations past the bound since the last clear. */
  dropped = 0;
  count = 0;
  /** Exchanges forwarded but not judged: judging had fallen MAX_WAITING exchanges behind. */
  unjudged = 0;
  /** By check id: a failure names its check by id. */
  private readonly tallies = new Map<string, Tally>();
  private readonly started = Date.now();

  constructor(
    readonly checks: readonly Check[],
    private readonly bounds: LogBounds = DEFAULT_BOUNDS,
  ) {
    for (const check of checks) this.tallies.set(check.id, { judged: 0, failures: [], more: 0 });
  }

  /** `redact` hides secret values in what the page lists (a token in a query, say). */
  add(
    exchange: LoggableExchange,
    verdict: { judged: ReadonlyArray<{ id: string }>; failures: readonly Failure[] },
    redact: (text: string) => string = (text) => text,
  ): LoggedExchange {
    this.count++;
    for (const check of verdict.judged) {
      const tally = this.tallies.get(check.id);
      if (tally !== undefined) tally.judged++;
    }
    const indexes: number[] = [];
    for (const failure of verdict.failures) {
      const tally = this.tallies.get(failure.checkId);
      if (tally !== undefined) {
        if (tally.failures.length < LISTED_FAILURES) tally.failures.push(failure);
        else tally.more++;
      }
      if (this.violations.length < this.bounds.violations) {
        indexes.push(this.violations.length);
        this.violations.push(failure);
      } else this.dropped++;
    }
    const logged: LoggedExchange = {
      seq: exchange.seq,
      at: new Date().toISOString(),
      method: exchange.request.method,
      url: redact(exchange.request.url),
      status: exchange.response.status,
      ms: exchange.response.ms,
      operation: exchange.operation ?? null,
      broken: verdict.failures.filter((failure) => failure.source === 'contract').length,
      warned: verdict.failures.filter((failure) => failure.source === 'convention').length,
      violations: indexes,
    };
    this.exchanges.push(logged);
    if (this.exchanges.length > this.bounds.exchanges) this.exchanges.shift();
    return logged;
  }

  /** `DELETE /__subcat/violations`: the page and the API start again; the reports still hold the whole run. */
  clear(): void {
    this.violations = [];
    this.dropped = 0;
    this.exchanges.length = 0;
  }

  /** The run as the kit's reporters read it: a check that judged no exchange is skipped, never passed. */
  summary(plan: Omit<RunPlan, 'checks'>): RunSummary {
    const results: CheckResult[] = this.checks.map((check) => {
      const tally = this.tallies.get(check.id) ?? { judged: 0, failures: [], more: 0 };
      if (tally.judged === 0)
        return {
          check,
          outcome: 'skipped',
          message: 'no exchange of the run was one it judges',
          failures: [],
          ms: 0,
        };
      const failures = distinctFailures(tally.failures);
      const first = failures[0];
      if (first !== undefined && tally.more > 0)
        failures.push({
          ...first,
          message: `${tally.more} more exchanges break the same rules (not listed)`,
        });
      const outcome = outcomeOf(failures, plan.strict);
      const message =
        failures.length === 0
          ? `all rules held (${tally.judged} exchange${tally.judged === 1 ? '' : 's'} judged)`
          : `${first?.message ?? ''}${failures.length > 1 ? ` (and ${failures.length - 1} more)` : ''}`;
      return { check, outcome, message, failures, ms: 0 };
    });
    return {
      plan: { ...plan, checks: this.checks.map((check) => ({ check })) },
      counts: countOutcomes(results),
      results,
      requests: this.count,
      ms: Date.now() - this.started,
    };
  }
}

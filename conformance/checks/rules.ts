import { fingerprints, placeOf } from '../baseline.js';
import { ALL_OPERATIONS, type Check, type CheckContext } from '../check.js';
import { CONTRACT } from '../citations.js';
import { judgeExchange } from '../oracles/exchange-rules.js';

/** Rules another whole-run check already judges on every exchange: not told twice. */
const JUDGED_ELSEWHERE = new Set(['live-only']);

/** Fingerprints told so far, per run (one context per check and run). */
const told = new WeakMap<CheckContext, Set<string>>();

/**
 * The per-exchange rule layer (oracles/exchange-rules.ts) on every exchange of the run, whichever check made
 * it: later pages of a walk, filtered lists, include requests, writes. A broken rule at one place is told once.
 */
export const rulesChecks: Check[] = [
  {
    id: 'rules.every-exchange',
    title: 'Every rule one exchange can show holds on every exchange of the run',
    family: 'rules',
    source: 'contract',
    cites: CONTRACT.bodiesAreJson,
    operation: ALL_OPERATIONS,
    watch(ctx, exchange) {
      if (exchange.overLimit !== undefined) return undefined;
      const { request, response } = exchange;
      const { operation, breaks } = judgeExchange(
        {
          method: request.method,
          url: request.url,
          requestHeaders: request.headers,
          ...(request.body === undefined ? {} : { requestBody: request.body }),
          status: response.status,
          responseHeaders: response.headers,
          responseText: response.text,
          responseBody: response.body,
        },
        { basePath: ctx.baseUrl.pathname },
      );
      if (operation === undefined || response.status < 200 || response.status >= 300) return undefined;
      const seen = told.get(ctx) ?? new Set<string>();
      told.set(ctx, seen);
      const failures = [];
      for (const broken of breaks) {
        if (JUDGED_ELSEWHERE.has(broken.id)) continue;
        const failure = ctx.fail(exchange, {
          rule: broken.rule,
          source: broken.source,
          cites: broken.cites,
          // A place, not a record: /data/3/... and /data/7/... break the rule at the same place.
          where: placeOf(broken.where),
          message: `${operation}: ${broken.message}`,
          ...('expected' in broken ? { expected: broken.expected } : {}),
          ...('actual' in broken ? { actual: broken.actual } : {}),
        });
        const print = fingerprints(failure).join();
        if (seen.has(print)) continue;
        seen.add(print);
        failures.push(failure);
      }
      return failures;
    },
  },
];

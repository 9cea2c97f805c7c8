import type { Check, CheckContext, Failure, OperationRequest, Source } from './check.js';
import type { Exchange } from './client.js';
import { NEVER_5XX, decision } from './citations.js';
import { inParallel } from './in-parallel.js';
import { createdSubscription, isSuccess } from './shared-requests.js';

/** One invalid input and the rule it breaks. */
export interface RejectionCase {
  /** The input in words, e.g. "a name of 2 characters". */
  label: string;
  /** The rule in words, e.g. "name is 3 to 1024 characters". */
  rule: string;
  /** Where the rule comes from; a 5xx is always a contract break whatever the case's source. */
  source: Source;
  /** The line or section the case rests on, when not the check's. */
  cites?: string;
  request: (ctx: CheckContext) => OperationRequest | Promise<OperationRequest>;
  /** Paging out of range may be clamped instead: a 2xx with at most 100 records also passes. */
  clampAllowed?: boolean;
  /** The vendor ignores this input (decisions.md, Ignored input): a 2xx passes as well as a 400. */
  ignoreAllowed?: boolean;
  /** decisions.md's exact code for this rejection (default 400): another 4xx only warns. */
  expected?: number;
  /** The error body should name this (a parameter, a field): a convention of decisions.md's error body. */
  names?: string;
}

export interface RejectionCheckSpec {
  id: string;
  title: string;
  operation: string;
  /** The strongest source among the cases (what the check reports as its own). */
  source: Source;
  cites: string;
  cases: readonly RejectionCase[];
  /**
   * Create bodies: the valid body these cases break must itself be accepted first, else a rejection proves
   * nothing. Such checks write when a server wrongly accepts, so they are not read-only.
   */
  needsAcceptedCreate?: boolean;
  /** See Check.roundTrips: more cases than are sent at once make a chain. */
  roundTrips?: number;
}

/** The most records a page may hold (interface.md Limits: page[limit] up to 100). */
export const MAX_PAGE_RECORDS = 100;

/** A check that sends each invalid input and expects a 4xx: never a 2xx (unless clamping is allowed) or a 5xx. */
export function rejectionCheck(spec: RejectionCheckSpec): Check {
  return {
    id: spec.id,
    title: spec.title,
    family: spec.id.split('.')[0] ?? spec.id,
    source: spec.source,
    cites: spec.cites,
    operation: spec.operation,
    readOnly: spec.needsAcceptedCreate !== true,
    ...(spec.roundTrips === undefined ? {} : { roundTrips: spec.roundTrips }),
    async run(ctx) {
      if (spec.needsAcceptedCreate === true) {
        const created = await createdSubscription(ctx);
        if (!isSuccess(created.response.status)) {
          ctx.inconclusive(
            `the valid create body was not accepted (${created.response.status}), so a rejection proves nothing`,
          );
        }
      }
      // Every request is built (its random values drawn) in case order, then sent a few at a time; each
      // answer is judged as it comes, so its body (megabytes from some servers) is not held for the others.
      const requests: OperationRequest[] = [];
      for (const rejection of spec.cases) requests.push(await rejection.request(ctx));
      const found = await inParallel(requests, async (request, index) => {
        const exchange = await ctx.call(spec.operation, request);
        const rejection = spec.cases[index];
        return rejection === undefined ? [] : judgeRejection(ctx, spec, rejection, exchange);
      });
      return found.flat();
    },
  };
}

/** The failures of one answer to an invalid input: none when it was rejected as decisions.md says. */
function judgeRejection(
  ctx: CheckContext,
  spec: RejectionCheckSpec,
  rejection: RejectionCase,
  exchange: Exchange,
): Failure[] {
  const failures: Failure[] = [];
  const { status, body } = exchange.response;
  const expected = rejection.expected ?? 400;
  const cites = rejection.cites ?? spec.cites;
  if (status >= 400 && status < 500) {
    if (status !== expected) {
      failures.push(
        ctx.fail(exchange, {
          rule: `${rejection.rule}: rejected with ${expected} (decisions.md)`,
          source: 'convention',
          cites: decision('Status codes'),
          message: `${rejection.label} was rejected with ${status}, decisions.md says ${expected}`,
          expected,
          actual: status,
        }),
      );
    }
    const named = rejection.names;
    if (named !== undefined && !exchange.response.text.includes(named)) {
      failures.push(
        ctx.fail(exchange, {
          rule: `the error names ${named} (decisions.md error body: source.parameter or detail)`,
          source: 'convention',
          cites: decision('Error body'),
          message: `${rejection.label} was rejected without naming ${named}`,
          expected: named,
          actual: exchange.response.text.slice(0, 300),
        }),
      );
    }
    return failures;
  }
  if (rejection.ignoreAllowed === true && isSuccess(status)) return failures;
  const records = recordCount(body);
  if (
    rejection.clampAllowed === true &&
    isSuccess(status) &&
    records !== undefined &&
    records <= MAX_PAGE_RECORDS
  ) {
    return failures;
  }
  failures.push(
    ctx.fail(exchange, {
      rule:
        rejection.clampAllowed === true
          ? `${rejection.rule} (or clamped to at most 100 records)`
          : rejection.rule,
      source: status >= 500 ? 'contract' : rejection.source,
      cites: status >= 500 ? NEVER_5XX : cites,
      message: isSuccess(status)
        ? `${rejection.label} was accepted with ${status}${records === undefined ? '' : ` (${records} records)`}`
        : `${rejection.label} got ${status}, not a 4xx`,
      expected:
        rejection.clampAllowed === true ? `4xx, or 2xx with at most ${MAX_PAGE_RECORDS} records` : '4xx',
      actual: status,
    }),
  );
  return failures;
}

/** Records in a list body (`data` array), or undefined when the body holds no list. */
export function recordCount(body: unknown): number | undefined {
  const data = (body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data.length : undefined;
}

/** Sets (or with `undefined`, deletes) the value at a path of a JSON body; creates no missing parents. */
export function setPath(target: unknown, path: ReadonlyArray<string | number>, value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') throw new Error(`no ${path.join('.')} in the body`);
    node = next as Record<string | number, unknown>;
  }
  const last = path.at(-1);
  if (last === undefined) throw new Error('empty path');
  if (value === undefined) delete node[last];
  else node[last] = value;
}

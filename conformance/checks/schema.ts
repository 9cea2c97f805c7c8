import { ALL_OPERATIONS, type Check, type CheckContext, type Failure } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import type { Exchange } from '../client.js';
import {
  STANDARD,
  createdSubscription,
  isSuccess,
  nodeProductsPage,
  subscriptionsPage,
  updatedSubscription,
} from '../shared-requests.js';

/**
 * A success body against the spec's schema for its status. Broken contract fields fail; broken parts the
 * spec marks `x-convention` (e.g. `included` on node products) only warn. A body that is not JSON fails.
 */
export function successBodyFailures(ctx: CheckContext, exchange: Exchange): Failure[] {
  const { operation } = exchange;
  const { status, body, text } = exchange.response;
  if (operation === undefined || !isSuccess(status)) return [];
  const key = ctx.responseKey(operation, status) ?? String(status);
  if (body === undefined) {
    return [
      ctx.fail(exchange, {
        rule: 'response bodies are JSON',
        message: `${operation} answered ${status} with a body that is not JSON`,
        actual: text.slice(0, 200),
      }),
    ];
  }
  const { errors, count } = ctx.validate(operation, status, body);
  const contract = errors.filter((error) => error.convention !== true);
  const convention = errors.filter((error) => error.convention === true);
  const failures: Failure[] = [];
  if (count.contract > 0) {
    failures.push(
      ctx.fail(exchange, {
        rule: `the ${operation} body matches the spec's ${key} response schema`,
        source: 'contract',
        message: `${operation} ${status} body breaks the schema: ${summarise(contract, count.contract)}`,
        schemaErrors: contract,
        schemaErrorCount: count.contract,
      }),
    );
  }
  if (count.convention > 0) {
    failures.push(
      ctx.fail(exchange, {
        rule: `parts of the ${operation} body shaped by decisions.md (x-convention) match the spec`,
        source: 'convention',
        cites: decision(
          'Paging',
          'response members the interface does not show are shaped here (x-convention in the spec)',
        ),
        message: `${operation} ${status} body breaks a convention of the schema: ${summarise(convention, count.convention)}`,
        schemaErrors: convention,
        schemaErrorCount: count.convention,
      }),
    );
  }
  return failures;
}

/** "N errors, first at PATH KEYWORD": `count` is every distinct error, `errors` the first of them. */
function summarise(errors: ReadonlyArray<{ instancePath: string; keyword: string }>, count: number): string {
  const first = errors[0];
  const where =
    first === undefined
      ? ''
      : `${first.instancePath === '' ? '(root)' : first.instancePath} ${first.keyword}`;
  return `${count} error${count === 1 ? '' : 's'}, first at ${where}`;
}

/** A schema check of one standard request: skipped when the request did not succeed (status checks say why). */
function standardRequestCheck(
  id: string,
  operation: string,
  title: string,
  cites: string,
  fetch: (ctx: CheckContext) => Promise<Exchange>,
  readOnly = true,
): Check {
  return {
    id,
    title,
    family: 'schema',
    source: 'contract',
    cites,
    operation,
    readOnly,
    async run(ctx) {
      const exchange = await fetch(ctx);
      if (!isSuccess(exchange.response.status)) {
        ctx.inconclusive(`${operation} answered ${exchange.response.status}; the status checks report it`);
      }
      return successBodyFailures(ctx, exchange);
    },
  };
}

export const schemaChecks: Check[] = [
  standardRequestCheck(
    'schema.list-subscriptions',
    'listSubscriptions',
    'A page of subscriptions matches SubscriptionsListResponse',
    CONTRACT.listSuccess,
    subscriptionsPage,
  ),
  standardRequestCheck(
    'schema.node-products',
    'getNodeProducts',
    "A page of a node's products matches NodeProductsResponse",
    CONTRACT.nodeReturns,
    nodeProductsPage,
  ),
  standardRequestCheck(
    'schema.create-subscription',
    'createSubscription',
    'A created subscription matches SubscriptionResponse',
    CONTRACT.createSuccess,
    createdSubscription,
    false,
  ),
  standardRequestCheck(
    'schema.update-subscription',
    'updateSubscription',
    'An updated subscription matches SubscriptionResponse',
    CONTRACT.updateSuccess,
    updatedSubscription,
    false,
  ),
  {
    id: 'schema.all-responses',
    title: 'Every success body the run received matches its schema',
    family: 'schema',
    source: 'contract',
    cites: CONTRACT.bodiesAreJson,
    operation: ALL_OPERATIONS,
    // The standard requests are their own schema checks' to report; an answer over the cap has no body.
    watch(ctx, exchange) {
      const { operation, label, overLimit } = exchange;
      if (operation === undefined || label === STANDARD || overLimit !== undefined) return undefined;
      if (!isSuccess(exchange.response.status)) return undefined;
      return successBodyFailures(ctx, exchange);
    },
  },
  {
    id: 'schema.error-bodies',
    title: 'Every error body the run received follows the error shape of decisions.md',
    family: 'schema',
    source: 'convention',
    cites: decision('Error body'),
    operation: ALL_OPERATIONS,
    watch(ctx, exchange) {
      const { status, body } = exchange.response;
      const operation = exchange.operation;
      if (operation === undefined || status < 400 || status >= 500 || exchange.overLimit !== undefined)
        return undefined;
      // Statuses the spec does not list (405, 401, ...) still owe the common error shape.
      const documented = ctx.responseKey(operation, status);
      const { errors, count } =
        documented === undefined
          ? ctx.validateComponent('Error', body)
          : ctx.validate(operation, status, body);
      const total = count.contract + count.convention;
      if (total === 0) return [];
      const key = documented === undefined ? 'the Error schema' : `spec response ${documented}`;
      return [
        ctx.fail(exchange, {
          rule: `error bodies are { errors: [ErrorObject] } (decisions.md; ${key})`,
          message: `${operation} ${status} error body breaks the error shape: ${summarise(errors, total)}`,
          schemaErrors: errors,
          schemaErrorCount: total,
        }),
      ];
    },
  },
];

import { ALL_OPERATIONS, type Check, type CheckContext, type Failure } from '../check.js';
import type { Exchange } from '../client.js';
import {
  createdSubscription,
  isSuccess,
  nodeProductsPage,
  subscriptionsPage,
  updatedSubscription,
} from '../shared-requests.js';

/** At most this many exchanges are listed one by one by a whole-run check; the rest are counted. */
export const LISTED_EXCHANGES = 20;

/** Exchanges already validated by a schema check, so the whole-run pass does not report them twice. */
function validatedExchanges(ctx: CheckContext): Promise<WeakSet<Exchange>> {
  return ctx.cache.memo('schema.validated', () => Promise.resolve(new WeakSet<Exchange>()));
}

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
  const errors = ctx.validate(operation, status, body);
  const contract = errors.filter((error) => error.convention !== true);
  const convention = errors.filter((error) => error.convention === true);
  const failures: Failure[] = [];
  if (contract.length > 0) {
    failures.push(
      ctx.fail(exchange, {
        rule: `the ${operation} body matches the spec's ${key} response schema`,
        source: 'contract',
        message: `${operation} ${status} body breaks the schema: ${summarise(contract)}`,
        schemaErrors: contract,
      }),
    );
  }
  if (convention.length > 0) {
    failures.push(
      ctx.fail(exchange, {
        rule: `parts of the ${operation} body shaped by decisions.md (x-convention) match the spec`,
        source: 'convention',
        message: `${operation} ${status} body breaks a convention of the schema: ${summarise(convention)}`,
        schemaErrors: convention,
      }),
    );
  }
  return failures;
}

function summarise(errors: ReadonlyArray<{ instancePath: string; keyword: string }>): string {
  const first = errors[0];
  const where =
    first === undefined
      ? ''
      : `${first.instancePath === '' ? '(root)' : first.instancePath} ${first.keyword}`;
  return `${errors.length} error${errors.length === 1 ? '' : 's'}, first at ${where}`;
}

/** A schema check of one standard request: skipped when the request did not succeed (status checks say why). */
function standardRequestCheck(
  id: string,
  operation: string,
  title: string,
  fetch: (ctx: CheckContext) => Promise<Exchange>,
  readOnly = true,
): Check {
  return {
    id,
    title,
    family: 'schema',
    source: 'contract',
    operation,
    readOnly,
    async run(ctx) {
      const exchange = await fetch(ctx);
      (await validatedExchanges(ctx)).add(exchange);
      if (!isSuccess(exchange.response.status)) {
        ctx.skip(`${operation} answered ${exchange.response.status}; the status checks report it`);
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
    subscriptionsPage,
  ),
  standardRequestCheck(
    'schema.node-products',
    'getNodeProducts',
    "A page of a node's products matches NodeProductsResponse",
    nodeProductsPage,
  ),
  standardRequestCheck(
    'schema.create-subscription',
    'createSubscription',
    'A created subscription matches SubscriptionResponse',
    createdSubscription,
    false,
  ),
  standardRequestCheck(
    'schema.update-subscription',
    'updateSubscription',
    'An updated subscription matches SubscriptionResponse',
    updatedSubscription,
    false,
  ),
  {
    id: 'schema.all-responses',
    title: 'Every success body the run received matches its schema',
    family: 'schema',
    source: 'contract',
    operation: ALL_OPERATIONS,
    final: true,
    async run(ctx) {
      const validated = await validatedExchanges(ctx);
      const pending = ctx
        .exchanges()
        .filter(
          (exchange) =>
            !validated.has(exchange) &&
            exchange.operation !== undefined &&
            isSuccess(exchange.response.status),
        );
      if (pending.length === 0 && ctx.exchanges().length === 0)
        ctx.skip('no exchanges were recorded in this run');
      const failures = pending.flatMap((exchange) => {
        validated.add(exchange);
        return successBodyFailures(ctx, exchange);
      });
      return capFailures(ctx, failures);
    },
  },
  {
    id: 'schema.error-bodies',
    title: 'Every error body the run received follows the error shape of decisions.md',
    family: 'schema',
    source: 'convention',
    operation: ALL_OPERATIONS,
    final: true,
    run(ctx) {
      const errors = ctx.exchanges().filter((exchange) => {
        const { status } = exchange.response;
        return exchange.operation !== undefined && status >= 400 && status < 500;
      });
      if (errors.length === 0) ctx.skip('no 4xx answers were recorded in this run');
      const failures: Failure[] = [];
      for (const exchange of errors) {
        const operation = exchange.operation ?? '';
        const { status, body } = exchange.response;
        // Statuses the spec does not list (405, 401, ...) still owe the common error shape.
        const documented = ctx.responseKey(operation, status);
        const schemaErrors =
          documented === undefined
            ? ctx.validateComponent('Error', body)
            : ctx.validate(operation, status, body);
        const key = documented === undefined ? 'the Error schema' : `spec response ${documented}`;
        if (schemaErrors.length === 0) continue;
        failures.push(
          ctx.fail(exchange, {
            rule: `error bodies are { errors: [ErrorObject] } (decisions.md; ${key})`,
            source: 'convention',
            message: `${operation} ${status} error body breaks the error shape: ${summarise(schemaErrors)}`,
            schemaErrors,
          }),
        );
      }
      return Promise.resolve(capFailures(ctx, failures));
    },
  },
];

/** Keeps reports readable when a server breaks the same rule on every request. */
export function capFailures(ctx: CheckContext, failures: Failure[]): Failure[] {
  if (failures.length <= LISTED_EXCHANGES) return failures;
  const rest = failures.slice(LISTED_EXCHANGES);
  const contract = rest.some((failure) => failure.source === 'contract');
  return [
    ...failures.slice(0, LISTED_EXCHANGES),
    ctx.fail(undefined, {
      rule: rest[0]?.rule ?? 'as above',
      source: contract ? 'contract' : 'convention',
      message: `${rest.length} more exchanges break the same rules (not listed)`,
    }),
  ];
}

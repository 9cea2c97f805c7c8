import {
  ALL_OPERATIONS,
  type Check,
  type CheckContext,
  type Failure,
  type OperationRequest,
} from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import type { Exchange } from '../client.js';
import { isJsonContentType } from '../schema.js';
import {
  catalogParams,
  createdSubscription,
  createdSubscriptionId,
  isSuccess,
  nodeProductsPage,
  subscriptionsPage,
  updatedSubscription,
} from '../shared-requests.js';

/** Where a server that reads the plan objects of the create body differently says so (decisions.md error shape). */
const PLANS_POINTER = '/data/offering/plans';

/**
 * The standard request of an operation succeeds (2xx: contract) with the exact code of decisions.md
 * (convention). Content types of all answers are status.content-type's.
 */
function successCheck(
  id: string,
  operation: string,
  expected: number,
  cites: string,
  fetch: (ctx: CheckContext) => Promise<Exchange>,
  readOnly = true,
): Check {
  return {
    id,
    title: `A valid ${operation} request succeeds (2xx), with ${expected} by decisions.md`,
    family: 'status',
    source: 'contract',
    cites,
    operation,
    readOnly,
    async run(ctx) {
      const exchange = await fetch(ctx);
      const { status } = exchange.response;
      if (!isSuccess(status)) {
        return [
          ctx.fail(exchange, {
            rule: `a valid ${operation} request succeeds (2xx)`,
            // The plan objects of the create body are not shown in the interface: a server that reads
            // them differently and says so is following another convention, not breaking the contract.
            ...(errorPointsInto(exchange.response.body, PLANS_POINTER)
              ? {
                  source: 'convention',
                  cites: decision('Create and update', 'the plan objects of the create body'),
                }
              : {}),
            message: `${operation} answered ${status} to a valid request`,
            expected: '2xx',
            actual: status,
          }),
        ];
      }
      const failures: Failure[] = [];
      if (status !== expected) {
        failures.push(
          ctx.fail(exchange, {
            rule: `${operation} answers ${expected} on success (decisions.md)`,
            source: 'convention',
            cites: decision('Status codes'),
            message: `${operation} answered ${status}, decisions.md says ${expected}`,
            expected,
            actual: status,
          }),
        );
      }
      return failures;
    },
  };
}

/** Whether a JSON:API-style error body names a field under `pointer` (the shape itself is a convention). */
export function errorPointsInto(body: unknown, pointer: string): boolean {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return false;
  return errors.some((error) => {
    const at = (error as { source?: { pointer?: unknown } } | null)?.source?.pointer;
    return typeof at === 'string' && (at === pointer || at.startsWith(`${pointer}/`));
  });
}

interface CodeCase {
  label: string;
  /** This case's code when it is not the check's. */
  expected?: number;
  request: (ctx: CheckContext) => Promise<Exchange>;
}

/** Requests that must get one exact code of decisions.md (404 for unknown ids, 409 for a mismatched id). */
function exactCodeCheck(
  id: string,
  operation: string,
  title: string,
  expected: number,
  cases: readonly CodeCase[],
  readOnly = true,
): Check {
  return {
    id,
    title,
    family: 'status',
    source: 'convention',
    cites: decision('Status codes'),
    operation,
    readOnly,
    async run(ctx) {
      // Started in case order (random ids drawn as each starts), answered together; each answer is judged as
      // it comes, so its body (megabytes from some servers) is not held while the others are awaited.
      const found = await Promise.all(
        cases.map(async (testCase): Promise<Failure[]> => {
          const exchange = await testCase.request(ctx);
          const code = testCase.expected ?? expected;
          if (exchange.response.status === code) return [];
          return [
            ctx.fail(exchange, {
              rule: `${testCase.label} answers ${code} (decisions.md)`,
              message: `${testCase.label} answered ${exchange.response.status}`,
              expected: code,
              actual: exchange.response.status,
            }),
          ];
        }),
      );
      return found.flat();
    },
  };
}

const nodeProducts = (ctx: CheckContext, override: Record<string, string>): Promise<Exchange> =>
  ctx.call('getNodeProducts', { params: { ...catalogParams(ctx), ...override } });

const update = (id: string, body: unknown): OperationRequest => ({
  params: { subscription_uuid: id },
  json: body,
});

export const statusChecks: Check[] = [
  successCheck(
    'status.list-subscriptions',
    'listSubscriptions',
    200,
    CONTRACT.listSuccess,
    subscriptionsPage,
  ),
  successCheck('status.node-products', 'getNodeProducts', 200, CONTRACT.nodeReturns, nodeProductsPage),
  successCheck(
    'status.create-subscription',
    'createSubscription',
    201,
    CONTRACT.createSuccess,
    createdSubscription,
    false,
  ),
  successCheck(
    'status.update-subscription',
    'updateSubscription',
    200,
    CONTRACT.updateSuccess,
    updatedSubscription,
    false,
  ),
  exactCodeCheck(
    'status.node-products-unknown-ids',
    'getNodeProducts',
    'Unknown catalog, release or node ids answer 404',
    404,
    [
      {
        label: 'an unknown catalog_id',
        request: (ctx) => nodeProducts(ctx, { catalog_id: ctx.random.uuid() }),
      },
      {
        label: 'an unknown release_id',
        request: (ctx) => nodeProducts(ctx, { release_id: ctx.random.uuid() }),
      },
      { label: 'an unknown node_id', request: (ctx) => nodeProducts(ctx, { node_id: ctx.random.uuid() }) },
    ],
  ),
  exactCodeCheck(
    'status.update-unknown-subscription',
    'updateSubscription',
    'An update of an unknown subscription answers 404',
    404,
    [
      {
        label: 'a PUT on an unknown subscription_uuid',
        request: (ctx) => {
          const id = ctx.random.uuid();
          return ctx.call(
            'updateSubscription',
            update(id, { data: { id, type: 'subscription', attributes: {} } }),
          );
        },
      },
    ],
    false,
  ),
  exactCodeCheck(
    'status.update-conflict',
    'updateSubscription',
    'An update whose data.id does not match the path answers 409, one whose data.type is wrong 400',
    409,
    [
      {
        label: 'a PUT whose data.id differs from the path id',
        request: async (ctx) => {
          const { id } = await createdSubscriptionId(ctx);
          const other = ctx.random.uuid();
          return ctx.call(
            'updateSubscription',
            update(id, { data: { id: other, type: 'subscription', attributes: {} } }),
          );
        },
      },
      {
        label: 'a PUT whose data.type is not subscription',
        // The vendor's PUT declares no 409: a wrong type is its schema's 400 (decisions.md, Status codes).
        expected: 400,
        request: async (ctx) => {
          const { id } = await createdSubscriptionId(ctx);
          return ctx.call(
            'updateSubscription',
            update(id, { data: { id, type: 'product', attributes: {} } }),
          );
        },
      },
    ],
    false,
  ),
  {
    id: 'status.content-type',
    title: 'Every response body of the run is JSON with a JSON content-type',
    family: 'status',
    source: 'contract',
    cites: CONTRACT.bodiesAreJson,
    operation: ALL_OPERATIONS,
    watch(ctx, exchange) {
      const { status, headers, text, body } = exchange.response;
      // A 5xx is robustness.no-5xx's to report; an empty body has no type to declare; a 3xx is no answer.
      if (status >= 500 || (status >= 300 && status < 400) || exchange.overLimit !== undefined)
        return undefined;
      if (text.trim() === '') return undefined;
      const declared = isJsonContentType(headers['content-type']);
      if (declared && body !== undefined) return [];
      return [
        ctx.fail(exchange, {
          rule: 'response bodies are JSON, declared as application/json',
          message: declared
            ? `a ${status} body declared as JSON does not parse`
            : `a ${status} answer has content-type ${headers['content-type'] ?? '(none)'}`,
          expected: 'application/json',
          actual: headers['content-type'] ?? null,
        }),
      ];
    },
  },
];

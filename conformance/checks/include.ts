import type { Check, CheckContext, Failure } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import type { Exchange } from '../client.js';
import { idsOf } from '../oracles/id-sets.js';
import {
  keyFindings,
  NODE_INCLUDES,
  nodeProductFindings,
  subscriptionFindings,
  type Finding,
  type NodeInclude,
} from '../oracles/include-rules.js';
import { jsonAt } from '../oracles/json-at.js';
import {
  catalogParams,
  isSuccess,
  nodeProductsCollection,
  nodeProductsPage,
  subscriptionsPage,
} from '../shared-requests.js';

/** The include request itself: a 2xx with a data array, or the check ends with its one failure. */
function served(ctx: CheckContext, exchange: Exchange, include: string): unknown[] | Failure {
  const data = jsonAt(exchange.response.body, 'data');
  if (isSuccess(exchange.response.status) && Array.isArray(data)) return data;
  return ctx.fail(exchange, {
    rule: 'a documented include is accepted (2xx with data)',
    source: 'contract',
    cites: CONTRACT.include,
    message: `include=${include} answered ${exchange.response.status}`,
    expected: '2xx',
    actual: exchange.response.status,
  });
}

function subscriptionsIncludeCheck(asked: readonly ('plans' | 'products')[]): Check {
  const include = asked.join(',');
  return {
    id: `include.subscriptions-${asked.join('-')}`,
    title: `include=${include} on listSubscriptions adds the ${asked.join(' and ')} of the page's subscriptions`,
    family: 'include',
    source: 'contract',
    cites: CONTRACT.include,
    operation: 'listSubscriptions',
    async run(ctx) {
      const exchange = await ctx.call('listSubscriptions', { query: { include } });
      const data = served(ctx, exchange, include);
      if (!Array.isArray(data)) return [data];
      const included = jsonAt(exchange.response.body, 'included');
      const findings = keyFindings(included, asked, 'contract');
      if (findings.some((finding) => finding.source === 'contract')) return fail(ctx, exchange, findings);
      return fail(ctx, exchange, [...findings, ...subscriptionFindings(data, included, asked)]);
    },
  };
}

function fail(ctx: CheckContext, exchange: Exchange, findings: readonly Finding[]): Failure[] {
  return findings.map(({ rule, source, message, expected, actual }) =>
    ctx.fail(exchange, {
      rule,
      source,
      message,
      ...(expected === undefined ? {} : { expected }),
      ...(actual === undefined ? {} : { actual }),
    }),
  );
}

/** decisions.md: `included` appears only when asked for. */
function notAskedCheck(
  id: string,
  operation: 'listSubscriptions' | 'getNodeProducts',
  page: (ctx: CheckContext) => Promise<Exchange>,
): Check {
  return {
    id,
    title: `${operation} without include has no included member`,
    family: 'include',
    source: 'convention',
    cites: decision('Include', 'included appears only when asked for'),
    operation,
    async run(ctx) {
      const exchange = await page(ctx);
      if (!isSuccess(exchange.response.status))
        ctx.inconclusive(`${operation} answered ${exchange.response.status}`);
      const included = jsonAt(exchange.response.body, 'included');
      if (included === undefined) return [];
      return [
        ctx.fail(exchange, {
          rule: 'included appears only when include asks for it (decisions.md)',
          message: `${operation} without include answered an included member`,
          expected: 'no included',
          actual: included,
        }),
      ];
    },
  };
}

function nodeProductsIncludeCheck(id: string, pick: (ctx: CheckContext) => NodeInclude[]): Check {
  return {
    id,
    title: 'include on node products adds the component products, main images and files the page references',
    family: 'include',
    // interface.md describes the include values; the included keys and shapes are decisions.md's.
    source: 'convention',
    cites: decision('Include', 'node products: included holds component_products, main_images and files'),
    operation: 'getNodeProducts',
    async run(ctx) {
      const asked = pick(ctx);
      const include = asked.join(',');
      const exchange = await ctx.call('getNodeProducts', {
        params: catalogParams(ctx),
        query: [
          ['include', include],
          ['page[limit]', '100'],
        ],
      });
      const data = served(ctx, exchange, include);
      if (!Array.isArray(data)) return [data];
      const included = jsonAt(exchange.response.body, 'included');
      const keys = asked.map((value) => NODE_INCLUDES[value]);
      const findings = [
        ...keyFindings(included, keys, 'convention'),
        ...nodeProductFindings(data, included, keys),
      ];
      const reference = await nodeProductsCollection(ctx);
      const plain = idsOf(reference.pages[0]?.records ?? []);
      if (reference.failed === undefined && idsOf(data).join() !== plain.join()) {
        findings.push({
          rule: 'include adds included resources and leaves data as it is',
          source: 'convention',
          message: `include=${include} changed the page's data`,
          expected: plain,
          actual: idsOf(data),
        });
      }
      return fail(ctx, exchange, findings);
    },
  };
}

export const includeChecks: Check[] = [
  subscriptionsIncludeCheck(['plans']),
  subscriptionsIncludeCheck(['products']),
  subscriptionsIncludeCheck(['plans', 'products']),
  notAskedCheck('include.subscriptions-not-asked', 'listSubscriptions', subscriptionsPage),
  nodeProductsIncludeCheck('include.node-products-all', () => ['component_products', 'main_image', 'files']),
  nodeProductsIncludeCheck('include.node-products-one', (ctx) => [
    ctx.random.pick(['component_products', 'main_image', 'files'] as const),
  ]),
  notAskedCheck('include.node-products-not-asked', 'getNodeProducts', nodeProductsPage),
];

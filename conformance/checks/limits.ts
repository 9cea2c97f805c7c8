import type { Check, CheckContext, Failure } from '../check.js';
import { CONTRACT, limitsRow } from '../citations.js';
import type { Exchange } from '../client.js';
import { arrayOf, idOf, jsonAt, objectEntries } from '../oracles/json-at.js';
import { boundProblem, describeBound, type Bound } from '../oracles/limit-rules.js';
import { nodeProductsCollection, walkPages, type PageWalk } from '../shared-requests.js';
import { NODE_PRODUCTS, SUBSCRIPTIONS, type FilterTarget } from './filter-targets.js';
import { pageRecords, requestPage } from './page-requests.js';

/** A resource of a response and the exchange that carried it. */
interface Served {
  label: string;
  record: unknown;
  exchange: Exchange;
}

/** One value a Limits row applies to, where it was found. */
interface Located {
  where: string;
  value: unknown;
  exchange: Exchange;
}

/** The resources a Limits row can be read from. */
interface Resources {
  subscriptions: Served[];
  offerings: Served[];
  plans: Served[];
  products: Served[];
  nodeProducts: Served[];
}

/** A few pages of subscriptions with include=plans,products: the offering side of the Limits table. */
const SUBSCRIPTION_PAGES = 3;

function served(
  walk: PageWalk,
  label: string,
  pick: (page: { exchange: Exchange; records: unknown[] }) => unknown[],
): Served[] {
  return walk.pages.flatMap((page) =>
    pick(page).map((record) => ({ label, record, exchange: page.exchange })),
  );
}

/** The subscription side (pages with included plans and products) or the catalog side, fetched once a run. */
async function resources(ctx: CheckContext, side: 'subscriptions' | 'catalog'): Promise<Resources> {
  const empty: Resources = { subscriptions: [], offerings: [], plans: [], products: [], nodeProducts: [] };
  if (side === 'catalog') {
    const walk = await nodeProductsCollection(ctx);
    if (walk.failed !== undefined) ctx.inconclusive(`node products answered ${walk.failed.response.status}`);
    return { ...empty, nodeProducts: served(walk, 'product', (page) => page.records) };
  }
  const walk = await ctx.cache.memo('limits.subscription-pages', () =>
    walkPages(ctx, 'listSubscriptions', { query: [['include', 'plans,products']] }, 100, SUBSCRIPTION_PAGES),
  );
  if (walk.failed !== undefined)
    ctx.inconclusive(`listSubscriptions answered ${walk.failed.response.status}`);
  const subscriptions = served(walk, 'subscription', (page) => page.records);
  return {
    ...empty,
    subscriptions,
    offerings: subscriptions.map((s) => ({
      ...s,
      label: 'offering',
      record: jsonAt(s.record, 'attributes', 'offering'),
    })),
    plans: served(walk, 'plan', (page) => arrayOf(jsonAt(page.exchange.response.body, 'included', 'plans'))),
    products: served(walk, 'product', (page) =>
      arrayOf(jsonAt(page.exchange.response.body, 'included', 'products')),
    ),
  };
}

/** The value at a path of each resource. */
function at(items: readonly Served[], ...path: string[]): Located[] {
  return items.map(({ label, record, exchange }) => ({
    where: `${label} ${idOf(record) ?? '(no id)'} ${path.join('.')}`,
    value: jsonAt(record, ...path),
    exchange,
  }));
}

interface LimitRow {
  name: string;
  row: string;
  /** The row of interface.md's Limits table, verbatim. */
  limits: string;
  side: 'subscriptions' | 'catalog';
  bound: Bound;
  values(resources: Resources): Located[];
}

/** interface.md's Limits table, the rows a response can show. */
const ROWS: LimitRow[] = [
  {
    name: 'external-ref',
    limits: 'external_ref | at most 2048 characters | subscription, offering, product, plan',
    row: 'external_ref (subscription, offering, product, plan)',
    side: 'subscriptions',
    bound: { kind: 'length', max: 2048 },
    values: (r) =>
      [r.subscriptions, r.offerings, r.plans, r.products].flatMap((items) =>
        at(items, 'attributes', 'external_ref'),
      ),
  },
  {
    name: 'names',
    limits: 'name (offering, product, plan, subscription) | 3 to 1024 characters',
    row: 'name (offering, product, plan, subscription)',
    side: 'subscriptions',
    bound: { kind: 'length', min: 3, max: 1024 },
    values: (r) =>
      [r.subscriptions, r.offerings, r.plans, r.products].flatMap((items) => at(items, 'attributes', 'name')),
  },
  {
    name: 'description',
    limits: 'description | at most 1024 characters | offering, product, plan',
    row: 'description (offering, product, plan)',
    side: 'subscriptions',
    bound: { kind: 'length', max: 1024 },
    values: (r) =>
      [r.offerings, r.plans, r.products].flatMap((items) => at(items, 'attributes', 'description')),
  },
  {
    name: 'sku-main-image',
    limits: 'sku, main_image | at most 1024 characters | offering product',
    row: 'sku, main_image (offering product)',
    side: 'subscriptions',
    bound: { kind: 'length', max: 1024 },
    values: (r) => [...at(r.products, 'attributes', 'sku'), ...at(r.products, 'attributes', 'main_image')],
  },
  {
    name: 'currency',
    limits: 'currency | at most 1024 characters | subscription',
    row: 'currency (subscription)',
    side: 'subscriptions',
    bound: { kind: 'length', max: 1024 },
    values: (r) => at(r.subscriptions, 'attributes', 'currency'),
  },
  {
    name: 'customer-card-email',
    limits: 'customer_id, card_id, email | 3 to 1024 characters',
    row: 'customer_id, card_id, email',
    side: 'subscriptions',
    bound: { kind: 'length', min: 3, max: 1024 },
    values: (r) => [
      ...at(r.subscriptions, 'attributes', 'payment_authority', 'customer_id'),
      ...at(r.subscriptions, 'attributes', 'payment_authority', 'card_id'),
      ...at(r.subscriptions, 'attributes', 'email'),
    ],
  },
  {
    name: 'minimums',
    limits: 'price_units.amount, billing_frequency, plan_length | at least 1',
    row: 'price_units.amount, billing_frequency, plan_length',
    side: 'subscriptions',
    bound: { kind: 'number', min: 1 },
    values: (r) => [
      ...at(r.products, 'attributes', 'price_units', 'amount'),
      ...at(r.plans, 'attributes', 'billing_frequency'),
      ...at(r.plans, 'attributes', 'plan_length'),
    ],
  },
  {
    name: 'base-price-percentage',
    limits: 'base_price_percentage | at most 100 | plan',
    row: 'base_price_percentage (plan)',
    side: 'subscriptions',
    bound: { kind: 'number', max: 100 },
    values: (r) => at(r.plans, 'attributes', 'base_price_percentage'),
  },
  {
    name: 'custom-input-max-length',
    limits: 'custom input max_length | at most 255 | catalog product',
    row: 'custom input max_length (catalog product)',
    side: 'catalog',
    bound: { kind: 'number', max: 255 },
    values: (r) =>
      r.nodeProducts.flatMap(({ record, exchange }) =>
        objectEntries(jsonAt(record, 'attributes', 'custom_inputs')).flatMap(([input, value]) =>
          arrayOf(jsonAt(value, 'validation_rules')).map((rule, i) => ({
            where: `product ${idOf(record) ?? '(no id)'} custom_inputs.${input}.validation_rules[${i}].options.max_length`,
            value: jsonAt(rule, 'options', 'max_length'),
            exchange,
          })),
        ),
      ),
  },
  {
    name: 'breadcrumb-depth',
    limits: 'breadcrumb depth | up to 10 levels of parent nodes | catalog product meta',
    row: 'breadcrumb depth (catalog product meta)',
    side: 'catalog',
    bound: { kind: 'items', max: 10 },
    values: (r) => [
      ...at(r.nodeProducts, 'meta', 'bread_crumb_nodes'),
      ...r.nodeProducts.flatMap(({ record, exchange }) =>
        objectEntries(jsonAt(record, 'meta', 'bread_crumbs')).map(([node, chain]) => ({
          where: `product ${idOf(record) ?? '(no id)'} meta.bread_crumbs.${node}`,
          value: chain,
          exchange,
        })),
      ),
    ],
  },
];

function rowCheck(row: LimitRow): Check {
  const bound = describeBound(row.bound);
  return {
    id: `limits.${row.name}`,
    title: `${row.row}: ${bound} on every record served`,
    family: 'limits',
    source: 'contract',
    cites: limitsRow(row.limits),
    operation: row.side === 'catalog' ? 'getNodeProducts' : 'listSubscriptions',
    async run(ctx) {
      const located = row.values(await resources(ctx, row.side));
      const broken = located
        .map((entry) => ({ ...entry, problem: boundProblem(entry.value, row.bound) }))
        .filter((entry) => entry.problem !== undefined);
      const first = broken[0];
      if (first === undefined) return [];
      return [
        ctx.fail(first.exchange, {
          rule: `Limits: ${row.row} is ${bound}`,
          // The schema family reports the same values as schema errors where the spec carries the bound.
          message: `${broken.length} value(s) out of bounds (schema.* may report them too): ${broken
            .slice(0, 5)
            .map((entry) => `${entry.where}: ${entry.problem ?? ''}`)
            .join('; ')}`,
          expected: bound,
          actual: broken.slice(0, 5).map((entry) => ({ where: entry.where, problem: entry.problem })),
        }),
      ];
    },
  };
}

/** No page over 100 records: asking for 100 (and the furthest offset, 10000) and on every page of the run so far. */
function pageSizeCheck(target: FilterTarget): Check {
  return {
    id: `limits.${target.label}-page-size`,
    title: `No page of ${target.operation} holds over 100 records; page[limit]=100 and page[offset]=10000 are served`,
    family: 'limits',
    source: 'contract',
    cites: CONTRACT.pageLimits,
    operation: target.operation,
    watch(ctx, exchange) {
      if (exchange.operation !== target.operation) return undefined;
      const records = pageRecords(exchange);
      if (records === undefined) return undefined;
      if (records.length <= 100) return [];
      return [
        ctx.fail(exchange, {
          rule: 'Limits: a page holds at most 100 records',
          message: `a page of ${target.operation} holds ${records.length} records`,
          expected: '<= 100',
          actual: records.length,
        }),
      ];
    },
    async run(ctx) {
      const failures: Failure[] = [];
      for (const [offset, limit] of [
        [0, 100],
        [10000, 100],
      ] as const) {
        const exchange = await requestPage(ctx, target, offset, limit);
        if (pageRecords(exchange) !== undefined) continue;
        failures.push(
          ctx.fail(exchange, {
            rule: 'page[limit] up to 100 and page[offset] up to 10000 are within the Limits and served',
            message: `page[offset]=${offset}&page[limit]=${limit} answered ${exchange.response.status}`,
            expected: '2xx',
            actual: exchange.response.status,
          }),
        );
      }
      return failures;
    },
  };
}

export const limitsChecks: Check[] = [
  pageSizeCheck(SUBSCRIPTIONS),
  pageSizeCheck(NODE_PRODUCTS),
  ...ROWS.map(rowCheck),
];

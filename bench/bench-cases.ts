import type { LoadRequest } from './load-run.js';

export const STORE_SIZES = ['small', 'large'] as const;
export type StoreSize = (typeof STORE_SIZES)[number];

/** Seeded sizes per store (issue 6): products are per catalog release. */
export const STORES: Readonly<Record<StoreSize, { subscriptions: number; products: number }>> = {
  small: { subscriptions: 1_000, products: 1_000 },
  large: { subscriptions: 100_000, products: 10_000 },
};

/** Real ids read from a running mock (and fixtures/ids.json), so every case hits data that exists. */
export interface CaseIds {
  /** An account of a seeded subscription in the middle of the store. */
  accountId: string;
  /** Up to ten skus of live products of the node. */
  skus: string[];
  /** Offset of the deep-page case: the last page, at most 9900. */
  deepOffset: number;
  catalogId: string;
  releaseId: string;
  nodeId: string;
  subscriptionId: string;
  offeringId: string;
  /** Two plans of the offering, to switch between. */
  planIds: readonly [string, string];
}

export type CaseKind = 'get' | 'write';

export interface BenchCase {
  id: string;
  title: string;
  kind: CaseKind;
  /** A filtered list (for probes of filtered-list time at scale). */
  filtered: boolean;
  /**
   * Prism is measured beside the mock: only where its static example is about the size of the mock's body,
   * so the two figures compare the servers rather than the bodies.
   */
  prism: boolean;
  requests: LoadRequest[];
}

const SUBSCRIPTIONS = '/subscriptions/subscriptions';

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

/** Quotes a filter value only when the grammar needs it (decisions.md: `"` quotes, backslash escapes). */
export function filterValue(value: string): string {
  return /[,():"'\\]/.test(value) ? `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"` : value;
}

/** The cases of issue 6, in run order: reads first, writes last so created records never grow a read case's store. */
export function benchCases(ids: CaseIds): BenchCase[] {
  const nodeProducts = `/catalogs/${ids.catalogId}/releases/${ids.releaseId}/nodes/${ids.nodeId}/relationships/products`;
  const get = (
    id: string,
    title: string,
    path: string,
    filtered = false,
    headers?: Record<string, string>,
  ) => ({
    id,
    title,
    kind: 'get' as const,
    filtered,
    prism: id === 'list-subscriptions-one',
    requests: [{ method: 'GET' as const, path, ...(headers === undefined ? {} : { headers }) }],
  });
  const createBody = JSON.stringify({
    data: {
      account_id: ids.accountId,
      offering_id: ids.offeringId,
      plan_id: ids.planIds[0],
      currency: 'USD',
      manual_payments: true,
      name: 'Bench Shopper',
      email: 'bench.shopper@example.com',
    },
  });
  const switchTo = (planId: string) =>
    JSON.stringify({
      data: { id: ids.subscriptionId, type: 'subscription', attributes: { plan_id: planId } },
    });
  return [
    get('list-subscriptions', 'list subscriptions', SUBSCRIPTIONS),
    // Prism answers every list with its one-record example (about 2 KB), while the mock's default page of 25
    // is 48 KB: this case asks the mock for one record, so both send bodies of about the same size and
    // their ratio compares the servers, not the bodies.
    get(
      'list-subscriptions-one',
      "list subscriptions, page[limit]=1 (a body the size of Prism's)",
      withQuery(SUBSCRIPTIONS, { 'page[limit]': '1' }),
    ),
    get(
      'list-subscriptions-eq-account',
      'list subscriptions, eq(account_id)',
      withQuery(SUBSCRIPTIONS, { filter: `eq(account_id,${filterValue(ids.accountId)})` }),
      true,
    ),
    get(
      'list-subscriptions-include',
      'list subscriptions, include=plans,products',
      withQuery(SUBSCRIPTIONS, { include: 'plans,products' }),
    ),
    get(
      'list-subscriptions-deep-page',
      `list subscriptions, page[offset]=${ids.deepOffset}`,
      withQuery(SUBSCRIPTIONS, { 'page[offset]': String(ids.deepOffset) }),
    ),
    get('node-products', 'node products', nodeProducts),
    get(
      'node-products-in-sku',
      `node products, in(sku) of ${ids.skus.length}`,
      withQuery(nodeProducts, { filter: `in(sku,${ids.skus.map(filterValue).join(',')})` }),
      true,
    ),
    get(
      'node-products-include',
      'node products, include=component_products',
      withQuery(nodeProducts, { include: 'component_products' }),
    ),
    get('node-products-de', 'node products, accept-language de-DE', nodeProducts, false, {
      'accept-language': 'de-DE',
    }),
    {
      id: 'update-subscription',
      title: 'update subscription (plan switch)',
      kind: 'write',
      filtered: false,
      prism: false,
      // Connections cycle through both bodies, so every request really switches the plan.
      requests: [ids.planIds[1], ids.planIds[0]].map((planId) => ({
        method: 'PUT' as const,
        path: `${SUBSCRIPTIONS}/${ids.subscriptionId}`,
        body: switchTo(planId),
      })),
    },
    {
      id: 'create-subscription',
      title: 'create subscription',
      kind: 'write',
      filtered: false,
      prism: false,
      requests: [{ method: 'POST', path: SUBSCRIPTIONS, body: createBody }],
    },
  ];
}

/** Cases whose id equals or starts with one of `only` (all when `only` is empty). */
export function selectCases(cases: readonly BenchCase[], only: readonly string[]): BenchCase[] {
  return cases.filter((c) => selected(c.id, only));
}

/** Ids only matter in requests, so placeholders give every case's id before any mock runs. */
const PLACEHOLDER_IDS: CaseIds = {
  accountId: 'a',
  skus: ['s'],
  deepOffset: 0,
  catalogId: 'c',
  releaseId: 'r',
  nodeId: 'n',
  subscriptionId: 's',
  offeringId: 'o',
  planIds: ['p', 'q'],
};

/** Every case id, in run order. */
export function caseIds(): string[] {
  return benchCases(PLACEHOLDER_IDS).map((c) => c.id);
}

/** Whether `id` is one of `only` or starts with one (everything matches an empty `only`). */
export function selected(id: string, only: readonly string[]): boolean {
  return only.length === 0 || only.some((prefix) => id === prefix || id.startsWith(prefix));
}

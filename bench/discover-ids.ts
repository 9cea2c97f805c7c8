import type { CaseIds } from './bench-cases.js';
import { NODE_WRITES, type CapturedResponse } from './ceiling-server.js';
import type { LoadRequest } from './load-run.js';

/** The parts of fixtures/ids.json the cases use. */
export interface FixtureIds {
  catalog: { catalog_id: string; release_ids: string[]; node_id: string };
  subscriptions: { account_id: string; offering_id: string; plan_ids: string[]; subscription_id: string };
}

const DEEPEST_OFFSET = 9900;

/** The little of a list body discovery reads; everything optional, as a broken server may omit it. */
interface ListBody {
  data?: Array<{ attributes?: Record<string, unknown> } | null>;
  links?: { last?: unknown };
}

async function getJson(baseUrl: string, path: string): Promise<ListBody> {
  const response = await fetch(new URL(path, baseUrl));
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as ListBody;
}

/** `page[offset]` of a links URL, or undefined when the link is null or carries none. */
export function linkOffset(link: unknown): number | undefined {
  if (typeof link !== 'string') return undefined;
  const raw = new URL(link, 'http://x').searchParams.get('page[offset]');
  return raw === null || !/^\d+$/.test(raw) ? undefined : Number(raw);
}

/** Up to `count` items spread evenly over `items` (first and last included). */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from(
    { length: count },
    (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))] as T,
  );
}

/** Reads real ids from a running mock: an account in the middle of the store, skus of the node, the deepest page. */
export async function discoverIds(baseUrl: string, fixtures: FixtureIds): Promise<CaseIds> {
  const list = '/subscriptions/subscriptions';
  const one = await getJson(baseUrl, `${list}?page%5Blimit%5D=1`);
  const total = (linkOffset(one.links?.last) ?? 0) + 1;
  const middle = Math.min(Math.floor(total / 2), 10_000);
  const picked = await getJson(baseUrl, `${list}?page%5Blimit%5D=1&page%5Boffset%5D=${middle}`);
  const accountId: unknown = picked.data?.[0]?.attributes?.['account_id'];

  const firstPage = await getJson(baseUrl, list);
  const deepOffset = Math.min(DEEPEST_OFFSET, linkOffset(firstPage.links?.last) ?? 0);

  const releaseId = fixtures.catalog.release_ids.at(-1);
  if (releaseId === undefined) throw new Error('fixtures/ids.json lists no release');
  const nodePath = `/catalogs/${fixtures.catalog.catalog_id}/releases/${releaseId}/nodes/${fixtures.catalog.node_id}/relationships/products`;
  const products = await getJson(baseUrl, `${nodePath}?page%5Blimit%5D=100`);
  const skus = (Array.isArray(products.data) ? products.data : [])
    .map((p): unknown => p?.attributes?.['sku'])
    .filter((sku): sku is string => typeof sku === 'string' && sku !== '');
  if (skus.length === 0) throw new Error(`node ${fixtures.catalog.node_id} has no products with a sku`);

  const [planA, planB] = fixtures.subscriptions.plan_ids;
  if (planA === undefined || planB === undefined) throw new Error('fixtures/ids.json needs two plan ids');
  return {
    accountId: typeof accountId === 'string' ? accountId : fixtures.subscriptions.account_id,
    skus: spread(skus, 10),
    deepOffset,
    catalogId: fixtures.catalog.catalog_id,
    releaseId,
    nodeId: fixtures.catalog.node_id,
    subscriptionId: fixtures.subscriptions.subscription_id,
    offeringId: fixtures.subscriptions.offering_id,
    planIds: [planA, planB],
  };
}

/** Sends one request and keeps the response, for the ceiling to replay and for Prism's can-it-answer probe. */
export async function captureResponse(baseUrl: string, request: LoadRequest): Promise<CapturedResponse> {
  const response = await fetch(new URL(request.path, baseUrl), {
    method: request.method,
    headers: {
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return {
    method: request.method,
    path: request.path,
    // Cases that differ only in a header or body (de-DE, two plan switches) must replay their own capture.
    ...(request.headers === undefined ? {} : { requestHeaders: request.headers }),
    ...(request.body === undefined ? {} : { requestBody: request.body }),
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/json',
    headers: Object.fromEntries([...response.headers].filter(([name]) => !NODE_WRITES.has(name))),
    body: await response.text(),
  };
}

import type { Exchange } from './client.js';
import type { CheckContext } from './check.js';
import { validCreateBody } from './create-body.js';
import { inParallel } from './in-parallel.js';
import { deriveSeed, mulberry32 } from './prng.js';

/**
 * The standard requests of a run, fetched once and shared through ctx.cache: whichever check asks first
 * sends it, later checks reuse the exchange. Their bodies are seeded from the run seed alone (not from the
 * asking check), so the same seed sends the same requests whatever --only/--skip select.
 */

/** The label of the standard requests: each has its own schema check, so the whole-run pass leaves them. */
export const STANDARD = 'standard';

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** GET the subscriptions list, no query: the first page as the server pages it by default. */
export function subscriptionsPage(ctx: CheckContext): Promise<Exchange> {
  return ctx.cache.memo('shared.subscriptions-page', () =>
    ctx.call('listSubscriptions', { label: STANDARD }),
  );
}

/** GET the node's products of the configured catalog, release and node, no query. */
export function nodeProductsPage(ctx: CheckContext): Promise<Exchange> {
  return ctx.cache.memo('shared.node-products-page', () =>
    ctx.call('getNodeProducts', { params: catalogParams(ctx), label: STANDARD }),
  );
}

export function catalogParams(ctx: CheckContext): Record<string, string> {
  return { catalog_id: ctx.ids.catalogId, release_id: ctx.ids.releaseId, node_id: ctx.ids.nodeId };
}

/** The body of the standard create (also the base that rejection checks break one field at a time). */
export function standardCreateBody(ctx: Pick<CheckContext, 'settings'>): ReturnType<typeof validCreateBody> {
  return validCreateBody(mulberry32(deriveSeed(ctx.settings.seed, 'shared.create-subscription')));
}

/** POST a valid create body with an inline offering (a write: only checks with readOnly false may ask). */
export function createdSubscription(ctx: CheckContext): Promise<Exchange> {
  return ctx.cache.memo('shared.created-subscription', () =>
    ctx.call('createSubscription', { json: standardCreateBody(ctx), label: STANDARD }),
  );
}

/** The id of the standard created subscription, or skips the asking check when the create did not succeed. */
export async function createdSubscriptionId(
  ctx: CheckContext,
): Promise<{ id: string; planId: string | undefined }> {
  const created = await createdSubscription(ctx);
  const data = (
    created.response.body as { data?: { id?: unknown; attributes?: { plan_id?: unknown } } } | undefined
  )?.data;
  if (!isSuccess(created.response.status) || typeof data?.id !== 'string') {
    ctx.inconclusive(
      `needs a created subscription; the standard create answered ${created.response.status} without data.id`,
    );
  }
  const planId = data.attributes?.plan_id;
  return { id: data.id, planId: typeof planId === 'string' ? planId : undefined };
}

/** PUT on the standard created subscription that keeps its plan: an update every server must accept. */
export function updatedSubscription(ctx: CheckContext): Promise<Exchange> {
  return ctx.cache.memo('shared.updated-subscription', async () => {
    const { id, planId } = await createdSubscriptionId(ctx);
    const attributes = planId === undefined ? {} : { plan_id: planId };
    return ctx.call('updateSubscription', {
      params: { subscription_uuid: id },
      json: { data: { id, type: 'subscription', attributes } },
      label: STANDARD,
    });
  });
}

/** Pages a walk asks for at once. */
export const WALK_BATCH = 4;

/** How far a walk over a collection goes: enough for the mock's collections, bounded for big servers. */
// Bytes bound memory too: a walk is kept for the run, and parsed JSON weighs several times its text.
export const WALK_BOUND = { pages: 20, records: 2000, bytes: 4 * 1024 * 1024 } as const;

/** One page of a walk: the exchange and the records of its `data`. */
export interface WalkedPage {
  exchange: Exchange;
  offset: number;
  records: unknown[];
}

/** Pages fetched one after another by page[offset]; the kit's own view of a collection. */
export interface PageWalk {
  pages: WalkedPage[];
  /** The records of every page, in order. */
  records: unknown[];
  /** True when a short (or empty) page ended the walk within the bound. */
  complete: boolean;
  /** The answer that was not a 2xx with a `data` array; the walk stopped there. */
  failed?: Exchange;
}

/**
 * Walks a list operation with `page[limit]=limit` from offset 0 until a page holds fewer than `limit`
 * records (the server's totals are not trusted), at most `maxPages` pages and WALK_BOUND's records and bytes.
 */
export async function walkPages(
  ctx: CheckContext,
  operationId: string,
  request: { params?: Record<string, string>; query?: ReadonlyArray<readonly [string, string]> },
  limit: number,
  maxPages: number = WALK_BOUND.pages,
): Promise<PageWalk> {
  const walk: PageWalk = { pages: [], records: [], complete: false };
  let bytes = 0;
  // The first page alone (most filtered lists end there), then a few pages at once: a far server costs one
  // round trip per batch; pages asked past the end are dropped.
  for (let first = 0; first < maxPages;) {
    if (walk.records.length >= WALK_BOUND.records || bytes >= WALK_BOUND.bytes) return walk;
    // A batch asks for no more pages than the byte bound has room for (at the pages' size so far), so a walk
    // of big pages goes past the bound by one page at most, as a walk of one page at a time would.
    const room = first === 0 ? 1 : Math.ceil((WALK_BOUND.bytes - bytes) / Math.max(1, bytes / first));
    const size = Math.max(1, Math.min(WALK_BATCH, maxPages - first, room));
    const offsets = Array.from({ length: size }, (_, i) => (first + i) * limit);
    const exchanges = await inParallel(offsets, (offset) =>
      ctx.call(operationId, {
        ...(request.params === undefined ? {} : { params: request.params }),
        query: [...(request.query ?? []), ['page[offset]', String(offset)], ['page[limit]', String(limit)]],
      }),
    );
    for (const [i, exchange] of exchanges.entries()) {
      const data = (exchange.response.body as { data?: unknown } | undefined)?.data;
      if (!isSuccess(exchange.response.status) || !Array.isArray(data)) return { ...walk, failed: exchange };
      bytes += exchange.response.bytes;
      walk.pages.push({ exchange, offset: offsets[i] ?? 0, records: data });
      walk.records.push(...data);
      if (data.length < limit) return { ...walk, complete: true };
    }
    first += size;
  }
  return walk;
}

/** The whole subscriptions collection as far as WALK_BOUND goes, 100 records a page; fetched once a run. */
export function subscriptionsCollection(ctx: CheckContext): Promise<PageWalk> {
  return ctx.cache.memo('shared.subscriptions-collection', () =>
    walkPages(ctx, 'listSubscriptions', {}, 100),
  );
}

/** The node's products as far as WALK_BOUND goes, 100 records a page; fetched once a run. */
export function nodeProductsCollection(ctx: CheckContext): Promise<PageWalk> {
  return ctx.cache.memo('shared.node-products-collection', () =>
    walkPages(ctx, 'getNodeProducts', { params: catalogParams(ctx) }, 100),
  );
}

import type { Exchange } from './client.js';
import type { CheckContext } from './check.js';
import { validCreateBody } from './create-body.js';
import { deriveSeed, mulberry32 } from './prng.js';

/**
 * The standard requests of a run, fetched once and shared through ctx.cache: whichever check asks first
 * sends it, later checks reuse the exchange. Their bodies are seeded from the run seed alone (not from the
 * asking check), so the same seed sends the same requests whatever --only/--skip select.
 */

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** GET the subscriptions list, no query: the first page as the server pages it by default. */
export function subscriptionsPage(ctx: CheckContext): Promise<Exchange> {
  return ctx.cache.memo('shared.subscriptions-page', () => ctx.call('listSubscriptions'));
}

/** GET the node's products of the configured catalog, release and node, no query. */
export function nodeProductsPage(ctx: CheckContext): Promise<Exchange> {
  return ctx.cache.memo('shared.node-products-page', () =>
    ctx.call('getNodeProducts', { params: catalogParams(ctx) }),
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
    ctx.call('createSubscription', { json: standardCreateBody(ctx) }),
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
    ctx.skip(
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
    });
  });
}

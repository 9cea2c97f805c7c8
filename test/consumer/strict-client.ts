// A front-end team's client, as they would write it from the generated types: openapi-fetch, strict TypeScript,
// no casts and no non-null assertions. consumer.test.ts type-checks this file against types generated afresh from
// the spec, so a field the spec leaves optional, untyped or undeclared while the UI needs it is a type error here.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '../../src/contract/openapi-types.gen.js';

type Schemas = components['schemas'];
type Subscription = Schemas['Subscription'];
type OfferingPlan = Schemas['OfferingPlan'];
type OfferingProduct = Schemas['OfferingProduct'];
type NodeProduct = Schemas['NodeProduct'];
type VariationMatrix = NonNullable<NonNullable<NodeProduct['meta']>['variation_matrix']>;

export type SubcatClient = Client<paths>;
export type CreateBody = Schemas['BuildSubscription'];
export type UpdateAttributes = Schemas['UpdateSubscription']['attributes'];
export type ListQuery = NonNullable<paths['/subscriptions/subscriptions']['get']['parameters']['query']>;
type NodeProductsOperation =
  paths['/catalogs/{catalog_id}/releases/{release_id}/nodes/{node_id}/relationships/products']['get'];
export type NodeProductsPath = NodeProductsOperation['parameters']['path'];
export type NodeProductsQuery = NonNullable<NodeProductsOperation['parameters']['query']>;

/** What every call hands back: the body as received (for the field walk) and what the UI reads off it. */
export interface Read<View> {
  body: unknown;
  view: View;
}

/** A subscription as a UI shows it: each field with the type the UI needs, read without a cast. */
export interface SubscriptionView {
  id: string;
  name: string;
  email: string;
  accountId: string;
  planId: string;
  currency: string;
  status: 'active' | 'inactive';
  createdAt: string;
  goLiveAfter: string | undefined;
  action: 'cancel' | 'pause' | 'resume' | 'pending' | undefined;
  pending: boolean | undefined;
  customerId: string | undefined;
  offering: { id: string; name: string; productIds: string[]; planIds: string[] };
  offeringRef: string | undefined;
  planRef: string | undefined;
}

export interface PlanView {
  id: string;
  name: string;
  every: string;
  length: number;
  canPause: boolean;
  offeringId: string | undefined;
  prices: { currency: string; amount: number }[];
  activePlan: boolean | null | undefined;
}

export interface ProductView {
  id: string;
  name: string;
  sku: string | undefined;
  offeringId: string | undefined;
  prices: { currency: string; amount: number }[];
}

export interface PageView {
  total: number;
  pages: number;
  current: number;
  self: string | null;
  first: string | null;
  next: string | null;
  last: string | null;
}

export interface NodeProductView {
  id: string;
  name: string | undefined;
  sku: string | undefined;
  slug: string | undefined;
  tags: string[];
  price: { currency: string; amount: number }[];
  formatted: string | undefined;
  extensions: { template: string; attribute: string; value: string | number | boolean | null }[];
  variants: { options: string[]; childId: string }[];
  parentId: string | undefined;
}

export function subcatClient(baseUrl: string): SubcatClient {
  return createClient<paths>({ baseUrl });
}

/** The body of a success, or an Error naming the status and the first error detail. */
function success<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(`${result.response.status} ${result.response.url}: ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

function priceList(price: Record<string, { amount: number }> | undefined) {
  return Object.entries(price ?? {}).map(([currency, { amount }]) => ({ currency, amount }));
}

export function subscriptionView(subscription: Subscription): SubscriptionView {
  const { attributes, meta } = subscription;
  const { offering } = attributes;
  return {
    id: subscription.id,
    name: attributes.name,
    email: attributes.email,
    accountId: attributes.account_id,
    planId: attributes.plan_id,
    currency: attributes.currency,
    status: meta.status,
    createdAt: meta.timestamps.created_at,
    goLiveAfter: meta.timestamps.go_live_after,
    action: meta.state?.attributes.action,
    pending: meta.state?.meta.pending,
    customerId: attributes.payment_authority?.customer_id,
    offering: {
      id: offering.id,
      name: offering.attributes.name,
      productIds: offering.relationships?.products?.data.map((ref) => ref.id) ?? [],
      planIds: offering.relationships?.plans?.data.map((ref) => ref.id) ?? [],
    },
    offeringRef: attributes.relationships?.offering?.data.id,
    planRef: attributes.relationships?.plan?.data.id,
  };
}

function planView(plan: OfferingPlan): PlanView {
  const { attributes } = plan;
  return {
    id: plan.id,
    name: attributes.name,
    every: `${attributes.billing_frequency} ${attributes.billing_interval_type}`,
    length: attributes.plan_length,
    canPause: attributes.can_pause,
    offeringId: plan.relationships?.offering?.data.id,
    prices: priceList(plan.meta.price),
    activePlan: plan.meta.active_plan,
  };
}

function productView(product: OfferingProduct): ProductView {
  return {
    id: product.id,
    name: product.attributes.name,
    sku: product.attributes.sku,
    offeringId: product.relationships?.offering?.data.id,
    prices: priceList(product.attributes.price),
  };
}

function matrixLeaves(matrix: VariationMatrix, trail: string[] = []): NodeProductView['variants'] {
  return Object.entries(matrix).flatMap(([optionId, inner]) =>
    typeof inner === 'string'
      ? [{ options: [...trail, optionId], childId: inner }]
      : matrixLeaves(inner, [...trail, optionId]),
  );
}

export function nodeProductView(product: NodeProduct): NodeProductView {
  const { attributes, meta } = product;
  const extensions = Object.entries(attributes.extensions ?? {}).flatMap(([template, values]) =>
    Object.entries(values).map(([attribute, value]) => ({ template, attribute, value })),
  );
  return {
    id: product.id,
    name: attributes.name,
    sku: attributes.sku,
    slug: attributes.slug,
    tags: attributes.tags ?? [],
    price: priceList(attributes.price),
    formatted: meta?.display_price?.without_tax?.formatted,
    extensions,
    variants: matrixLeaves(meta?.variation_matrix ?? {}),
    parentId: product.relationships?.parent?.data?.id,
  };
}

/** Where a list is: its totals and the links to walk it, as both list operations send them. */
function pageView(meta: Schemas['CollectionMeta'], links: Schemas['PageLinks']): PageView {
  return {
    total: meta.results.total,
    pages: meta.page.total,
    current: meta.page.current,
    self: links.self,
    first: links.first,
    next: links.next,
    last: links.last,
  };
}

export async function createSubscription(
  client: SubcatClient,
  data: CreateBody,
): Promise<Read<SubscriptionView>> {
  const body = success(await client.POST('/subscriptions/subscriptions', { body: { data } }));
  return { body, view: subscriptionView(body.data) };
}

export async function updateSubscription(
  client: SubcatClient,
  id: string,
  attributes: UpdateAttributes,
): Promise<Read<SubscriptionView>> {
  const body = success(
    await client.PUT('/subscriptions/subscriptions/{subscription_uuid}', {
      params: { path: { subscription_uuid: id } },
      body: { data: { id, type: 'subscription', attributes } },
    }),
  );
  return { body, view: subscriptionView(body.data) };
}

export interface SubscriptionsPage {
  rows: SubscriptionView[];
  plans: PlanView[];
  products: ProductView[];
  page: PageView;
}

export async function listSubscriptions(
  client: SubcatClient,
  query: ListQuery,
): Promise<Read<SubscriptionsPage>> {
  const body = success(await client.GET('/subscriptions/subscriptions', { params: { query } }));
  return {
    body,
    view: {
      rows: body.data.map(subscriptionView),
      plans: (body.included?.plans ?? []).map(planView),
      products: (body.included?.products ?? []).map(productView),
      page: pageView(body.meta, body.links),
    },
  };
}

export interface NodeProductsPage {
  products: NodeProductView[];
  components: NodeProductView[];
  files: { id: string; href: string | undefined }[];
  page: PageView;
}

export async function getNodeProducts(
  client: SubcatClient,
  path: NodeProductsPath,
  query: NodeProductsQuery,
  language?: string,
): Promise<Read<NodeProductsPage>> {
  const body = success(
    await client.GET('/catalogs/{catalog_id}/releases/{release_id}/nodes/{node_id}/relationships/products', {
      params: { path, query, header: language === undefined ? {} : { 'accept-language': language } },
    }),
  );
  const { meta, links, included } = body;
  const files = [...(included?.files ?? []), ...(included?.main_images ?? [])];
  return {
    body,
    view: {
      products: body.data.map(nodeProductView),
      components: (included?.component_products ?? []).map(nodeProductView),
      files: files.map((file) => ({ id: file.id, href: file.link?.href })),
      page: pageView(meta, links),
    },
  };
}

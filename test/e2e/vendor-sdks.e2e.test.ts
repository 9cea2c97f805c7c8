import { gateway, MemoryStorageFactory } from '@elasticpath/js-sdk';
import { createShopperClient, getProductsForNode, listSubscriptions } from '@epcc-sdk/sdks-shopper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';

// The vendor's own SDKs, unchanged, against a mock at its defaults: only the host is given to them, and they
// authenticate their own way (POST /oauth/access_token) and use their own path prefixes (/v2, /pcm, none).
// Each answer is compared with what the spec's own path answers for the same request, so the SDK sees the
// data a plain client of the contract sees. vendor-facts.md (the briefs) records what each SDK sends.

const { catalog, subscriptions } = FIXTURE_IDS;
const NODE_PRODUCTS = `/catalogs/${catalog.catalog_id}/releases`;
const CURRENT_RELEASE = catalog.release_ids[catalog.release_ids.length - 1] ?? '';

let mock: RunningMock;
let host = '';

interface Page {
  data: { id: string; attributes: Record<string, unknown>; meta?: unknown }[];
  included?: Record<string, { id: string }[]>;
  links?: Record<string, string | null>;
}

/** The spec's own path, fetched plainly: what the SDK's answer must equal. */
async function direct(path: string, headers: Record<string, string> = {}): Promise<Page> {
  const answer = await fetch(`${mock.url}${path}`, { headers });
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as Page;
}

const ids = (page: Page) => page.data.map((record) => record.id);
/** The records without their links: a link names the host and the path prefix the request came in on. */
const records = (page: Page) => page.data.map(({ id, attributes, meta }) => ({ id, attributes, meta }));

/** The js-sdk as a storefront configures it: a client id and the host (in-memory storage: Node has no localStorage). */
function jsSdk(extra: { language?: string; client_secret?: string } = {}) {
  // `protocol` is read by the SDK but missing from its ConfigOptions type: a variable, not a checked literal.
  const config = {
    client_id: 'storefront',
    host,
    protocol: 'http',
    storage: new MemoryStorageFactory(),
    ...extra,
  };
  return gateway(config);
}

/** The shopper SDK as its README configures it: the base URL and a client id (a Map for its token storage). */
function shopper() {
  const stored = new Map<string, string>();
  const storage = {
    get: () => stored.get('credentials'),
    set: (value: string | undefined) =>
      void (value === undefined ? stored.delete('credentials') : stored.set('credentials', value)),
  };
  return createShopperClient({ baseUrl: mock.url }, { clientId: 'storefront', storage }).client;
}

beforeAll(async () => {
  mock = await startMock({ port: 0, logLevel: 'silent' });
  host = new URL(mock.url).host;
  // The js-sdk logs "Token status: ..." before each token it asks for.
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await mock.close();
});

describe('@elasticpath/js-sdk, unchanged, against the mock', () => {
  it('lists subscriptions with a filter, an include, paging and a sort', async () => {
    const sdk = jsSdk();
    const query = sdk.Subscriptions.Filter({ eq: { account_id: subscriptions.account_id } })
      .With(['plans'])
      .Limit(1)
      .Offset(1);
    // @ts-expect-error the js-sdk types Sort as never on subscriptions; its JavaScript callers send it all the same
    const page = (await query.Sort('created_at').All()) as unknown as Page;
    const expected = await direct(
      `/subscriptions/subscriptions?filter=eq(account_id,${subscriptions.account_id})&include=plans&page[limit]=1&page[offset]=1`,
    );
    expect(ids(page)).toEqual(ids(expected));
    expect(page.data).toHaveLength(1);
    expect(page.included?.plans?.length).toBeGreaterThan(0);
    expect(page.links?.self).toContain('/v2/subscriptions/subscriptions');
  });

  it('creates a subscription, then switches its plan', async () => {
    const sdk = jsSdk({ client_secret: 'back-office-secret' });
    const body = {
      account_id: subscriptions.account_id,
      offering_id: subscriptions.offering_id,
      plan_id: subscriptions.plan_ids[0] ?? '',
      currency: 'USD',
      manual_payments: true,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    };
    const created = (await sdk.Subscriptions.Create(body)) as unknown as { data: Page['data'][number] };
    expect(created.data.attributes.plan_id).toBe(subscriptions.plan_ids[0]);
    const id = created.data.id;
    const other = subscriptions.plan_ids[1] ?? '';
    const switched = (await sdk.Subscriptions.Update(id, {
      id,
      type: 'subscription',
      attributes: { plan_id: other },
    })) as unknown as { data: Page['data'][number] };
    expect(switched.data.attributes.plan_id).toBe(other);
    const listed = await direct(
      `/subscriptions/subscriptions?filter=eq(account_id,${subscriptions.account_id})&page[limit]=100`,
    );
    expect(listed.data.find((record) => record.id === id)?.attributes.plan_id).toBe(other);
  });

  it.each([
    ['latest', 'latest'],
    ['latestPublished', 'latest'],
    [CURRENT_RELEASE, CURRENT_RELEASE],
  ])('reads node products of release %s with a limit and an include', async (releaseId, release) => {
    const products = jsSdk().Catalogs.Products;
    // @ts-expect-error the js-sdk's types omit With on catalog products; it sends include all the same
    const page = (await products.With(['main_image']).Limit(3).GetCatalogReleaseNodeProducts({
      catalogId: catalog.catalog_id,
      releaseId,
      nodeId: catalog.node_id,
    })) as unknown as Page;
    const expected = await direct(
      `${NODE_PRODUCTS}/${release}/nodes/${catalog.node_id}/relationships/products?include=main_image&page[limit]=3`,
    );
    expect(page.data).toHaveLength(3);
    expect(ids(page)).toEqual(ids(expected));
    expect(page.included).toEqual(expected.included);
  });

  it('reads node products in the language it is configured with (X-Moltin-Language)', async () => {
    const path = `${NODE_PRODUCTS}/latest/nodes/${catalog.node_id}/relationships/products?page[limit]=3`;
    const page = (await jsSdk({ language: 'fr-FR' })
      .Catalogs.Products.Limit(3)
      .GetCatalogReleaseNodeProducts({
        catalogId: catalog.catalog_id,
        releaseId: 'latest',
        nodeId: catalog.node_id,
      })) as unknown as Page;
    const french = await direct(path, { 'accept-language': 'fr-FR' });
    const english = await direct(path, { 'accept-language': 'en-US' });
    expect(records(page)).toEqual(records(french));
    expect(records(french)).not.toEqual(records(english));
  });
});

describe('@epcc-sdk/sdks-shopper, unchanged, against the mock', () => {
  it('lists subscriptions with a filter, includes (one it does not serve) and paging', async () => {
    const { data, response } = await listSubscriptions({
      client: shopper(),
      query: {
        filter: `eq(account_id,${subscriptions.account_id})`,
        include: ['plans', 'pricing_options'],
        'page[limit]': BigInt(1),
        'page[offset]': BigInt(1),
      },
    });
    expect(response.status).toBe(200);
    const expected = await direct(
      `/subscriptions/subscriptions?filter=eq(account_id,${subscriptions.account_id})&include=plans&page[limit]=1&page[offset]=1`,
    );
    const page = data as unknown as Page;
    expect(ids(page)).toEqual(ids(expected));
    expect(page.included?.plans).toEqual(expected.included?.plans);
    expect(response.headers.get('x-subcat-ignored')).toBe('include=pricing_options');
  });

  it.each(['latest', 'latestPublished', CURRENT_RELEASE])(
    'reads node products of %s with a limit, an include and a language',
    async (release) => {
      const { data, response } = await getProductsForNode({
        client: shopper(),
        path: { catalog_id: catalog.catalog_id, release_id: release, node_id: catalog.node_id },
        query: { include: ['main_image', 'files'], 'page[limit]': BigInt(2) },
        headers: { 'accept-language': 'fr-FR' },
      });
      expect(response.status).toBe(200);
      const asked = release === 'latestPublished' ? 'latest' : release;
      const expected = await direct(
        `${NODE_PRODUCTS}/${asked}/nodes/${catalog.node_id}/relationships/products?include=main_image,files&page[limit]=2`,
        { 'accept-language': 'fr-FR' },
      );
      // Links may name the release as it was asked (latestPublished): the records, includes and counts must match.
      const page = data as unknown as Page & { meta?: unknown };
      expect(records(page)).toEqual(records(expected));
      expect(page.included).toEqual(expected.included);
      expect(page.meta).toEqual((expected as Page & { meta?: unknown }).meta);
    },
  );
});

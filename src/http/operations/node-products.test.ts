import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededCatalogStore } from '../../../test/support/seeded-catalogs.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import type { Language } from '../../i18n/language.js';
import { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';
import { HttpError } from '../http-error.js';
import { getNodeProducts } from './node-products.js';
import type { OperationsState } from './operations-state.js';

const ids = FIXTURE_IDS.catalog;
const newest = ids.release_ids.at(-1) ?? '';
const state: OperationsState = {
  subscriptions: new SubscriptionStore(seededSubscriptions({ seed: 7, subscriptions: 0 })),
  catalog: seededCatalogStore({ seed: 7, products: 150 }),
  pageLength: 25,
};

interface Call {
  catalog?: string;
  release?: string;
  node?: string;
  query?: string;
  language?: string;
  base?: string;
}

/** The handler's answer as a client reads it, or the HttpError it throws. */
function get(call: Call = {}) {
  const { catalog = ids.catalog_id, release = 'latest', node = ids.node_id, query = '', language = 'en-US', base = 'http://127.0.0.1:4010' } = call;
  const url = new URL(`${base}/catalogs/${catalog}/releases/${release}/nodes/${node}/relationships/products?${query}`);
  const params = { catalog_id: catalog, release_id: release, node_id: node };
  try {
    const result = getNodeProducts.handler({ request: {} as IncomingMessage, params, query: url.searchParams, body: undefined, url, base, language: language as Language, state, prefix: '', session: '' });
    if (result instanceof Promise) throw new Error('node products answer synchronously');
    return { status: result.status, headers: result.headers, body: JSON.parse(JSON.stringify(result.body)) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, headers: error.headers, body: { errors: error.errors } };
  }
} // prettier-ignore

describe('getNodeProducts', () => {
  it('answers a page of the node with the default page length, totals and links', () => {
    const { status, body } = get();
    expect([status, body.data.length, body.meta.page.limit]).toEqual([200, 25, 25]);
    expect(body.meta.results.total).toBeGreaterThan(25);
    expect(new URL(body.links.next).searchParams.get('page[offset]')).toBe('25');
  });

  const languages = [
    { language: 'fr-FR', expected: 'fr-FR' },
    { language: 'de-DE', expected: 'de-DE' },
    { language: 'xx-YY', expected: 'en-US' },
  ];
  it.each(languages)(
    'answers Content-Language $expected to $language, in that language',
    ({ language, expected }) => {
      const { status, headers, body } = get({ language });
      expect([status, headers]).toEqual([200, { 'Content-Language': expected }]);
      expect(body.data[0].meta.language).toBe(expected);
    },
  );

  it('links products back through the base the request came by, with the release id for latest', () => {
    const base = 'https://shop.test:8443/v2';
    const { body } = get({ base, query: 'include=main_image' });
    expect(body.data[0].relationships.links.self).toBe(
      `${base}/catalogs/${ids.catalog_id}/releases/${newest}/nodes/${ids.node_id}/relationships/products?filter=in(id,${body.data[0].id})`,
    );
    expect(body.links.self.startsWith(`${base}/catalogs/`)).toBe(true);
    const images = body.included.main_images.map((image: { link: { href: string } }) => image.link.href);
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((href: string) => !href.startsWith(`${base}/__subcat/assets/`))).toEqual([]);
  });

  const misses = [
    { title: 'an unknown catalog', call: { catalog: 'nope' }, status: 404, parameter: 'catalog_id' },
    { title: 'a release no longer published', call: { release: ids.release_ids[0] }, status: 404, parameter: 'release_id' },
    { title: 'an unknown node', call: { node: 'nope' }, status: 404, parameter: 'node_id' },
    { title: 'a filter on an attribute it does not offer', call: { query: 'filter=eq(color,red)' }, status: 400, parameter: 'filter' },
    { title: 'an unknown include', call: { query: 'include=variations' }, status: 400, parameter: 'include' },
  ]; // prettier-ignore
  it.each(misses)('answers $status naming $parameter for $title', ({ call, status, parameter }) => {
    const result = get(call);
    expect([result.status, result.body.errors[0]?.source?.parameter]).toEqual([status, parameter]);
  });

  it('opts into the whole-response cache with a version that never changes (catalogs are immutable)', () => {
    expect([getNodeProducts.cacheVersion?.(state), getNodeProducts.cacheVersion?.(state)]).toEqual([0, 0]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { packageRoot } from '../../src/spec/load.js';

// Get a node's products over real HTTP, against the fixed catalog of fixtures/ (ids.json, catalog.json).

interface Product {
  id: string;
  attributes: Record<string, unknown> & {
    name: string;
    sku: string;
    tags: string[];
    price: Record<string, { amount: number; includes_tax: boolean }>;
  };
  relationships: Record<string, { data?: unknown }>;
  meta: Record<string, unknown> & {
    product_types: string[];
    bread_crumbs: Record<string, string[]>;
    bread_crumb_nodes: string[];
    language: string;
    display_price: Record<'with_tax' | 'without_tax', { amount: number; formatted: string }>;
  };
}
interface Page {
  meta: {
    results: { total: number };
    page: { limit: number; offset: number; current: number; total: number };
  };
  data: Product[];
  links: { self: string; first: string; last: string | null; prev: string | null; next: string | null };
  included?: Record<string, { id: string }[]>;
}
interface Answer<T = Page> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

const read = (file: string) => JSON.parse(readFileSync(join(packageRoot(), 'fixtures', file), 'utf8'));
const ids = read('ids.json').catalog as {
  catalog_id: string;
  release_ids: string[];
  root_node_id: string;
  node_id: string;
  deep_node_id: string;
  empty_node_id: string;
};
const fixture = read('catalog.json') as {
  catalog: { tax_rate_bp: number; display_currency: string };
  nodes: { id: string; parent_id: string | null }[];
  showcase: { live_by_release: Record<string, number>; curated_live_by_release: Record<string, number> };
  deep_live_products: number;
};
const [expired = '', older = '', , newest = ''] = ids.release_ids;

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 3, products: 300, logLevel: 'silent' });
});
afterAll(async () => {
  await mock.close();
});

const path = (node = ids.node_id, release = 'latest', catalog = ids.catalog_id) =>
  `/catalogs/${catalog}/releases/${release}/nodes/${node}/relationships/products`;

async function get<T = Page>(target: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const url = target.startsWith('http') ? target : `${mock.url}${target}`;
  const response = await request(url, { headers });
  return { status: response.statusCode, headers: response.headers, body: (await response.body.json()) as T };
}

/** The node's whole list (one request of 100 is enough for the fixed node). */
async function everything(node = ids.node_id, release = 'latest'): Promise<Product[]> {
  const answer = await get(`${path(node, release)}?page[limit]=100`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const filtered = async (filter: string) =>
  get(`${path()}?page[limit]=100&filter=${encodeURIComponent(filter)}`);
const quote = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;

function attribute(product: Product, name: string): string[] {
  if (name === 'id') return [product.id];
  if (name === 'product_types') return product.meta.product_types;
  const value = product.attributes[name];
  return Array.isArray(value) ? (value as string[]) : [String(value)];
}

describe('GET node products: content', () => {
  it('returns only the live products of the node, curated ones first with curated_product true', async () => {
    const all = await everything();
    expect(all).toHaveLength(fixture.showcase.live_by_release[newest] ?? -1);
    expect(all.every((product) => product.attributes.status === 'live')).toBe(true);
    const curated = fixture.showcase.curated_live_by_release[newest] ?? -1;
    expect(all.slice(0, curated).every((product) => product.attributes.curated_product === true)).toBe(true);
    expect(all.slice(curated).every((product) => !('curated_product' in product.attributes))).toBe(true);
  });

  it('answers latest exactly as the newest release, and an older release with its own products', async () => {
    const [latest, explicit, previous] = await Promise.all([
      get(path()),
      get(path(ids.node_id, newest)),
      get(path(ids.node_id, older)),
    ]);
    expect(explicit.body.data).toEqual(latest.body.data);
    expect(explicit.body.meta).toEqual(latest.body.meta);
    expect(previous.body.meta.results.total).toBe(fixture.showcase.live_by_release[older] ?? -1);
    expect(previous.body.meta.results.total).toBeLessThan(latest.body.meta.results.total);
  });

  it('answers an empty node with an empty single page', async () => {
    const answer = await get(path(ids.empty_node_id));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
    expect(answer.body.meta.results.total).toBe(0);
    expect(answer.body.links).toMatchObject({ last: null, prev: null, next: null });
  });

  it('computes bread crumbs from the hierarchy: the ten-level chain for the deep node', async () => {
    const parents = new Map(fixture.nodes.map((node) => [node.id, node.parent_id]));
    const chain: string[] = [];
    for (let at: string | null | undefined = ids.deep_node_id; at; at = parents.get(at)) chain.unshift(at);
    expect(chain).toHaveLength(10);
    const deep = await everything(ids.deep_node_id);
    expect(deep).toHaveLength(fixture.deep_live_products);
    for (const product of deep) {
      expect(product.meta.bread_crumbs[ids.deep_node_id]).toEqual(chain);
      expect(product.meta.bread_crumb_nodes).toContain(ids.deep_node_id);
    }
    for (const product of await everything()) {
      for (const [node, crumbs] of Object.entries(product.meta.bread_crumbs)) {
        expect(crumbs.length).toBeLessThanOrEqual(10);
        expect(crumbs.at(-1)).toBe(node);
        expect(crumbs[0]).toBe(ids.root_node_id);
      }
      expect(product.meta.bread_crumb_nodes.length).toBeLessThanOrEqual(10);
    }
  });
});

describe('GET node products: errors', () => {
  const misses = [
    {
      why: 'an expired release',
      target: () => path(ids.node_id, expired),
      parameter: 'release_id',
      detail: 'no longer published',
    },
    {
      why: 'an unknown release',
      target: () => path(ids.node_id, 'no-such-release'),
      parameter: 'release_id',
      detail: 'does not exist',
    },
    {
      why: 'an unknown catalog',
      target: () => path(ids.node_id, 'latest', 'no-such-catalog'),
      parameter: 'catalog_id',
      detail: 'does not exist',
    },
    {
      why: 'an unknown node',
      target: () => path('no-such-node'),
      parameter: 'node_id',
      detail: 'does not exist',
    },
  ];
  it.each(misses)('answers 404 naming $parameter for $why', async ({ target, parameter, detail }) => {
    const answer = await get<{ errors: { status: string; detail: string; source: { parameter: string } }[] }>(
      target(),
    );
    expect(answer.status).toBe(404);
    expect(answer.body.errors[0]?.status).toBe('404');
    expect(answer.body.errors[0]?.source.parameter).toBe(parameter);
    expect(answer.body.errors[0]?.detail).toContain(detail);
  });

  const badQueries = [
    { why: 'eq on id (only in takes id)', query: 'filter=eq(id,x)', parameter: 'filter' },
    { why: 'an unlisted attribute', query: 'filter=in(description,x)', parameter: 'filter' },
    { why: 'an unknown operator', query: 'filter=lt(sku,x)', parameter: 'filter' },
    { why: 'two values for eq', query: 'filter=eq(tags,a,b)', parameter: 'filter' },
    { why: 'an unknown include', query: 'include=children', parameter: 'include' },
  ];
  it.each(badQueries)('answers 400 naming $parameter for $why', async ({ query, parameter }) => {
    const answer = await get<{ errors: { source: { parameter: string } }[] }>(`${path()}?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((error) => error.source.parameter)).toContain(parameter);
  });
});

describe('GET node products: filters', () => {
  let all: Product[];
  let bundle: Product;
  let child: Product;
  beforeAll(async () => {
    all = await everything();
    const find = (type: string) => all.find((product) => product.meta.product_types.includes(type));
    const [foundBundle, foundChild] = [find('bundle'), find('child')];
    if (foundBundle === undefined || foundChild === undefined)
      throw new Error('the fixed node has bundles and children');
    [bundle, child] = [foundBundle, foundChild];
  });

  const attributes = ['name', 'sku', 'slug', 'manufacturer_part_num', 'upc_ean', 'product_types', 'tags'];
  const pairs = [
    ...attributes.map((name) => ({ op: 'eq', name })),
    ...['id', ...attributes].map((name) => ({ op: 'in', name })),
  ];
  it('covers the 15 operator x attribute pairs of the contract', () => {
    expect(pairs).toHaveLength(15);
  });

  it.each(pairs)('filters with $op($name, ...) to exactly the matching products', async ({ op, name }) => {
    const values =
      op === 'eq'
        ? [attribute(bundle, name)[0] ?? '']
        : [attribute(bundle, name)[0] ?? '', attribute(child, name)[0] ?? ''];
    const fold = (text: string) => (name === 'tags' ? text.toLowerCase() : text);
    const expected = all.filter((product) =>
      attribute(product, name).some((value) => values.map(fold).includes(fold(value))),
    );
    const answer = await filtered(`${op}(${name},${values.map(quote).join(',')})`);
    expect(answer.status).toBe(200);
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.body.meta.results.total).toBe(expected.length);
    expect(answer.body.data.map((product) => product.id).sort()).toEqual(
      expected.map((product) => product.id).sort(),
    );
  });

  it('joins expressions with : as AND', async () => {
    const answer = await filtered(
      `eq(product_types,child):in(sku,${quote(bundle.attributes.sku)},${quote(child.attributes.sku)})`,
    );
    expect(answer.body.data.map((product) => product.id)).toEqual([child.id]);
  });

  it('orders in(id, ...) by updated_at, most recent first', async () => {
    const some = all.slice(0, 15).map((product) => product.id);
    const answer = await filtered(`in(id,${some.reverse().join(',')})`);
    const stamps = answer.body.data.map((product) => String(product.attributes.updated_at));
    expect(stamps).toHaveLength(15);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });
});

describe('GET node products: paging', () => {
  it('walks several pages with consistent meta and links, disjoint and complete', async () => {
    const all = await everything();
    const limit = 25;
    const pages = Math.ceil(all.length / limit);
    expect(pages).toBeGreaterThan(2);
    const seen: string[] = [];
    let next: string | null = `${path()}?page[limit]=${limit}`;
    for (let page = 1; next !== null && page <= pages + 1; page++) {
      const answer: Answer = await get(next);
      const { meta, links, data } = answer.body;
      expect(meta.page).toEqual({ limit, offset: (page - 1) * limit, current: page, total: pages });
      expect(meta.results.total).toBe(all.length);
      expect(new URL(links.first).searchParams.get('page[offset]')).toBe('0');
      expect(new URL(links.last ?? '').searchParams.get('page[offset]')).toBe(String((pages - 1) * limit));
      expect(links.prev === null).toBe(page === 1);
      expect(links.next === null).toBe(page === pages);
      if (links.prev !== null)
        expect(new URL(links.prev).searchParams.get('page[offset]')).toBe(String((page - 2) * limit));
      seen.push(...data.map((product) => product.id));
      next = links.next;
    }
    expect(seen).toEqual(all.map((product) => product.id));
  });

  it('keeps filter, include and limit in every link', async () => {
    const answer = await get(
      `${path()}?filter=${encodeURIComponent('in(product_types,standard,child)')}&include=files&page[limit]=10&page[offset]=10`,
    );
    for (const link of [
      answer.body.links.self,
      answer.body.links.first,
      answer.body.links.last,
      answer.body.links.prev,
      answer.body.links.next,
    ]) {
      const params = new URL(link ?? '').searchParams;
      expect(params.get('filter')).toBe('in(product_types,standard,child)');
      expect(params.get('include')).toBe('files');
      expect(params.get('page[limit]')).toBe('10');
    }
  });

  it('sets last, prev and next to null when everything fits in one page', async () => {
    const answer = await get(`${path()}?page[limit]=100`);
    expect(answer.body.meta.page).toMatchObject({ current: 1, total: 1 });
    expect(answer.body.links).toMatchObject({ last: null, prev: null, next: null });
    expect(new URL(answer.body.links.first).searchParams.get('page[offset]')).toBe('0');
  });
});

describe('GET node products: language and prices', () => {
  const languages = [
    { header: 'de-DE', language: 'de-DE' },
    { header: 'fr;q=0.9, es', language: 'fr-FR' },
    { header: 'es-ES', language: 'en-US' },
    { header: '*', language: 'en-US' },
  ];
  it.each(languages)(
    'answers accept-language $header in $language, prices formatted for it',
    async ({ header, language }) => {
      const [answer, english] = await Promise.all([
        get(`${path()}?page[limit]=30`, { 'accept-language': header }),
        get(`${path()}?page[limit]=30`),
      ]);
      expect(answer.headers['content-language']).toBe(language);
      const currency = fixture.catalog.display_currency;
      const format = new Intl.NumberFormat(language, { style: 'currency', currency });
      const rate = 1 + fixture.catalog.tax_rate_bp / 10_000;
      answer.body.data.forEach((product, at) => {
        const meta = product.meta;
        expect(meta.language).toBe(language);
        const price = product.attributes.price[currency];
        const withTax = price?.includes_tax ? price.amount : Math.round((price?.amount ?? 0) * rate);
        expect(meta.display_price.with_tax.amount).toBe(withTax);
        expect(meta.display_price.with_tax.formatted).toBe(format.format(withTax / 100));
        expect(meta.display_price.without_tax.formatted).toBe(
          format.format(meta.display_price.without_tax.amount / 100),
        );
        const same = product.attributes.name === english.body.data[at]?.attributes.name;
        expect(same).toBe(language === 'en-US');
      });
    },
  );

  it('formats 1010 USD the way the contract says: $10.10 in en-US, 10,10 $ in de-DE', () => {
    expect(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(10.1)).toBe(
      '$10.10',
    );
    expect(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(10.1)).toBe(
      '10,10\u00a0$',
    );
  });
});

describe('GET node products: include', () => {
  it('fills included with component products, main images and files of the page, de-duplicated', async () => {
    const answer = await get(`${path()}?page[limit]=100&include=component_products,main_image,files`);
    const { data, included = {} } = answer.body;
    const refs = (key: string) =>
      new Set(
        data
          .flatMap((product) => [product.relationships[key]?.data ?? []].flat() as { id: string }[])
          .map((ref) => ref.id),
      );
    const got = (key: string) => (included[key] ?? []).map((item) => item.id);
    expect(Object.keys(included).sort()).toEqual(['component_products', 'files', 'main_images']);
    for (const [member, relationship] of [
      ['component_products', 'component_products'],
      ['main_images', 'main_image'],
      ['files', 'files'],
    ] as const) {
      expect(got(member).length).toBeGreaterThan(0);
      expect(new Set(got(member)).size).toBe(got(member).length);
      expect(new Set(got(member))).toEqual(refs(relationship));
    }
  });

  it('leaves included out unless asked, and holds only the asked members', async () => {
    const [plain, images] = await Promise.all([get(path()), get(`${path()}?include=main_image`)]);
    expect(plain.body.included).toBeUndefined();
    expect(Object.keys(images.body.included ?? {})).toEqual(['main_images']);
  });
});

describe('GET node products: repeated requests', () => {
  // Pages are rendered once and served again (render and response caches): a repeat must give the same
  // bytes, and a cached answer for one language or host must never be served for another.
  const variants = [
    {
      name: 'en-US through the mock host',
      headers: {} as Record<string, string>,
      language: 'en-US',
      host: '',
    },
    {
      name: 'de-DE through the mock host',
      headers: { 'accept-language': 'de-DE' },
      language: 'de-DE',
      host: '',
    },
    {
      name: 'fr-FR through the mock host',
      headers: { 'accept-language': 'fr' },
      language: 'fr-FR',
      host: '',
    },
    {
      name: 'en-US through a proxy host',
      headers: { 'x-forwarded-host': 'shop.test:8080' },
      language: 'en-US',
      host: 'shop.test:8080',
    },
    {
      name: 'de-DE through a proxy host',
      headers: { 'x-forwarded-host': 'shop.test:8080', 'accept-language': 'de' },
      language: 'de-DE',
      host: 'shop.test:8080',
    },
  ];
  const target = () => `${path()}?page[limit]=30&include=component_products`;

  interface Raw {
    text: string;
    language: unknown;
  }
  async function raw(headers: Record<string, string>): Promise<Raw> {
    const response = await request(`${mock.url}${target()}`, { headers });
    return { text: await response.body.text(), language: response.headers['content-language'] };
  }

  it('answers each language and host with its own page, and a repeat with the same bytes', async () => {
    const first: Raw[] = [];
    for (const variant of variants) first.push(await raw(variant.headers));
    const again: Raw[] = [];
    for (const variant of [...variants].reverse()) again.unshift(await raw(variant.headers));
    expect(again).toEqual(first);
    expect(new Set(first.map((answer) => answer.text)).size).toBe(variants.length);
    variants.forEach((variant, at) => {
      const body = JSON.parse(first[at]?.text ?? '{}') as Page;
      const host = variant.host === '' ? new URL(mock.url).host : variant.host;
      expect(first[at]?.language).toBe(variant.language);
      expect(body.data.every((product) => product.meta.language === variant.language)).toBe(true);
      expect(new URL(body.links.self).host).toBe(host);
      const links = body.data.map((product) => (product.relationships.links as { self?: string }).self ?? '');
      expect(links.every((link) => new URL(link).host === host)).toBe(true);
    });
  });
});

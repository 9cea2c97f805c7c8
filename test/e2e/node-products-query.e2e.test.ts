import { beforeAll, describe, expect, it } from 'vitest';
import { useNodeProductsMock, path, type Answer, type Product } from '../support/node-products-client.js';

// The query parameters of a node's products: filter, page and include.

const { get, everything } = useNodeProductsMock();

const filtered = async (filter: string) =>
  get(`${path()}?page[limit]=100&filter=${encodeURIComponent(filter)}`);
const quote = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;

function attribute(product: Product, name: string): string[] {
  if (name === 'id') return [product.id];
  if (name === 'product_types') return product.meta.product_types;
  const value = product.attributes[name];
  return Array.isArray(value) ? (value as string[]) : [String(value)];
}

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

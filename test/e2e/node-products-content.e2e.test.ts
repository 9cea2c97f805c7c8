import { describe, expect, it } from 'vitest';
import {
  expired,
  fixture,
  ids,
  newest,
  useNodeProductsMock,
  older,
  path,
} from '../support/node-products-client.js';

// What a node's products are: live ones by release, bread crumbs, and the 404/400 answers around them.

const { get, everything } = useNodeProductsMock();

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
    { why: 'an include with an empty member', query: 'include=files,', parameter: 'include' },
  ];
  it.each(badQueries)('answers 400 naming $parameter for $why', async ({ query, parameter }) => {
    const answer = await get<{ errors: { source: { parameter: string } }[] }>(`${path()}?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((error) => error.source.parameter)).toContain(parameter);
  });
});

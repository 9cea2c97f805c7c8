import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, expect } from 'vitest';
import { startMock, type MockOptions, type RunningMock } from '../../src/index.js';
import { packageRoot } from '../../src/package-root.js';
import { FIXTURE_IDS } from './fixture-ids.js';

// Get a node's products over real HTTP, against the fixed catalog of fixtures/ (ids.json, catalog.json).

export interface Product {
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
export interface Page {
  meta: {
    results: { total: number };
    page: { limit: number; offset: number; current: number; total: number };
  };
  data: Product[];
  links: { self: string; first: string; last: string | null; prev: string | null; next: string | null };
  included?: Record<string, { id: string }[]>;
}
export interface Answer<T = Page> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

const read = (file: string) => JSON.parse(readFileSync(join(packageRoot(), 'fixtures', file), 'utf8'));
export const ids = FIXTURE_IDS.catalog;
export const fixture = read('catalog.json') as {
  catalog: { tax_rate_bp: number; display_currency: string };
  nodes: { id: string; parent_id: string | null }[];
  showcase: { live_by_release: Record<string, number>; curated_live_by_release: Record<string, number> };
  deep_live_products: number;
};
export const [expired = '', older = '', , newest = ''] = ids.release_ids;

/** The mock each node-products file starts: the fixed catalog plus generated products, quiet. */
export const NODE_PRODUCTS_MOCK: Partial<MockOptions> = {
  port: 0,
  seed: 3,
  products: 300,
  logLevel: 'silent',
  // The rendering tests go "through a proxy host": links then follow X-Forwarded-Host.
  trustProxy: true,
};

export const path = (node = ids.node_id, release = 'latest', catalog = ids.catalog_id) =>
  `/catalogs/${catalog}/releases/${release}/nodes/${node}/relationships/products`;

/**
 * Starts a mock (NODE_PRODUCTS_MOCK) for the calling test file, in its beforeAll, stopped in its afterAll,
 * and reads a node's products from it.
 */
export function useNodeProductsMock() {
  let mock: RunningMock | undefined;
  beforeAll(async () => {
    mock = await startMock(NODE_PRODUCTS_MOCK);
  });
  afterAll(async () => {
    await mock?.close();
  });
  const base = (): string => {
    if (mock === undefined) throw new Error('the node products mock is not started (call from a test)');
    return mock.url;
  };

  async function get<T = Page>(target: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const url = target.startsWith('http') ? target : `${base()}${target}`;
    const response = await request(url, { headers });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: (await response.body.json()) as T,
    };
  }

  /** The node's whole list (one request of 100 is enough for the fixed node). */
  async function everything(node = ids.node_id, release = 'latest'): Promise<Product[]> {
    const answer = await get(`${path(node, release)}?page[limit]=100`);
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  return { get, everything, base };
}

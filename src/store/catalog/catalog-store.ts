import type { Language } from '../../i18n/language.js';
import type { FilterExpression } from '../../query/filter.js';
import type { Page } from '../../query/paging.js';
import { loadCatalogFixture, type CatalogFixture } from '../../seed/catalog/catalog-fixture.js';
import { seedCatalogSkeletons } from '../../seed/catalog/seed-catalog-skeletons.js';
import { seedCatalog } from '../../seed/catalog/seed-catalog.js';
import {
  READABLE_RELEASES,
  type CatalogRecord,
  type CatalogSkeleton,
  type NodeRecord,
  type ReleaseRecord,
} from './catalog-records.js';
import { productTexts } from './node-product-text.js';
import {
  includedFor,
  includedJson,
  includedRecords,
  type NodeProductInclude,
} from './node-products-included.js';
import { renderNodeProduct, type ProductView } from './node-product-view.js';
import type { NodeProduct, NodeProductsIncluded } from './node-product.js';
import { selectNodeProducts, type SelectedProduct } from './node-products-selection.js';
import { TextCache } from './text-cache.js';

export interface CatalogStoreOptions {
  seed: number;
  /** Products per catalog release (drafts and children included); the fixed node's showcase always exists. */
  products: number;
  /**
   * The most UTF-16 code units of rendered product JSON kept for reuse (default `DEFAULT_RENDER_CACHE_CHARS`,
   * about 7,000 products); 0 renders every product on every request.
   */
  renderCacheChars?: number;
}

/** 16 Mi code units: at most 32 MB, and enough for every product of a few hundred busy pages. */
export const DEFAULT_RENDER_CACHE_CHARS = 16 * 1024 * 1024;

export interface NodeProductsQuery {
  catalogId: string;
  /** A release id or `latest`. */
  releaseId: string;
  nodeId: string;
  filter: readonly FilterExpression[];
  page: Page;
  include: ReadonlySet<string>;
  language: Language;
  /** Absolute origin and base path of the mock, e.g. `http://127.0.0.1:4010/v2`, for product links. */
  linkBase: string;
}

/** Which path parameter names nothing readable, and why (the handler answers 404). */
export interface CatalogMiss {
  ok: false;
  parameter: 'catalog_id' | 'release_id' | 'node_id';
  detail: string;
}

export type NodeProductsResult =
  { ok: true; total: number; data: NodeProduct[]; included?: NodeProductsIncluded } | CatalogMiss;

/** The same page as JSON text: `data` is the array's text, `included` the object's (when asked for). */
export type NodeProductsJsonResult =
  { ok: true; total: number; data: string; included?: string } | CatalogMiss;

export interface ResolvedNode {
  ok: true;
  catalog: CatalogRecord;
  release: ReleaseRecord;
  node: NodeRecord;
}

export interface CatalogStore {
  /** Every catalog's fixed facts (ids, releases), without seeding products. */
  readonly catalogs: readonly CatalogSkeleton[];
  /** The catalog with its hierarchy and products, seeded on first use and kept. */
  catalog(catalogId: string): CatalogRecord | undefined;
  /** Resolves the three path parameters of the operation, `latest` included. */
  resolve(catalogId: string, releaseId: string, nodeId: string): ResolvedNode | CatalogMiss;
  /** One page of a node's live products in a release, plus `included` when asked for. */
  nodeProducts(query: NodeProductsQuery): NodeProductsResult;
  /**
   * The same page as JSON text, byte for byte `JSON.stringify` of `nodeProducts`' data and included; each
   * product is rendered once per view and reused while it stays in the bounded render cache.
   */
  nodeProductsJson(query: NodeProductsQuery): NodeProductsJsonResult;
  /** Paths (without base) of working requests for the fixed catalog: `latest` and an explicit release. */
  examplePaths(): string[];
  /** Seeds every catalog now (at start), so no first request pays for it. */
  warm(): void;
}

/**
 * The catalogs of the mock: the fixed one (fixtures/catalog.json) and seeded ones, deterministic per seed.
 * Products are seeded per catalog on first use (or all at once with `warm()`): each catalog has its own
 * derived seed, so the order catalogs are first asked for never changes their content.
 * @example
 * const store = createCatalogStore({ seed: 1, products: 200 });
 * store.nodeProducts({ catalogId, releaseId: 'latest', nodeId, filter: [], page: { offset: 0, limit: 25 },
 *   include: new Set(), language: 'en-US', linkBase: 'http://127.0.0.1:4010' });
 */
export function createCatalogStore(options: CatalogStoreOptions): CatalogStore {
  const fixture = loadCatalogFixture();
  const catalogs = seedCatalogSkeletons(options.seed, fixture);
  const seeded = new Map<string, CatalogRecord>();

  const catalog = (catalogId: string): CatalogRecord | undefined => {
    const at = catalogs.findIndex((skeleton) => skeleton.id === catalogId);
    const skeleton = catalogs[at];
    if (skeleton === undefined) return undefined;
    let record = seeded.get(catalogId);
    if (record === undefined) {
      record = seedCatalog(skeleton, at, options, at === 0 ? fixture : undefined);
      seeded.set(catalogId, record);
    }
    return record;
  };

  const resolve = (catalogId: string, releaseId: string, nodeId: string): ResolvedNode | CatalogMiss => {
    const record = catalog(catalogId);
    if (record === undefined) return miss('catalog_id', `catalog ${catalogId} does not exist`);
    const release = findRelease(record, releaseId);
    if (!release.ok) return release;
    const node = record.nodes.get(nodeId);
    if (node === undefined) {
      return miss(
        'node_id',
        `node ${nodeId} does not exist in release ${release.release.id} of catalog ${record.id}`,
      );
    }
    return { ok: true, catalog: record, release: release.release, node };
  };

  const texts = new TextCache(options.renderCacheChars ?? DEFAULT_RENDER_CACHE_CHARS);

  /** The page asked for, with the view its products are rendered in and the include members asked. */
  const pageOf = (query: NodeProductsQuery): NodePage | CatalogMiss => {
    const found = resolve(query.catalogId, query.releaseId, query.nodeId);
    if (!found.ok) return found;
    const selected = selectNodeProducts(
      found.catalog,
      found.release,
      found.node,
      query.filter,
      query.language,
    );
    const view: ProductView = {
      catalog: found.catalog,
      release: found.release,
      language: query.language,
      nodeId: found.node.id,
      linkBase: query.linkBase,
    };
    const entries = selected.slice(query.page.offset, query.page.offset + query.page.limit);
    const include = [...query.include].filter((member): member is NodeProductInclude => member !== '');
    return { ok: true, total: selected.length, entries, view, include };
  };

  return {
    catalogs,
    catalog,
    resolve,
    nodeProducts(query) {
      const page = pageOf(query);
      if (!page.ok) return page;
      const { total, entries, view, include } = page;
      const data = entries.map(({ product, curated }) => renderNodeProduct(product, view, curated));
      if (include.length === 0) return { ok: true, total, data };
      const included = includedFor(
        entries.map((entry) => entry.product),
        include,
        view,
      );
      return { ok: true, total, data, included };
    },
    nodeProductsJson(query) {
      const page = pageOf(query);
      if (!page.ok) return page;
      const { total, entries, view, include } = page;
      const text = productTexts(texts, view);
      const data = `[${entries.map(({ product, curated }) => text(product, curated)).join(',')}]`;
      if (include.length === 0) return { ok: true, total, data };
      const records = includedRecords(
        entries.map((entry) => entry.product),
        include,
        view,
      );
      return { ok: true, total, data, included: includedJson(records, text) };
    },
    examplePaths() {
      return examplePaths(fixture);
    },
    warm() {
      for (const skeleton of catalogs) catalog(skeleton.id);
    },
  };
}

interface NodePage {
  ok: true;
  total: number;
  entries: SelectedProduct[];
  view: ProductView;
  include: NodeProductInclude[];
}

function miss(parameter: CatalogMiss['parameter'], detail: string): CatalogMiss {
  return { ok: false, parameter, detail };
}

/** `latest` or a release id; releases older than the last three are no longer published. */
function findRelease(
  catalog: CatalogRecord,
  releaseId: string,
): { ok: true; release: ReleaseRecord } | CatalogMiss {
  const { releases } = catalog;
  const newest = releases.at(-1);
  if (releaseId === 'latest' && newest !== undefined) return { ok: true, release: newest };
  const release = releases.find((candidate) => candidate.id === releaseId);
  const readable = releases.slice(-READABLE_RELEASES);
  if (release === undefined) {
    return miss(
      'release_id',
      `release ${releaseId} does not exist in catalog ${catalog.id}; use latest or one of ${readable.map((r) => r.id).join(', ')}`,
    );
  }
  if (!readable.includes(release)) {
    return miss(
      'release_id',
      `release ${releaseId} of catalog ${catalog.id} is no longer published; only the current release and the two before it are (${readable.map((r) => r.id).join(', ')}), or use latest`,
    );
  }
  return { ok: true, release };
}

function examplePaths(fixture: CatalogFixture): string[] {
  const node = fixture.showcase.node_id;
  const newest = fixture.releases.at(-1)?.id ?? 'latest';
  const path = (release: string) =>
    `/catalogs/${fixture.catalog.id}/releases/${release}/nodes/${node}/relationships/products`;
  return [path('latest'), path(newest)];
}

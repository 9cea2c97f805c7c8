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
import { includedFor, type NodeProductInclude } from './node-products-included.js';
import { renderNodeProduct, type ProductView } from './node-product-view.js';
import type { NodeProduct, NodeProductsIncluded } from './node-product.js';
import { selectNodeProducts } from './node-products-selection.js';

export interface CatalogStoreOptions {
  seed: number;
  /** Products per catalog release (drafts and children included); the fixed node's showcase always exists. */
  products: number;
}

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

  return {
    catalogs,
    catalog,
    resolve,
    nodeProducts(query) {
      const found = resolve(query.catalogId, query.releaseId, query.nodeId);
      if (!found.ok) return found;
      const selected = selectNodeProducts(found.catalog, found.release, found.node, query.filter);
      const view: ProductView = {
        catalog: found.catalog,
        release: found.release,
        language: query.language,
        nodeId: found.node.id,
        linkBase: query.linkBase,
      };
      const page = selected.slice(query.page.offset, query.page.offset + query.page.limit);
      const data = page.map(({ product, curated }) => renderNodeProduct(product, view, curated));
      const include = [...query.include].filter((member): member is NodeProductInclude => member !== '');
      if (include.length === 0) return { ok: true, total: selected.length, data };
      const included = includedFor(
        page.map((entry) => entry.product),
        include,
        view,
      );
      return { ok: true, total: selected.length, data, included };
    },
    examplePaths() {
      return examplePaths(fixture);
    },
    warm() {
      for (const skeleton of catalogs) catalog(skeleton.id);
    },
  };
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

import type { Language } from '../../i18n/language.js';
import type { FilterExpression } from '../../query/filter.js';
import type { Page } from '../../query/paging.js';
import {
  READABLE_RELEASES,
  type CatalogRecord,
  type NodeRecord,
  type ReleaseRecord,
} from './catalog-records.js';
import { selectNodeProducts, type SelectedProduct } from './node-products-selection.js';

/** Which path parameter names nothing readable, and why. */
export interface CatalogMiss {
  ok: false;
  parameter: 'catalog_id' | 'release_id' | 'node_id';
  detail: string;
}

/** A catalog, one of its published releases and one of its nodes. */
export interface CatalogPlace {
  catalog: CatalogRecord;
  release: ReleaseRecord;
  node: NodeRecord;
}

export interface NodeProductsQuery {
  catalogId: string;
  /** A release id or `latest`. */
  releaseId: string;
  nodeId: string;
  filter: readonly FilterExpression[];
  page: Page;
  /** Names are filtered as they are shown, in the request's language. */
  language: Language;
}

/** One page of a node's live products in a release, and how many match. */
export interface NodeProductsPage {
  ok: true;
  place: CatalogPlace;
  total: number;
  products: SelectedProduct[];
}

/** A catalog known by its id before it is seeded: `seed()` makes its records on the first call, the same after. */
export interface CatalogSource {
  id: string;
  seed(): CatalogRecord;
}

/** The mock's catalogs, each seeded on its first read and never written: every session reads the same. */
export class CatalogStore {
  private readonly byId: ReadonlyMap<string, CatalogSource>;

  constructor(private readonly sources: readonly CatalogSource[]) {
    this.byId = new Map(sources.map((source) => [source.id, source]));
  }

  /** Every catalog, all of them seeded. */
  get catalogs(): CatalogRecord[] {
    return this.sources.map((source) => source.seed());
  }

  catalog(catalogId: string): CatalogRecord | undefined {
    return this.byId.get(catalogId)?.seed();
  }

  /** Resolves the three path parameters of the operation, `latest` included. */
  resolve(catalogId: string, releaseId: string, nodeId: string): ({ ok: true } & CatalogPlace) | CatalogMiss {
    const catalog = this.catalog(catalogId);
    if (catalog === undefined) return miss('catalog_id', `catalog ${catalogId} does not exist`);
    const release = findRelease(catalog, releaseId);
    if (!release.ok) return release;
    const node = catalog.nodes.get(nodeId);
    if (node === undefined)
      return miss(
        'node_id',
        `node ${nodeId} does not exist in release ${release.release.id} of catalog ${catalog.id}`,
      );
    return { ok: true, catalog, release: release.release, node };
  }

  /** A page of the node's live products in the release that match the filter, in response order. */
  nodeProducts(query: NodeProductsQuery): NodeProductsPage | CatalogMiss {
    const found = this.resolve(query.catalogId, query.releaseId, query.nodeId);
    if (!found.ok) return found;
    const { catalog, release, node } = found;
    const selected = selectNodeProducts(catalog, release, node, query.filter, query.language);
    const { offset, limit } = query.page;
    return {
      ok: true,
      place: { catalog, release, node },
      total: selected.length,
      products: selected.slice(offset, offset + limit),
    };
  }
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
  const ids = readable.map((r) => r.id).join(', ');
  if (release === undefined)
    return miss(
      'release_id',
      `release ${releaseId} does not exist in catalog ${catalog.id}; use latest or one of ${ids}`,
    );
  if (!readable.includes(release))
    return miss(
      'release_id',
      `release ${releaseId} of catalog ${catalog.id} is no longer published; only the current release and the two before it are (${ids}), or use latest`,
    );
  return { ok: true, release };
}

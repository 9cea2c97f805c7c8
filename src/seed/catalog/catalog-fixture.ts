import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../package-root.js';

/** fixtures/catalog.json: the fixed catalog (ids shared with the tests, the kit and demos). */
export interface CatalogFixture {
  catalog: {
    id: string;
    name: string;
    display_currency: string;
    currencies: { code: string; includes_tax: boolean }[];
    tax_rate_bp: number;
    pricebook_id: string;
  };
  releases: { id: string; name: string; published_at: string }[];
  nodes: { id: string; name: string; parent_id: string | null; role?: string }[];
  showcase: {
    node_id: string;
    standard: number;
    parents: number;
    children_per_parent: number;
    bundles: number;
    drafts: number;
    new_in_latest: number;
    curated_live: number;
    live_by_release: Record<string, number>;
    curated_live_by_release: Record<string, number>;
  };
  deep_live_products: number;
}

export const CATALOG_FIXTURE_PATH = join(packageRoot(), 'fixtures', 'catalog.json');

let cached: CatalogFixture | undefined;

/** The fixed catalog, read once; a broken fixture is a packaging bug, so it throws at start. */
export function loadCatalogFixture(): CatalogFixture {
  if (cached !== undefined) return cached;
  const fixture = JSON.parse(readFileSync(CATALOG_FIXTURE_PATH, 'utf8')) as CatalogFixture;
  const roles = new Set(fixture.nodes.map((node) => node.role));
  for (const role of ['root_node_id', 'node_id', 'deep_node_id', 'empty_node_id']) {
    if (!roles.has(role)) throw new Error(`${CATALOG_FIXTURE_PATH}: no node with role ${role}`);
  }
  if (fixture.releases.length !== 4) throw new Error(`${CATALOG_FIXTURE_PATH}: expected 4 releases`);
  cached = fixture;
  return cached;
}

/** The id of the fixed node with an ids.json role (root_node_id, node_id, deep_node_id, empty_node_id). */
export function fixtureNodeId(fixture: CatalogFixture, role: string): string {
  const node = fixture.nodes.find((candidate) => candidate.role === role);
  if (node === undefined) throw new Error(`catalog fixture has no ${role}`);
  return node.id;
}

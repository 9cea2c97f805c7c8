import type {
  CatalogRecord,
  CatalogSkeleton,
  FileRecord,
  NodeRecord,
  ProductRecord,
} from '../../store/catalog/catalog-records.js';
import { fixtureNodeId, type CatalogFixture } from './catalog-fixture.js';
import { MIN_BUNDLE_CANDIDATES, seedBundle } from './seed-bundles.js';
import { seedFamily } from './seed-families.js';
import { growHierarchy, nodesFromSeeds, seedDeepChain } from './seed-hierarchy.js';
import { isImage, seedFiles } from './seed-product-details.js';
import { seedStandard, type ProductSeedContext, type ProductTraits } from './seed-products.js';
import { attach, seedShowcase } from './seed-showcase.js';
import { seededRandom } from '../derive-seed.js';
import type { SeedRandom } from '../seed-random.js';

export interface CatalogSeedOptions {
  seed: number;
  /** Products (drafts and children included) in the catalog's newest release. */
  products: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Picks up to `count` distinct items by random index: no copy or shuffle of a large list. */
function sample<T>(random: SeedRandom, items: readonly T[], count: number): T[] {
  const picked = new Set<number>();
  const wanted = Math.min(count, items.length);
  for (let tries = 0; picked.size < wanted && tries < wanted * 10; tries++) {
    picked.add(random.int(0, items.length - 1));
  }
  const sampled: T[] = [];
  for (const index of picked) {
    const item = items[index];
    if (item !== undefined) sampled.push(item);
  }
  return sampled;
}

/** Most products are in every release; a few arrive in each later one (so releases differ). */
function seedSince(random: SeedRandom, releases: number): number {
  const roll = random.float();
  if (roll < 0.88 || releases < 2) return 0;
  return 1 + Math.floor(((roll - 0.88) / 0.12) * (releases - 1));
}

/** A catalog's nodes and products per (seed, catalog index): the fixture's nodes first, a chain down to depth 10. */
export function seedCatalog(
  skeleton: CatalogSkeleton,
  index: number,
  options: CatalogSeedOptions,
  fixture?: CatalogFixture,
): CatalogRecord {
  const random = seededRandom(options.seed, 'catalog', index, 'content');
  const files = seedFiles(random, clamp(Math.ceil(options.products / 8), 12, 200));
  const context: ProductSeedContext = {
    random,
    catalog: skeleton,
    files,
    images: files.filter(isImage),
    skuPrefix: `${skeleton.name
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 2)
      .toUpperCase()}${index}`,
    sequence: 0,
  };
  const products: ProductRecord[] = [];
  let nodes: NodeRecord[];
  let fixed: ReadonlySet<string> = new Set();
  if (fixture === undefined) {
    // A second hierarchy beside the deep one: catalogs often have several.
    const secondRoot = { id: random.fakerUuid(), name: random.faker.commerce.department(), parent_id: null };
    nodes = [...seedDeepChain(random), ...nodesFromSeeds([secondRoot])];
  } else {
    nodes = nodesFromSeeds(fixture.nodes);
    fixed = seedFixedNodes(context, fixture, nodes, products);
  }
  growHierarchy(random, nodes, clamp(Math.ceil(options.products / 30), 6, 400), fixed);
  seedPool(
    context,
    options.products - products.length,
    nodes.filter((node) => !fixed.has(node.id)),
    products,
  );
  curate(random, nodes, products, fixed);
  return indexCatalog(skeleton, nodes, products, files);
}

/** Fills the fixture's showcase and deep nodes; returns the fixed nodes, to which the pool adds nothing. */
function seedFixedNodes(
  context: ProductSeedContext,
  fixture: CatalogFixture,
  nodes: readonly NodeRecord[],
  products: ProductRecord[],
): Set<string> {
  const deepId = fixtureNodeId(fixture, 'deep_node_id');
  const showcase = nodes.find((node) => node.id === fixture.showcase.node_id);
  const deep = nodes.find((node) => node.id === deepId);
  if (showcase !== undefined) seedShowcase(context, fixture.showcase, showcase, products);
  if (deep !== undefined) {
    const standard = () => seedStandard(context, { since: 0 });
    attach(deep, Array.from({ length: fixture.deep_live_products }, standard), products);
  }
  return new Set([fixture.showcase.node_id, deepId, fixtureNodeId(fixture, 'empty_node_id')]);
}

/** Fills `count` product slots with standard products, families, bundles and drafts over `nodes`. */
function seedPool(
  context: ProductSeedContext,
  count: number,
  nodes: NodeRecord[],
  products: ProductRecord[],
): void {
  const { random, catalog } = context;
  if (nodes.length === 0) return;
  const releases = catalog.releases.length;
  // Live standard products by the first release that may use them as bundle components.
  const componentsFor: ProductRecord[][] = Array.from({ length: releases }, () => []);
  let made = 0;
  while (made < count) {
    const traits: ProductTraits = { since: seedSince(random, releases) };
    const roll = random.float();
    const left = count - made;
    let group: ProductRecord[];
    const optionCounts = random.boolean() ? [random.int(2, 3), 2] : [3];
    const familySize = 1 + optionCounts.reduce((product, options) => product * options, 1);
    const components = componentsFor[traits.since] ?? [];
    if (roll < 0.06 && left >= familySize) {
      group = seedFamily(context, traits, optionCounts);
    } else if (roll < 0.14 && components.length >= MIN_BUNDLE_CANDIDATES) {
      group = [seedBundle(context, traits, sample(random, components, 9))];
    } else {
      const draft = roll < 0.22;
      group = [seedStandard(context, { ...traits, status: draft ? 'draft' : 'live' })];
      if (!draft) for (let at = traits.since; at < releases; at++) componentsFor[at]?.push(...group);
    }
    const homes = random.boolean(0.12) ? sample(random, nodes, 2) : sample(random, nodes, 1);
    for (const node of homes) {
      for (const product of group) {
        product.node_ids.push(node.id);
        node.product_indexes.push(products.length + group.indexOf(product));
      }
    }
    products.push(...group);
    made += group.length;
  }
}

/** Some nodes curate a few of their products, in an order of their own. */
function curate(
  random: SeedRandom,
  nodes: NodeRecord[],
  products: readonly ProductRecord[],
  fixed: ReadonlySet<string>,
) {
  for (const node of nodes) {
    if (fixed.has(node.id) || node.product_indexes.length < 3 || !random.boolean(0.3)) continue;
    const picked = sample(random, node.product_indexes, random.int(1, 3));
    node.curated_product_ids = picked.flatMap((index) => products[index]?.id ?? []);
  }
}

function indexCatalog(
  skeleton: CatalogSkeleton,
  nodes: NodeRecord[],
  products: ProductRecord[],
  files: FileRecord[],
): CatalogRecord {
  return {
    ...skeleton,
    nodes: new Map(nodes.map((node) => [node.id, node])),
    products,
    productIndexById: new Map(products.map((product, index) => [product.id, index])),
    files: new Map(files.map((file) => [file.id, file])),
  };
}

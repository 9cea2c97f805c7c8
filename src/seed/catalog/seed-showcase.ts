import type { NodeRecord, ProductRecord } from '../../store/catalog/catalog-records.js';
import type { CatalogFixture } from './catalog-fixture.js';
import { seedBundle } from './seed-bundles.js';
import { seedFamily } from './seed-families.js';
import { seedStandard, type ProductSeedContext, type ProductTraits } from './seed-products.js';

/** Every optional feature, on for some products by position, so the showcase holds all of them whatever the seed. */
function showcaseTraits(position: number): ProductTraits {
  return {
    since: 0,
    sale: position % 4 === 0,
    tiers: position % 5 === 1 || position === 16,
    modifiers: position % 6 === 2,
    customInputs: position % 7 === 3,
    extensions: position % 3 === 0,
    shopperAttributes: position % 2 === 0,
    files: position % 3 !== 2,
    mainImage: position % 5 !== 4,
    externalRef: position % 2 === 1,
    pricebook: position % 9 !== 8,
  };
}

/** Attaches products to a node in the given order; returns them for chaining. */
export function attach(node: NodeRecord, products: ProductRecord[], all: ProductRecord[]): ProductRecord[] {
  for (const product of products) {
    product.node_ids.push(node.id);
    node.product_indexes.push(all.length);
    all.push(product);
  }
  return products;
}

/** The showcase node in fixtures/catalog.json's counts, its curated order showing "curated first, live only". */
export function seedShowcase(
  context: ProductSeedContext,
  fixture: CatalogFixture['showcase'],
  node: NodeRecord,
  all: ProductRecord[],
): void {
  const latest = context.catalog.releases.length - 1;
  const standards = attach(
    node,
    Array.from({ length: fixture.standard }, (_, position) =>
      seedStandard(context, showcaseTraits(position)),
    ),
    all,
  );
  const optionCounts =
    fixture.children_per_parent % 2 === 0
      ? [fixture.children_per_parent / 2, 2]
      : [fixture.children_per_parent];
  for (let index = 0; index < fixture.parents; index++) {
    const traits: ProductTraits =
      index === 0 ? { since: 0, sale: true, tiers: true, modifiers: true } : { since: 0 };
    attach(node, seedFamily(context, traits, optionCounts), all);
  }
  for (let index = 0; index < fixture.bundles; index++) {
    // The first bundle's components are the first six standard products: a sale, tiers and modifiers among them.
    const candidates = index === 0 ? standards.slice(0, 6) : standards.slice(6 + index * 4, 12 + index * 4);
    const traits: ProductTraits = { since: 0, modifiers: index === 0, files: index === 0, mainImage: true };
    attach(node, [seedBundle(context, traits, candidates.length >= 2 ? candidates : standards)], all);
  }
  const drafts = attach(
    node,
    Array.from({ length: fixture.drafts }, () => seedStandard(context, { since: 0, status: 'draft' })),
    all,
  );
  const fresh = attach(
    node,
    Array.from({ length: fixture.new_in_latest }, () => seedStandard(context, { since: latest })),
    all,
  );
  const curated = [
    standards[5],
    standards[2],
    fresh[0],
    standards[0],
    drafts[0],
    standards[4],
    standards[1],
    standards[3],
  ];
  node.curated_product_ids = curated.filter((product) => product !== undefined).map((product) => product.id);
}

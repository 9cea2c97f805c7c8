import { productName, WORDING_SIZES, type ProductWording } from '../../i18n/product-words.js';
import type {
  CatalogSkeleton,
  FileRecord,
  ProductRecord,
  ProductStatus,
  ProductType,
} from '../../store/catalog/catalog-records.js';
import { DAY_MS, type SeedRandom } from '../seed-random.js';
import { priceIn, seedPriceModifiers, seedSale, seedTiers } from './seed-pricing.js';
import { seedCustomInputs, seedExtensions, seedShopperAttributes, seedTags } from './seed-product-details.js';

/** What one catalog's product seeding shares: its randomness, its facts, its files and the sku sequence. */
export interface ProductSeedContext {
  random: SeedRandom;
  catalog: CatalogSkeleton;
  files: readonly FileRecord[];
  images: readonly FileRecord[];
  skuPrefix: string;
  sequence: number;
}

/** How a product is seeded: an undefined feature is drawn at its usual frequency, true or false forces it. */
export interface ProductTraits {
  since: number;
  status?: ProductStatus;
  sale?: boolean;
  tiers?: boolean;
  modifiers?: boolean;
  customInputs?: boolean;
  extensions?: boolean;
  shopperAttributes?: boolean;
  files?: boolean;
  mainImage?: boolean;
  externalRef?: boolean;
  pricebook?: boolean;
}

const FREQUENCY = {
  sale: 0.15,
  tiers: 0.2,
  modifiers: 0.1,
  customInputs: 0.1,
  extensions: 0.25,
  files: 0.5,
  mainImage: 0.8,
  externalRef: 0.5,
  pricebook: 0.9,
} as const;

// Forced (true or false) by the traits, else drawn with its usual frequency.
function has(random: SeedRandom, forced: boolean | undefined, frequency: number): boolean {
  return forced ?? random.boolean(frequency);
}

const CATALOG_START = Date.parse('2024-01-01T00:00:00.000Z');

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function seedWording(random: SeedRandom): ProductWording {
  const pick = (size: number) => random.int(0, size - 1);
  return {
    adjective: pick(WORDING_SIZES.adjective),
    material: pick(WORDING_SIZES.material),
    noun: pick(WORDING_SIZES.noun),
    feature: pick(WORDING_SIZES.feature),
    template: pick(WORDING_SIZES.template),
  };
}

// Release dates in epoch milliseconds per catalog: parsed once, not once per product.
const publishedTimes = new WeakMap<CatalogSkeleton, number[]>();

function publishedAt(catalog: CatalogSkeleton, since: number): number {
  let times = publishedTimes.get(catalog);
  if (times === undefined) {
    times = catalog.releases.map((release) => Date.parse(release.published_at));
    publishedTimes.set(catalog, times);
  }
  return times[since] ?? times[0] ?? Number.NaN;
}

/** The fields every product type shares; created and updated before the release that first holds it. */
export function seedProductBase(
  context: ProductSeedContext,
  traits: ProductTraits,
  productType: ProductType,
  usCents = context.random.int(499, 49_999),
): ProductRecord {
  const { random, catalog } = context;
  const published = publishedAt(catalog, traits.since);
  const created = random.between(CATALOG_START, published - 14 * DAY_MS);
  const updated = random.between(created, published - DAY_MS);
  const wording = seedWording(random);
  const name = productName(wording, 'en-US');
  context.sequence += 1;
  const sku = `${context.skuPrefix}-${String(context.sequence).padStart(6, '0')}`;
  const listPrice = priceIn(catalog, usCents);
  const product: ProductRecord = {
    id: random.fakerUuid(),
    since: traits.since,
    productType,
    status: traits.status ?? 'live',
    wording,
    nameSuffix: '',
    name,
    sku,
    slug: `${slugify(name)}-${sku.toLowerCase()}`,
    commodity_type: random.boolean(0.85) ? 'physical' : 'digital',
    upc_ean: random.digits(12),
    manufacturer_part_num: `MPN-${random.upperAlphanumeric(8)}`,
    external_ref: has(random, traits.externalRef, FREQUENCY.externalRef) ? `erp-${random.digits(8)}` : null,
    tags: seedTags(random),
    created_at: new Date(created).toISOString(),
    updated_at: new Date(updated).toISOString(),
    price: listPrice,
    pricebook_id: has(random, traits.pricebook, FREQUENCY.pricebook) ? catalog.pricebook_id : null,
    shopper_attributes: seedShopperAttributes(random, traits.shopperAttributes),
    file_ids: [],
    node_ids: [],
  };
  if (has(random, traits.sale, FREQUENCY.sale)) {
    const { price, sale } = seedSale(random, listPrice);
    product.price = price;
    product.sale = sale;
  }
  if (has(random, traits.tiers, FREQUENCY.tiers)) product.tiers = seedTiers(random, listPrice, product.sale);
  if (has(random, traits.modifiers, FREQUENCY.modifiers))
    product.price_modifiers = seedPriceModifiers(random, catalog, traits.modifiers);
  if (has(random, traits.customInputs, FREQUENCY.customInputs))
    product.custom_inputs = seedCustomInputs(random);
  if (has(random, traits.extensions, FREQUENCY.extensions)) product.extensions = seedExtensions(random);
  if (has(random, traits.mainImage, FREQUENCY.mainImage) && context.images.length > 0) {
    product.main_image_id = random.pick(context.images).id;
  }
  if (has(random, traits.files, FREQUENCY.files) && context.files.length > 0) {
    product.file_ids = random.pickSome(context.files, { min: 1, max: 3 }).map((file) => file.id);
  }
  return product;
}

/** A standard product: no variations, no components. */
export function seedStandard(context: ProductSeedContext, traits: ProductTraits): ProductRecord {
  return seedProductBase(context, traits, 'standard');
}

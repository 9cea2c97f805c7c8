import type { Faker } from '@faker-js/faker';
import { productName, WORDING_SIZES, type ProductWording } from '../../i18n/product-words.js';
import type {
  CatalogSkeleton,
  FileRecord,
  ProductRecord,
  ProductStatus,
  ProductType,
} from '../../store/catalog/catalog-records.js';
import { priceIn, seedPriceModifiers, seedSale, seedTiers } from './seed-pricing.js';
import { seedCustomInputs, seedExtensions, seedShopperAttributes, seedTags } from './seed-product-details.js';

/** What one catalog's product seeding shares: its faker, its facts, its files and the sku sequence. */
export interface ProductSeedContext {
  faker: Faker;
  catalog: CatalogSkeleton;
  files: readonly FileRecord[];
  images: readonly FileRecord[];
  skuPrefix: string;
  sequence: number;
}

/**
 * How a product is seeded; an optional feature left undefined is drawn at random with its usual frequency,
 * true or false forces it (the showcase node forces every feature somewhere whatever the seed).
 */
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

function has(faker: Faker, traits: ProductTraits, feature: keyof typeof FREQUENCY): boolean {
  return traits[feature] ?? faker.datatype.boolean(FREQUENCY[feature]);
}

const DAY_MS = 86_400_000;
const CATALOG_START = Date.parse('2024-01-01T00:00:00.000Z');

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function seedWording(faker: Faker): ProductWording {
  const pick = (size: number) => faker.number.int({ min: 0, max: size - 1 });
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
  usCents = context.faker.number.int({ min: 499, max: 49_999 }),
): ProductRecord {
  const { faker, catalog } = context;
  const published = publishedAt(catalog, traits.since);
  const created = faker.date.between({ from: CATALOG_START, to: published - 14 * DAY_MS });
  const updated = faker.date.between({ from: created, to: published - DAY_MS });
  const wording = seedWording(faker);
  const name = productName(wording, 'en-US');
  context.sequence += 1;
  const sku = `${context.skuPrefix}-${String(context.sequence).padStart(6, '0')}`;
  const listPrice = priceIn(catalog, usCents);
  const product: ProductRecord = {
    id: faker.string.uuid(),
    since: traits.since,
    productType,
    status: traits.status ?? 'live',
    wording,
    nameSuffix: '',
    name,
    sku,
    slug: `${slugify(name)}-${sku.toLowerCase()}`,
    commodity_type: faker.datatype.boolean(0.85) ? 'physical' : 'digital',
    upc_ean: faker.string.numeric(12),
    manufacturer_part_num: `MPN-${faker.string.alphanumeric({ length: 8, casing: 'upper' })}`,
    external_ref: has(faker, traits, 'externalRef') ? `erp-${faker.string.numeric(8)}` : null,
    tags: seedTags(faker),
    created_at: created.toISOString(),
    updated_at: updated.toISOString(),
    price: listPrice,
    pricebook_id: has(faker, traits, 'pricebook') ? catalog.pricebook_id : null,
    shopper_attributes: seedShopperAttributes(faker, traits.shopperAttributes),
    file_ids: [],
    node_ids: [],
  };
  if (has(faker, traits, 'sale')) {
    const { price, sale } = seedSale(faker, listPrice);
    product.price = price;
    product.sale = sale;
  }
  if (has(faker, traits, 'tiers')) product.tiers = seedTiers(faker, listPrice, product.sale);
  if (has(faker, traits, 'modifiers'))
    product.price_modifiers = seedPriceModifiers(faker, catalog, traits.modifiers);
  if (has(faker, traits, 'customInputs')) product.custom_inputs = seedCustomInputs(faker);
  if (has(faker, traits, 'extensions')) product.extensions = seedExtensions(faker);
  if (has(faker, traits, 'mainImage') && context.images.length > 0) {
    product.main_image_id = faker.helpers.arrayElement(context.images).id;
  }
  if (has(faker, traits, 'files') && context.files.length > 0) {
    product.file_ids = faker.helpers.arrayElements(context.files, { min: 1, max: 3 }).map((file) => file.id);
  }
  return product;
}

/** A standard product: no variations, no components. */
export function seedStandard(context: ProductSeedContext, traits: ProductTraits): ProductRecord {
  return seedProductBase(context, traits, 'standard');
}

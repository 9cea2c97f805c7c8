import type { ProductWording } from '../../i18n/product-words.js';

/** What the catalog store keeps in memory: one record set per catalog, shared by its releases. */

export const PRODUCT_TYPES = ['standard', 'parent', 'child', 'bundle'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_STATUSES = ['live', 'draft'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const MODIFIER_TYPES = ['price_increment', 'price_decrement', 'price_equals'] as const;
export type ModifierType = (typeof MODIFIER_TYPES)[number];

/** Maximum depth of a node (the root is depth 1): bread crumbs hold at most 10 parent nodes. */
export const MAX_NODE_DEPTH = 10;

export interface PriceAmount {
  amount: number;
  includes_tax: boolean;
}

/** Keyed by currency code; amounts in the currency's smallest subdivision. */
export type CatalogPrice = Record<string, PriceAmount>;

export interface SaleRecord {
  sale_id: string;
  sale_expires: string | null;
  /** The price before the sale; the record's `price` is the sale price. */
  original_price: CatalogPrice;
}

export interface TierRecord {
  minimum_quantity: number;
  price: CatalogPrice;
  sale?: SaleRecord;
}

export interface PriceModifierRecord {
  modifier_type: ModifierType;
  currencies: CatalogPrice;
}

export interface VariationOption {
  id: string;
  name: string;
  sort_order: number | null;
  description: string;
}

/** A parent's variation: options in descending sort_order (the product is published). */
export interface Variation {
  id: string;
  name: string;
  sort_order: number | null;
  options: VariationOption[];
}

/** A variation as it defines one child: the chosen `option`, with the variation's `options` for context. */
export interface ChildVariation extends Variation {
  option: VariationOption;
}

export interface BundleComponentOption {
  id: string;
  type: 'product';
  quantity: number;
  sort_order: number | null;
  default: boolean | null;
}

export interface BundleComponent {
  name: string;
  min: number | null;
  max: number | null;
  sort_order: number | null;
  options: BundleComponentOption[];
}

export interface CustomInput {
  name: string;
  validation_rules: { type: 'string'; options: { max_length: number } }[];
  required: boolean | null;
}

/** A file of the files service, as `included.files` / `included.main_images` carry it (spec: File). */
export interface FileRecord {
  id: string;
  type: 'file';
  file_name: string;
  mime_type: string;
  file_size: number;
  link: { href: string };
  meta: { timestamps: { created_at: string } };
}

/** Nested option ids leading to a child id, one level per variation (in the variations' order). */
export interface VariationMatrix {
  [optionId: string]: VariationMatrix | string;
}

export interface ProductRecord {
  id: string;
  /** Index of the first release (0 = oldest) that holds the product; later releases keep it. */
  since: number;
  productType: ProductType;
  status: ProductStatus;
  /** Localisable name and description (see i18n/product-words). */
  wording: ProductWording;
  /** Appended to the localised name: a child's option names, e.g. ` (Red, Large)`. */
  nameSuffix: string;
  /** The en-US name, which slugs derive from; filters match the name in the request's language. */
  name: string;
  sku: string;
  slug: string;
  commodity_type: 'physical' | 'digital';
  upc_ean: string;
  manufacturer_part_num: string;
  external_ref: string | null;
  /** Lowercase, no commas. */
  tags: string[];
  created_at: string;
  updated_at: string;
  price: CatalogPrice;
  sale?: SaleRecord;
  pricebook_id: string | null;
  tiers?: Record<string, TierRecord>;
  price_modifiers?: Record<string, PriceModifierRecord>;
  shopper_attributes: Record<string, string>;
  components?: Record<string, BundleComponent>;
  custom_inputs?: Record<string, CustomInput>;
  extensions?: Record<string, Record<string, string | number | boolean | null>>;
  main_image_id?: string;
  file_ids: string[];
  parent_id?: string;
  child_ids?: string[];
  variations?: Variation[];
  variation_matrix?: VariationMatrix;
  child_option_ids?: string[];
  child_variations?: ChildVariation[];
  /** The nodes the product is attached to (its bread crumb nodes), first the primary one. */
  node_ids: string[];
}

export interface NodeRecord {
  id: string;
  name: string;
  parent_id: string | null;
  /** 1 for a root node. */
  depth: number;
  /** Node ids from the root down to this node (inclusive): the node's bread crumb. */
  bread_crumb: string[];
  /** Indexes into the catalog's `products`, in the order they were attached. */
  product_indexes: number[];
  /** Curated product ids in the node's curated order (some may be drafts or newer than a release). */
  curated_product_ids: string[];
}

export interface ReleaseRecord {
  id: string;
  /** 0 = oldest. */
  index: number;
  name: string;
  published_at: string;
}

/** A catalog's fixed facts, known before its products are seeded. */
export interface CatalogSkeleton {
  id: string;
  name: string;
  /** Oldest first; only the last `READABLE_RELEASES` are still published. */
  releases: ReleaseRecord[];
  /** The currency `meta.display_price` is given in. */
  display_currency: string;
  /** Every currency prices are given in, with whether that price includes tax. */
  currencies: readonly { code: string; includes_tax: boolean }[];
  /** Tax rate in basis points (2000 = 20 %), used to derive with/without-tax display prices. */
  tax_rate_bp: number;
  pricebook_id: string;
}

/** A catalog with its hierarchy and products, seeded on first use. */
export interface CatalogRecord extends CatalogSkeleton {
  nodes: Map<string, NodeRecord>;
  products: ProductRecord[];
  productIndexById: Map<string, number>;
  files: Map<string, FileRecord>;
}

/** The current release and the two before it are published (interface.md, Limits). */
export const READABLE_RELEASES = 3;

import type {
  BundleComponent,
  CatalogPrice,
  ChildVariation,
  CustomInput,
  FileRecord,
  PriceModifierRecord,
  ProductStatus,
  ProductType,
  Variation,
  VariationMatrix,
} from '../../store/catalog/catalog-records.js';

/** The response shapes of Get a node's products (spec: NodeProduct, NodeProductsIncluded). */

import type { DisplayPrice } from '../display-price.js';

export interface TierPrices {
  sale_id?: string;
  sale_expires?: string | null;
  display_price?: DisplayPrice;
  original_price?: CatalogPrice;
  original_display_price?: DisplayPrice;
}

export interface ComponentProductPrices extends TierPrices {
  price: CatalogPrice;
  pricebook_id: string | null;
  price_modifiers?: Record<string, PriceModifierRecord>;
  tiers?: Record<string, TierPrices>;
}

export interface NodeProductAttributes {
  name: string;
  description: string;
  sku: string;
  slug: string;
  status: ProductStatus;
  commodity_type: 'physical' | 'digital';
  upc_ean: string;
  manufacturer_part_num: string;
  external_ref: string | null;
  tags: string[];
  price_modifiers: string[];
  base_product: boolean;
  base_product_id?: string;
  curated_product?: true;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  price: CatalogPrice;
  shopper_attributes: Record<string, string>;
  tiers?: Record<string, { minimum_quantity: number; price: CatalogPrice }>;
  components?: Record<string, BundleComponent>;
  custom_inputs?: Record<string, CustomInput>;
  extensions?: Record<string, Record<string, string | number | boolean | null>>;
}

export interface ProductRef {
  id: string;
  type: 'product';
}

export interface NodeProductRelationships {
  parent?: { data: ProductRef };
  children?: { data: ProductRef[] };
  files?: { data: { type: 'file'; id: string; created_at: string }[] };
  main_image?: { data: { type: 'main_image'; id: string } };
  component_products?: { data: ProductRef[] };
  links: { self: string };
}

export interface NodeProductMeta {
  bread_crumbs: Record<string, string[]>;
  bread_crumb_nodes: string[];
  catalog_id: string;
  pricebook_id: string | null;
  catalog_source: 'pim';
  display_price?: DisplayPrice;
  sale_id?: string;
  sale_expires?: string | null;
  original_price?: CatalogPrice;
  original_display_price?: DisplayPrice;
  bundle_configuration?: {
    selected_options: Record<string, Record<string, number>>;
    component_products: Record<string, ComponentProductPrices>;
  };
  price_modifiers?: Record<string, PriceModifierRecord>;
  tiers?: Record<string, TierPrices>;
  variation_matrix: VariationMatrix;
  variations?: Variation[];
  child_option_ids?: string[] | null;
  child_variations?: ChildVariation[] | null;
  product_types: ProductType[];
  language: string;
}

export interface NodeProduct {
  id: string;
  type: 'product';
  attributes: NodeProductAttributes;
  relationships: NodeProductRelationships;
  meta: NodeProductMeta;
}

export interface NodeProductsIncluded {
  component_products?: NodeProduct[];
  main_images?: FileRecord[];
  files?: FileRecord[];
}


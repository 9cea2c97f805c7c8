import type { Language } from '../../i18n/language.js';
import { productDescription } from '../../i18n/product-words.js';
import type {
  CatalogPrice,
  CatalogRecord,
  ProductRecord,
  ReleaseRecord,
  SaleRecord,
  TierRecord,
} from '../../store/catalog/catalog-records.js';
import { localName } from '../../store/catalog/local-name.js';
import { displayPrice as formatDisplayPrice, type DisplayPrice } from '../display-price.js';
import type { Schemas } from '../../contract/schemas.js';

type NodeProduct = Schemas['NodeProduct'];
type NodeProductMeta = NonNullable<NodeProduct['meta']>;
type NodeProductRelationships = NonNullable<NodeProduct['relationships']>;
type TierPrices = Schemas['TierPrices'];
type ComponentProductPrices = Schemas['ComponentProductPrices'];

/** What a product is rendered against: the release asked for, the request's language and node. */
export interface ProductView {
  catalog: CatalogRecord;
  release: ReleaseRecord;
  language: Language;
  /** The node the request named; links point back to it when the product is attached there. */
  nodeId: string;
  /** Absolute origin and base path of the mock, e.g. `http://127.0.0.1:4010/v2`, for links. */
  linkBase: string;
  /** Origin and base path for the mock's own assets (no vendor prefix); `linkBase` when not given. */
  assetBase?: string;
}

/** `display_price` of a price in the catalog's display currency and tax rate; none without that currency. */
function displayPrice(
  price: CatalogPrice | undefined,
  catalog: CatalogRecord,
  language: Language,
): DisplayPrice | undefined {
  const entry = price?.[catalog.display_currency];
  return entry && formatDisplayPrice(entry, catalog.display_currency, catalog.tax_rate_bp, language);
}

/** A stored product as the operation returns it, localised and priced for the view's language and release. */
export function encodeNodeProduct(product: ProductRecord, view: ProductView, curated: boolean): NodeProduct {
  const { release, language } = view;
  const name = localName(product, language);
  return {
    id: product.id,
    type: 'product',
    attributes: {
      name,
      description: productDescription(product.wording, language),
      sku: product.sku,
      slug: product.slug,
      status: product.status,
      commodity_type: product.commodity_type,
      upc_ean: product.upc_ean,
      manufacturer_part_num: product.manufacturer_part_num,
      external_ref: product.external_ref,
      tags: product.tags,
      price_modifiers: Object.keys(product.price_modifiers ?? {}),
      base_product: product.productType === 'parent',
      ...(product.parent_id === undefined ? {} : { base_product_id: product.parent_id }),
      ...(curated ? { curated_product: true as const } : {}),
      published_at: release.published_at,
      created_at: product.created_at,
      updated_at: product.updated_at,
      price: product.price,
      shopper_attributes: product.shopper_attributes,
      ...(product.tiers === undefined ? {} : { tiers: tierAttributes(product.tiers) }),
      ...(product.components === undefined ? {} : { components: product.components }),
      ...(product.custom_inputs === undefined ? {} : { custom_inputs: product.custom_inputs }),
      ...(product.extensions === undefined ? {} : { extensions: product.extensions }),
    },
    relationships: relationships(product, view),
    meta: meta(product, view),
  };
}

function tierAttributes(tiers: Record<string, TierRecord>) {
  return Object.fromEntries(
    Object.entries(tiers).map(([name, tier]) => [
      name,
      { minimum_quantity: tier.minimum_quantity, price: tier.price },
    ]),
  );
}

/** The node a product's self link goes through: the requested one when the product is attached there. */
function linkNode(product: ProductRecord, view: ProductView): string {
  return product.node_ids.includes(view.nodeId) ? view.nodeId : (product.node_ids[0] ?? view.nodeId);
}

// The operation's URL per view and node, encoded once per request rather than once per product.
const productsUrls = new WeakMap<ProductView, Map<string, string>>();

function nodeProductsUrl(view: ProductView, node: string): string {
  let urls = productsUrls.get(view);
  if (urls === undefined) {
    urls = new Map();
    productsUrls.set(view, urls);
  }
  let url = urls.get(node);
  if (url === undefined) {
    const { catalog, release } = view;
    const path = ['catalogs', catalog.id, 'releases', release.id, 'nodes', node, 'relationships', 'products'];
    url = `${view.linkBase}/${path.map(encodeURIComponent).join('/')}`;
    urls.set(node, url);
  }
  return url;
}

function relationships(product: ProductRecord, view: ProductView): NodeProductRelationships {
  const { catalog } = view;
  const links = { self: `${nodeProductsUrl(view, linkNode(product, view))}?filter=in(id,${product.id})` };
  const files = product.file_ids.flatMap((id) => {
    const file = catalog.files.get(id);
    return file === undefined
      ? []
      : [{ type: 'file' as const, id, created_at: file.meta.timestamps.created_at }];
  });
  const components = Object.values(product.components ?? {}).flatMap((component) => component.options);
  return {
    ...(product.parent_id === undefined
      ? {}
      : { parent: { data: { id: product.parent_id, type: 'product' as const } } }),
    ...(product.child_ids === undefined
      ? {}
      : { children: { data: product.child_ids.map((id) => ({ id, type: 'product' as const })) } }),
    ...(files.length === 0 ? {} : { files: { data: files } }),
    ...(product.main_image_id === undefined
      ? {}
      : { main_image: { data: { type: 'main_image' as const, id: product.main_image_id } } }),
    ...(components.length === 0
      ? {}
      : { component_products: { data: components.map(({ id }) => ({ id, type: 'product' as const })) } }),
    links,
  };
}

/** Sale fields of meta (or of a tier / component), with the original price's display price. */
function saleMeta(sale: SaleRecord | undefined, view: ProductView): TierPrices {
  if (sale === undefined) return {};
  const original = displayPrice(sale.original_price, view.catalog, view.language);
  return {
    sale_id: sale.sale_id,
    sale_expires: sale.sale_expires,
    original_price: sale.original_price,
    ...(original === undefined ? {} : { original_display_price: original }),
  };
}

function tierPrices(tiers: Record<string, TierRecord>, view: ProductView): Record<string, TierPrices> {
  return Object.fromEntries(
    Object.entries(tiers).map(([name, tier]) => {
      const shown = displayPrice(tier.price, view.catalog, view.language);
      return [
        name,
        { ...saleMeta(tier.sale, view), ...(shown === undefined ? {} : { display_price: shown }) },
      ];
    }),
  );
}

/** The price block of one bundle component product, as `bundle_configuration.component_products` holds it. */
function componentPrices(product: ProductRecord, view: ProductView): ComponentProductPrices {
  const shown = displayPrice(product.price, view.catalog, view.language);
  return {
    ...saleMeta(product.sale, view),
    price: product.price,
    ...(shown === undefined ? {} : { display_price: shown }),
    pricebook_id: product.pricebook_id,
    ...(product.price_modifiers === undefined ? {} : { price_modifiers: product.price_modifiers }),
    ...(product.tiers === undefined ? {} : { tiers: tierPrices(product.tiers, view) }),
  };
}

function bundleConfiguration(
  product: ProductRecord,
  view: ProductView,
): NodeProductMeta['bundle_configuration'] {
  if (product.components === undefined) return undefined;
  const selected_options: Record<string, Record<string, number>> = {};
  const component_products: Record<string, ComponentProductPrices> = {};
  for (const [key, component] of Object.entries(product.components)) {
    const chosen: Record<string, number> = {};
    for (const option of component.options) {
      if (option.default === true) chosen[option.id] = option.quantity;
      const index = view.catalog.productIndexById.get(option.id);
      const member = index === undefined ? undefined : view.catalog.products[index];
      if (member !== undefined) component_products[option.id] = componentPrices(member, view);
    }
    selected_options[key] = chosen;
  }
  return { selected_options, component_products };
}

function breadCrumbs(product: ProductRecord, catalog: CatalogRecord): Record<string, string[]> {
  const crumbs: Record<string, string[]> = {};
  for (const id of product.node_ids) crumbs[id] = catalog.nodes.get(id)?.bread_crumb ?? [id];
  return crumbs;
}

function meta(product: ProductRecord, view: ProductView): NodeProductMeta {
  const { catalog, language } = view;
  const shown = displayPrice(product.price, catalog, language);
  const bundle = bundleConfiguration(product, view);
  return {
    bread_crumbs: breadCrumbs(product, catalog),
    bread_crumb_nodes: product.node_ids,
    catalog_id: catalog.id,
    pricebook_id: product.pricebook_id,
    catalog_source: 'pim',
    ...(shown === undefined ? {} : { display_price: shown }),
    ...saleMeta(product.sale, view),
    ...(bundle === undefined ? {} : { bundle_configuration: bundle }),
    ...(product.price_modifiers === undefined ? {} : { price_modifiers: product.price_modifiers }),
    ...(product.tiers === undefined ? {} : { tiers: tierPrices(product.tiers, view) }),
    variation_matrix: product.variation_matrix ?? {},
    ...(product.variations === undefined ? {} : { variations: product.variations }),
    ...(product.child_option_ids === undefined ? {} : { child_option_ids: product.child_option_ids }),
    ...(product.child_variations === undefined ? {} : { child_variations: product.child_variations }),
    product_types: [product.productType],
    language,
  };
}

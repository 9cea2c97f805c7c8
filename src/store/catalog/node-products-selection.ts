import { compileFilter, type FilterValue } from '../../query/filter-match.js';
import { localName } from './local-name.js';
import { NODE_PRODUCT_LOWERCASE_ATTRIBUTES, type FilterExpression } from '../../query/filter.js';
import type { Language } from '../../i18n/language.js';
import type { CatalogRecord, NodeRecord, ProductRecord, ReleaseRecord } from './catalog-records.js';

export interface SelectedProduct {
  product: ProductRecord;
  curated: boolean;
}

/** A product's filterable attributes; names in the request's language, so a storefront filters by what it shows. */
export function readFilterAttribute(
  product: ProductRecord,
  attribute: string,
  language: Language,
): FilterValue {
  switch (attribute) {
    case 'id':
      return product.id;
    case 'name':
      return localName(product, language);
    case 'sku':
      return product.sku;
    case 'slug':
      return product.slug;
    case 'manufacturer_part_num':
      return product.manufacturer_part_num;
    case 'upc_ean':
      return product.upc_ean;
    case 'product_types':
      return [product.productType];
    case 'tags':
      return product.tags;
    default:
      return undefined;
  }
}

/** Whether a release holds the product and the operation may return it (live only). */
export function isVisible(product: ProductRecord, release: ReleaseRecord): boolean {
  return product.status === 'live' && product.since <= release.index;
}

/** The node's matching live products: with `in(id, ...)` newest first, else curated, then in attach order. */
export function selectNodeProducts(
  catalog: CatalogRecord,
  release: ReleaseRecord,
  node: NodeRecord,
  filter: readonly FilterExpression[],
  language: Language,
): SelectedProduct[] {
  const read = (product: ProductRecord, attribute: string) =>
    readFilterAttribute(product, attribute, language);
  const matches = compileFilter(filter, read, {
    lowercase: NODE_PRODUCT_LOWERCASE_ATTRIBUTES,
  });
  const curated = new Set(node.curated_product_ids);
  const selected: SelectedProduct[] = [];
  // A node holds tens of products: each is tested, with no index to narrow them first.
  for (const at of node.product_indexes) {
    const product = catalog.products[at];
    if (product !== undefined && isVisible(product, release) && matches(product)) {
      selected.push({ product, curated: curated.has(product.id) });
    }
  }
  if (filter.some((expression) => expression.op === 'in' && expression.attribute === 'id')) {
    return selected.sort(
      (a, b) =>
        compareText(b.product.updated_at, a.product.updated_at) || compareText(a.product.id, b.product.id),
    );
  }
  const curatedRank = new Map(node.curated_product_ids.map((id, rank) => [id, rank]));
  const first = selected
    .filter((entry) => entry.curated)
    .sort((a, b) => (curatedRank.get(a.product.id) ?? 0) - (curatedRank.get(b.product.id) ?? 0));
  return [...first, ...selected.filter((entry) => !entry.curated)];
}

/** Code-unit order: ISO timestamps and ids compare the same on every machine, whatever its locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

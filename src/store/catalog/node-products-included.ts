import type { NodeProductInclude } from '../../query/include.js';
import type { FileRecord, ProductRecord } from './catalog-records.js';
import type { NodeProductsIncluded } from './node-product.js';
import { fileText, type ProductText } from './node-product-text.js';
import { renderNodeProduct, type ProductView } from './node-product-view.js';
import { isVisible } from './node-products-selection.js';

export type { NodeProductInclude };

/** The records `included` holds for one page, member by member in response order. */
export interface IncludedRecords {
  component_products?: ProductRecord[];
  main_images?: FileRecord[];
  files?: FileRecord[];
}

/**
 * The records of `included` for one page: only the asked members, each de-duplicated by id in order of
 * first mention and limited to the page's products. `component_products` are the live bundle components
 * the release holds.
 */
export function includedRecords(
  page: readonly ProductRecord[],
  include: readonly NodeProductInclude[],
  view: ProductView,
): IncludedRecords {
  const included: IncludedRecords = {};
  const asked = new Set(include);
  if (asked.has('component_products')) included.component_products = componentProducts(page, view);
  if (asked.has('main_image')) {
    included.main_images = filesById(
      page.flatMap((product) => product.main_image_id ?? []),
      view,
    );
  }
  if (asked.has('files'))
    included.files = filesById(
      page.flatMap((product) => product.file_ids),
      view,
    );
  return included;
}

/** `included` as plain objects (component products rendered as `data` renders them, never curated). */
export function includedFor(
  page: readonly ProductRecord[],
  include: readonly NodeProductInclude[],
  view: ProductView,
): NodeProductsIncluded {
  const { component_products, ...files } = includedRecords(page, include, view);
  return {
    ...(component_products === undefined
      ? {}
      : { component_products: component_products.map((product) => renderNodeProduct(product, view, false)) }),
    ...files,
  };
}

/** `included` as JSON text, byte for byte `JSON.stringify(includedFor(...))`, from cached texts. */
export function includedJson(records: IncludedRecords, text: ProductText): string {
  const members: string[] = [];
  if (records.component_products !== undefined)
    members.push(
      `"component_products":[${records.component_products.map((product) => text(product, false)).join(',')}]`,
    );
  if (records.main_images !== undefined)
    members.push(`"main_images":[${records.main_images.map(fileText).join(',')}]`);
  if (records.files !== undefined) members.push(`"files":[${records.files.map(fileText).join(',')}]`);
  return `{${members.join(',')}}`;
}

function componentProducts(page: readonly ProductRecord[], view: ProductView): ProductRecord[] {
  const { catalog, release } = view;
  const seen = new Set<string>();
  const found: ProductRecord[] = [];
  for (const bundle of page) {
    for (const component of Object.values(bundle.components ?? {})) {
      for (const { id } of component.options) {
        if (seen.has(id)) continue;
        seen.add(id);
        const index = catalog.productIndexById.get(id);
        const product = index === undefined ? undefined : catalog.products[index];
        if (product !== undefined && isVisible(product, release)) found.push(product);
      }
    }
  }
  return found;
}

function filesById(ids: readonly string[], view: ProductView): FileRecord[] {
  return [...new Set(ids)].flatMap((id) => view.catalog.files.get(id) ?? []);
}

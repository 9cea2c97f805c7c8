import type { NodeProductInclude } from '../../query/include.js';
import type { FileRecord, ProductRecord } from './catalog-records.js';
import type { NodeProduct, NodeProductsIncluded } from './node-product.js';
import { renderNodeProduct, type ProductView } from './node-product-view.js';
import { isVisible } from './node-products-selection.js';

export type { NodeProductInclude };

/**
 * `included` for one page: only the asked members, each de-duplicated by id in order of first mention and
 * limited to the page's products. `component_products` are the live bundle components the release holds.
 */
export function includedFor(
  page: readonly ProductRecord[],
  include: readonly NodeProductInclude[],
  view: ProductView,
): NodeProductsIncluded {
  const included: NodeProductsIncluded = {};
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

function componentProducts(page: readonly ProductRecord[], view: ProductView): NodeProduct[] {
  const { catalog, release } = view;
  const seen = new Set<string>();
  const rendered: NodeProduct[] = [];
  for (const bundle of page) {
    for (const component of Object.values(bundle.components ?? {})) {
      for (const { id } of component.options) {
        if (seen.has(id)) continue;
        seen.add(id);
        const index = catalog.productIndexById.get(id);
        const product = index === undefined ? undefined : catalog.products[index];
        if (product !== undefined && isVisible(product, release))
          rendered.push(renderNodeProduct(product, view, false));
      }
    }
  }
  return rendered;
}

function filesById(ids: readonly string[], view: ProductView): FileRecord[] {
  return [...new Set(ids)].flatMap((id) => view.catalog.files.get(id) ?? []);
}

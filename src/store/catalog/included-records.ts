import type { NodeProductInclude } from '../../query/include.js';
import type { CatalogRecord, FileRecord, ProductRecord, ReleaseRecord } from './catalog-records.js';
import { isVisible } from './node-products-selection.js';

/** The records `included` holds for one page, member by member in response order. */
export interface IncludedRecords {
  component_products?: ProductRecord[];
  main_images?: FileRecord[];
  files?: FileRecord[];
}

/** A page's asked `included` members, each de-duplicated by id in first-mention order. */
export function includedRecords(
  page: readonly ProductRecord[],
  include: ReadonlySet<NodeProductInclude>,
  catalog: CatalogRecord,
  release: ReleaseRecord,
): IncludedRecords {
  const included: IncludedRecords = {};
  if (include.has('component_products'))
    included.component_products = componentProducts(page, catalog, release);
  if (include.has('main_image'))
    included.main_images = filesById(
      page.flatMap((product) => product.main_image_id ?? []),
      catalog,
    );
  if (include.has('files'))
    included.files = filesById(
      page.flatMap((product) => product.file_ids),
      catalog,
    );
  return included;
}

function componentProducts(
  page: readonly ProductRecord[],
  catalog: CatalogRecord,
  release: ReleaseRecord,
): ProductRecord[] {
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

function filesById(ids: readonly string[], catalog: CatalogRecord): FileRecord[] {
  return [...new Set(ids)].flatMap((id) => catalog.files.get(id) ?? []);
}

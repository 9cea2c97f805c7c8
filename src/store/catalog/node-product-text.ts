import type { FileRecord, ProductRecord } from './catalog-records.js';
import { renderNodeProduct, type ProductView } from './node-product-view.js';
import type { TextCache } from './text-cache.js';

/** The JSON text of one product in one view: exactly `JSON.stringify(renderNodeProduct(...))`. */
export type ProductText = (product: ProductRecord, curated: boolean) => string;

/**
 * Product texts for one request's view, rendered once and reused from `cache`. Besides the product, a text
 * depends on the catalog, the release (published_at, link), the language, the link base, the requested node
 * (the node of the self link) and the curated flag: all of them make up the group it is cached under, so no
 * request gets a text rendered for another view.
 * @example const text = productTexts(cache, view); `[${page.map((e) => text(e.product, e.curated)).join(',')}]`
 */
export function productTexts(cache: TextCache, view: ProductView): ProductText {
  const group = `${view.linkBase}\n${view.catalog.id}\n${view.release.id}\n${view.language}\n${view.nodeId}\n`;
  const curatedGroup = `${group}curated`;
  return (product, curated) => {
    const key = curated ? curatedGroup : group;
    return (
      cache.get(key, product) ??
      cache.set(key, product, JSON.stringify(renderNodeProduct(product, view, curated)))
    );
  };
}

// Files never change once seeded; their text is shared by every request and every store that holds them.
const fileTexts = new WeakMap<FileRecord, string>();

/** The JSON text of a file record, serialised once. */
export function fileText(file: FileRecord): string {
  let text = fileTexts.get(file);
  if (text === undefined) {
    text = JSON.stringify(file);
    fileTexts.set(file, text);
  }
  return text;
}

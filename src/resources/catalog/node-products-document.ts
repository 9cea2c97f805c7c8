import type { NodeProductInclude } from '../../query/include.js';
import type { Page } from '../../query/paging.js';
import type { FileRecord, ProductRecord } from '../../store/catalog/catalog-records.js';
import { assetLink } from '../asset-link.js';
import type { NodeProductsPage } from '../../store/catalog/catalog-store.js';
import { includedRecords } from '../../store/catalog/included-records.js';
import { jsonArray, jsonDocument, type JsonText } from '../json-text.js';
import { pageLinks, pageMeta } from '../page-navigation.js';
import type { TextMemo } from '../text-memo.js';
import { encodeNodeProduct, type ProductView } from './node-product-resource.js';

/**
 * Get a node's products: `{ meta, data, links, included? }`, product texts kept per view. Besides the
 * product, a text depends on the catalog, the release (published_at, link), the language, the link base,
 * the requested node (its self link) and the curated flag: all of them make up the group it is kept under.
 * @example nodeProductsDocument(store.nodeProducts(query), include, query.page, url, view, memo)
 */
export function nodeProductsDocument(
  found: NodeProductsPage,
  include: ReadonlySet<NodeProductInclude>,
  page: Page,
  url: URL,
  view: ProductView,
  memo: TextMemo,
): JsonText {
  const group = `${view.linkBase}\n${view.catalog.id}\n${view.release.id}\n${view.language}\n${view.nodeId}\n`;
  const text = (product: ProductRecord, curated: boolean) =>
    memo.text(curated ? `${group}curated` : group, product, () =>
      JSON.stringify(encodeNodeProduct(product, view, curated)),
    );
  const { total, products } = found;
  return jsonDocument({
    meta: pageMeta(total, page),
    data: jsonArray(products.map(({ product, curated }) => text(product, curated))),
    links: pageLinks(url, total, page),
    included:
      include.size === 0
        ? undefined
        : included(found, include, (product) => text(product, false), view.linkBase, memo),
  });
}

function included(
  found: NodeProductsPage,
  include: ReadonlySet<NodeProductInclude>,
  text: (product: ProductRecord) => string,
  base: string,
  memo: TextMemo,
): JsonText {
  const { catalog, release } = found.place;
  const records = includedRecords(
    found.products.map((entry) => entry.product),
    include,
    catalog,
    release,
  );
  const fileText = (file: FileRecord) =>
    memo.text(`file\n${base}`, file, () =>
      JSON.stringify({ ...file, link: { href: assetLink(file.link.href, base) } }),
    );
  return jsonDocument({
    component_products: records.component_products && jsonArray(records.component_products.map(text)),
    main_images: records.main_images && jsonArray(records.main_images.map(fileText)),
    files: records.files && jsonArray(records.files.map(fileText)),
  });
}

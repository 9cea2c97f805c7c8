import type { NodeProductInclude } from '../../query/include.js';
import type { Page } from '../../query/paging.js';
import type { FileRecord, ProductRecord } from '../../store/catalog/catalog-records.js';
import { assetLink } from '../asset-link.js';
import { includedMembers } from '../included-members.js';
import type { NodeProductsPage } from '../../store/catalog/catalog-store.js';
import { includedRecords } from '../../store/catalog/included-records.js';
import { pageLinks, pageMeta } from '../page-navigation.js';
import { encodeNodeProduct, type ProductView } from './node-product-resource.js';

/** Get a node's products: `{ meta, data, links, included? }`. */
export function nodeProductsDocument(
  found: NodeProductsPage,
  include: ReadonlySet<NodeProductInclude>,
  page: Page,
  url: URL,
  view: ProductView,
): Record<string, unknown> {
  const { total, products } = found;
  const encode = (product: ProductRecord) => encodeNodeProduct(product, view, false);
  return {
    meta: pageMeta(total, page),
    data: products.map(({ product, curated }) => encodeNodeProduct(product, view, curated)),
    links: pageLinks(url, total, page),
    included: includedMembers(included(found, include, encode, view.assetBase ?? view.linkBase)),
  };
}

function included(
  found: NodeProductsPage,
  include: ReadonlySet<NodeProductInclude>,
  encode: (product: ProductRecord) => unknown,
  base: string,
): Record<string, unknown[] | undefined> {
  const { catalog, release } = found.place;
  const records = includedRecords(
    found.products.map((entry) => entry.product),
    include,
    catalog,
    release,
  );
  const file = (record: FileRecord) => ({ ...record, link: { href: assetLink(record.link.href, base) } });
  return {
    component_products: records.component_products?.map(encode),
    main_images: records.main_images?.map(file),
    files: records.files?.map(file),
  };
}

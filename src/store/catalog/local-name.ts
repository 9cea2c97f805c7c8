import type { Language } from '../../i18n/language.js';
import { productName } from '../../i18n/product-words.js';
import type { ProductRecord } from './catalog-records.js';

/** A product's name as the response shows it in `language`; filters on name match this same text. */
export function localName(product: ProductRecord, language: Language): string {
  return `${productName(product.wording, language)}${product.nameSuffix}`;
}

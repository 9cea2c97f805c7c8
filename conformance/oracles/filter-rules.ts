import { decision } from '../citations.js';
import { matchRecord, type AttributeReader, type FilterExpression } from './filter-match.js';
import { idOf } from './json-at.js';

/** interface.md: the operator x attribute pairs each list offers. */
export const SUBSCRIPTION_EQ = ['account_id', 'name', 'email', 'external_ref'] as const;
export const NODE_PRODUCT_EQ = [
  'name',
  'sku',
  'slug',
  'manufacturer_part_num',
  'upc_ean',
  'product_types',
  'tags',
] as const;
export const NODE_PRODUCT_IN = ['id', ...NODE_PRODUCT_EQ] as const;

export const FILTER_SATISFIED = 'every record a filter returns satisfies it';

/** decisions.md: matching is exact and case-sensitive; a case-only match is a convention break. */
export const FILTER_CASE = {
  rule: 'filters match exactly and case-sensitively, tags in lowercase (decisions.md)',
  cites: decision('Filters', 'matching is exact and case-sensitive, except tags, compared in lowercase'),
} as const;

/** Ids of the records that do not satisfy the expressions (`none`) or only ignoring case (`caseOnly`). */
export function unsatisfiedIds(
  records: readonly unknown[],
  expressions: readonly FilterExpression[],
  read: AttributeReader,
): { none: string[]; caseOnly: string[] } {
  const none: string[] = [];
  const caseOnly: string[] = [];
  for (const record of records) {
    const verdict = matchRecord(record, expressions, read);
    if (verdict === 'none') none.push(idOf(record) ?? '(no id)');
    if (verdict === 'case-only') caseOnly.push(idOf(record) ?? '(no id)');
  }
  return { none, caseOnly };
}

import { jsonAt } from './json-at.js';

/** The kit's own view of a filter expression, `op(attribute,value[,value...])`; never the mock's parser. */
export interface FilterExpression {
  op: 'eq' | 'in';
  attribute: string;
  values: readonly string[];
}

/**
 * A record's value for a filterable attribute: a string, strings (product_types, tags), `null` when the
 * record shows it has no value, `undefined` when the response does not show the attribute at all.
 */
export type AttributeValue = string | readonly string[] | null | undefined;
export type AttributeReader = (record: unknown, attribute: string) => AttributeValue;

/**
 * How a record stands against a filter: `match`; `case-only` (equal ignoring case: decisions.md makes
 * matching case-sensitive, so only a convention break); `none`; `unknown` (the attribute is not shown).
 */
export type MatchVerdict = 'match' | 'case-only' | 'none' | 'unknown';

/** Attributes of SubscriptionAttributes (interface.md): when absent, the record has no value. */
const SUBSCRIPTION_RESPONSE_ATTRIBUTES = new Set(['account_id', 'external_ref']);

/** Subscription filter attributes: account_id and external_ref are response fields; name and email may be echoed. */
export const readSubscriptionAttribute: AttributeReader = (record, attribute) => {
  const value = jsonAt(record, 'attributes', attribute);
  if (value === undefined) return SUBSCRIPTION_RESPONSE_ATTRIBUTES.has(attribute) ? null : undefined;
  return typeof value === 'string' ? value : null;
};

/** Node product filter attributes: `id` on the record, `product_types` in meta, the rest in attributes. */
export const readNodeProductAttribute: AttributeReader = (record, attribute) => {
  const value =
    attribute === 'id'
      ? jsonAt(record, 'id')
      : attribute === 'product_types'
        ? jsonAt(record, 'meta', 'product_types')
        : jsonAt(record, 'attributes', attribute);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return null;
};

/** Attributes compared in lowercase: tags are stored in lowercase (interface.md). */
export const LOWERCASE_ATTRIBUTES: readonly string[] = ['tags'];

/** One expression: a scalar equals a value, an array contains one (eq = contains, in = contains any). */
export function matchExpression(
  value: AttributeValue,
  expression: FilterExpression,
  lowercase: readonly string[] = LOWERCASE_ATTRIBUTES,
): MatchVerdict {
  if (value === undefined) return 'unknown';
  if (value === null) return 'none';
  const items = typeof value === 'string' ? [value] : value;
  const fold = lowercase.includes(expression.attribute) ? (text: string) => text.toLowerCase() : undefined;
  const exact = new Set(expression.values.map((text) => (fold === undefined ? text : fold(text))));
  if (items.some((item) => exact.has(fold === undefined ? item : fold(item)))) return 'match';
  const loose = new Set(expression.values.map((text) => text.toLowerCase()));
  return items.some((item) => loose.has(item.toLowerCase())) ? 'case-only' : 'none';
}

const SEVERITY: readonly MatchVerdict[] = ['match', 'case-only', 'unknown', 'none'];

/** Expressions joined by `:` all hold (AND): the worst verdict of the expressions. */
export function matchRecord(
  record: unknown,
  expressions: readonly FilterExpression[],
  read: AttributeReader,
): MatchVerdict {
  let worst: MatchVerdict = 'match';
  for (const expression of expressions) {
    const verdict = matchExpression(read(record, expression.attribute), expression);
    if (SEVERITY.indexOf(verdict) > SEVERITY.indexOf(worst)) worst = verdict;
  }
  return worst;
}

/** The values of an attribute a record shows, as a list (empty when it shows none). */
export function attributeValues(record: unknown, attribute: string, read: AttributeReader): string[] {
  const value = read(record, attribute);
  if (value === null || value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}

/**
 * Values the kit can send unquoted: quoting and escaping are decisions.md's grammar, so values that would
 * need them (`, ( ) : ' " \`, edge spaces) are not picked when others exist.
 */
export function isPlainValue(value: string): boolean {
  return value !== '' && value.length <= 200 && value.trim() === value && !/[,():'"\\]/.test(value);
}

/** The `filter` parameter: plain values as they are, others double-quoted with `"` escaped (decisions.md). */
export function filterParameter(expressions: readonly FilterExpression[]): string {
  const quote = (value: string) => (isPlainValue(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`);
  return expressions
    .map(({ op, attribute, values }) => `${op}(${attribute},${values.map(quote).join(',')})`)
    .join(':');
}

/** The filter vocabularies of interface.md, each written once as a const tuple with its type and guard. */

export const FILTER_OPERATORS = ['eq', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export function isFilterOperator(value: string): value is FilterOperator {
  return FILTER_OPERATORS.some((operator) => operator === value);
}

/** Allowed attributes per operator; an operator left out is not available on that operation. */
export type FilterGrammar = { readonly [K in FilterOperator]?: readonly string[] };

/** List subscriptions: `eq` only. */
export const SUBSCRIPTION_FILTER_ATTRIBUTES = ['account_id', 'name', 'email', 'external_ref'] as const;
export type SubscriptionFilterAttribute = (typeof SUBSCRIPTION_FILTER_ATTRIBUTES)[number];

export const SUBSCRIPTION_FILTERS: FilterGrammar = { eq: SUBSCRIPTION_FILTER_ATTRIBUTES };

/** Get a node's products: `eq` on seven attributes, `in` on those and `id`. */
export const NODE_PRODUCT_EQ_ATTRIBUTES = [
  'name',
  'sku',
  'slug',
  'manufacturer_part_num',
  'upc_ean',
  'product_types',
  'tags',
] as const;
export const NODE_PRODUCT_IN_ATTRIBUTES = ['id', ...NODE_PRODUCT_EQ_ATTRIBUTES] as const;

export const NODE_PRODUCT_FILTERS: FilterGrammar = {
  eq: NODE_PRODUCT_EQ_ATTRIBUTES,
  in: NODE_PRODUCT_IN_ATTRIBUTES,
};

/** Tags are stored in lowercase and compared in lowercase (decisions.md); pass as `compileFilter`'s `lowercase`. */
export const NODE_PRODUCT_LOWERCASE_ATTRIBUTES = ['tags'] as const;

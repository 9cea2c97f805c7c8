/**
 * Where each rule of the kit comes from, quoted: a contract rule cites the interface.md line it rests on, a
 * convention the decisions.md section that chose it. `citations.test.ts` checks every quote against the files.
 */

/** `interface.md § Section: "the line, verbatim"`. */
export function interfaceLine(section: string, line: string): string {
  return `interface.md § ${section}: "${line}"`;
}

export const DECISION_SECTIONS = [
  'Status codes',
  'Error body',
  'Ignored input',
  'Query parameters',
  'Filters',
  'Paging',
  'Include',
  'Create and update',
  'Catalog',
  'Authentication',
  'Bounds',
  'Vendor aliases',
] as const;
export type DecisionSection = (typeof DECISION_SECTIONS)[number];

/** `decisions.md § Section`, optionally with what it says in short. */
export function decision(section: DecisionSection, says?: string): string {
  return `decisions.md § ${section}${says === undefined ? '' : `: ${says}`}`;
}

/** A bound the run itself sets (no document line): the option that sets it. */
export function runOption(option: string): string {
  return `run option ${option}`;
}

const LIST = 'List subscriptions';
const NODE = "Get a node's products";
const CREATE = 'Create a subscription';
const UPDATE = 'Update a subscription';
const PRODUCT = 'Catalog node product';

/** The interface.md lines the checks cite. */
export const CONTRACT = {
  bodiesAreJson: interfaceLine('Endpoints', 'Request and response bodies are JSON.'),
  createSuccess: interfaceLine(
    CREATE,
    'Success response: the subscription is created; body is { data: Subscription }.',
  ),
  createBody: interfaceLine(CREATE, 'Body: object with data (required) of shape BuildSubscription'),
  createOffering: interfaceLine(
    CREATE,
    'inline offering: external_ref, name (required, 3 to 1024), description (up to 1024), products (array of ProductAttributes, at least 1), plans (array of objects, at least 1)',
  ),
  paymentAuthority: interfaceLine('Payment authority', 'allowed value: provider_payments_processor'),
  offeringProduct: interfaceLine(
    'Offering product',
    'returned in included.products and accepted in the creation body as ProductAttributes',
  ),
  updateSuccess: interfaceLine(
    UPDATE,
    'Success response: the subscription is updated; body is { data: Subscription }.',
  ),
  planSwitch: interfaceLine(UPDATE, 'A plan switch is done by changing plan_id.'),
  listSuccess: interfaceLine(
    LIST,
    'Success response: { data: Subscription[], included: { products: OfferingProduct[], plans: OfferingPlan[] }, links }.',
  ),
  listAll: interfaceLine(LIST, 'Returns all subscriptions.'),
  listLimit: interfaceLine(LIST, 'page[limit] | int64 | records per page, up to 100'),
  listOffset: interfaceLine(
    LIST,
    'page[offset] | int64 | at most 10000; zero-based, counted in records, not pages',
  ),
  listFilters: interfaceLine(
    LIST,
    'Filtering: operator eq only, on attributes account_id, name, email, external_ref.',
  ),
  include: interfaceLine(
    LIST,
    'Include: plans and products each optionally add the plans and/or products associated with a subscription to the response under included.',
  ),
  nodeReturns: interfaceLine(NODE, 'Returns live products associated with the node.'),
  nodeOffset: interfaceLine(NODE, 'page[offset] | int64 | at most 10000; zero-based, in records'),
  nodeTotal: interfaceLine(NODE, 'meta.results.total | int64 | total results for the whole collection'),
  nodePageMeta: interfaceLine(NODE, 'meta.page.offset | int64 | current offset'),
  nodeLinks: interfaceLine(
    NODE,
    'links.self, first, last, prev, next | uri, nullable | first is always the first page; last, prev and next are null when there is only one page',
  ),
  nodeFilterEq: interfaceLine(
    NODE,
    'eq | name, sku, slug, manufacturer_part_num, upc_ean, product_types, tags | for product_types and tags only one value may be given',
  ),
  nodeFilterIn: interfaceLine(
    NODE,
    'in | id, name, sku, slug, manufacturer_part_num, upc_ean, product_types, tags | for product_types and tags more than one value may be given',
  ),
  inIds: interfaceLine(NODE, 'any number of ids in any order'),
  latest: interfaceLine(NODE, 'or the word latest for the most recently published release'),
  acceptLanguage: interfaceLine(NODE, 'Header: accept-language (string; preferred language and locale).'),
  liveOnly: interfaceLine(
    'States and transitions',
    'Only live products are returned by the node products operation.',
  ),
  curatedFlag: interfaceLine(
    PRODUCT,
    'curated_product | boolean | shown with value true when curated; omitted otherwise',
  ),
  variationsOmitted: interfaceLine(
    PRODUCT,
    'Listed when the product has variations; omitted when it has none',
  ),
  variationsOrder: interfaceLine(
    PRODUCT,
    'once a parent product is published, they are returned in descending order of sort_order',
  ),
  catalogSource: interfaceLine(PRODUCT, 'catalog_source | string | always pim'),
  tiers: interfaceLine(PRODUCT, 'minimum_quantity (integer, at least 1, required for a tier)'),
  language: interfaceLine(PRODUCT, "language | string | the storefront's preferred language and locale"),
  rejectedWithError: interfaceLine(
    'Errors',
    'A price tier without minimum_quantity is rejected with an error.',
  ),
  pageLimits: interfaceLine('Limits', 'page[limit] | up to 100 | list subscriptions; node products'),
} as const;

/** One Limits row of interface.md, e.g. `limitsRow('external_ref | at most 2048 characters')`. */
export function limitsRow(row: string): string {
  return interfaceLine('Limits', row);
}

/** A 5xx is the server failing (RFC 9110 § 15.6); the interface rejects bad input "with an error". */
export const NEVER_5XX = `${CONTRACT.rejectedWithError} (and RFC 9110 § 15.6: a 5xx is the server failing)`;

/** The decisions.md section a family's convention rules come from, when a failure names none itself. */
const FAMILY_DECISIONS: Record<string, DecisionSection> = {
  status: 'Status codes',
  schema: 'Error body',
  rejection: 'Status codes',
  filters: 'Filters',
  paging: 'Paging',
  include: 'Include',
  catalog: 'Catalog',
  lifecycle: 'Create and update',
  concurrency: 'Create and update',
  rules: 'Paging',
  generated: 'Filters',
  limits: 'Paging',
  robustness: 'Status codes',
};

/** The decisions.md section of a check's family (by its id's first part). */
export function familyDecision(checkId: string): string {
  return decision(FAMILY_DECISIONS[checkId.split('.')[0] ?? ''] ?? 'Status codes');
}

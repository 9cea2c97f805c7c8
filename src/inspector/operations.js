/** The methods a request to the mock may have (the fault rules' `method` takes the same). */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

/** The contract's four operations, as the inspector lists them (spec/openapi.yaml). */
export const OPERATIONS = [
  {
    id: 'listSubscriptions',
    title: 'List subscriptions',
    method: 'GET',
    template: '/subscriptions/subscriptions',
  },
  {
    id: 'createSubscription',
    title: 'Create a subscription',
    method: 'POST',
    template: '/subscriptions/subscriptions',
  },
  {
    id: 'updateSubscription',
    title: 'Update a subscription',
    method: 'PUT',
    template: '/subscriptions/subscriptions/{subscription_uuid}',
  },
  {
    id: 'getNodeProducts',
    title: "Get a node's products",
    method: 'GET',
    template: '/catalogs/{catalog_id}/releases/{release_id}/nodes/{node_id}/relationships/products',
  },
];

const matchers = OPERATIONS.map((operation) => ({
  operation,
  path: new RegExp(`^${operation.template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

/**
 * The operation a request reaches, by method and path (query ignored), or undefined.
 * @example operationOf('GET', '/subscriptions/subscriptions?page[limit]=5') // the listSubscriptions entry
 */
export function operationOf(method, path) {
  const bare = path.split('?')[0];
  return matchers.find((m) => m.operation.method === method.toUpperCase() && m.path.test(bare))?.operation;
}

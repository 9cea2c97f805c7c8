/**
 * `subcat/types`: the TypeScript types generated from the contract (openapi-typescript), for a typed client.
 * @example import type { components } from 'subcat/types'; type Subscription = components['schemas']['Subscription'];
 */
export type { components, operations, paths } from '../contract/openapi-types.gen.js';

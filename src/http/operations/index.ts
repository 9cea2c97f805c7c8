import type { MockState } from '../../mock-state.js';
import type { Route } from '../route.js';
import { getNodeProducts } from './node-products.js';
import { subscriptionRoutes } from './subscriptions/index.js';

/** The four operations the mock serves statefully; any other operation of the spec falls back to Prism. */
export const routes: readonly Route<MockState>[] = [...subscriptionRoutes, getNodeProducts];

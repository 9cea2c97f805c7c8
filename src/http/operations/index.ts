import type { Route } from '../route.js';
import { createSubscription } from './create-subscription.js';
import { listSubscriptions } from './list-subscriptions.js';
import { getNodeProducts } from './node-products.js';
import type { OperationsState } from './operations-state.js';
import { updateSubscription } from './update-subscription.js';

/** The four operations the mock serves statefully; any other operation of the spec falls back to Prism. */
export const routes: readonly Route<OperationsState>[] = [
  createSubscription,
  updateSubscription,
  listSubscriptions,
  getNodeProducts,
];

import type { Route } from '../../route.js';
import { createSubscription } from './create-subscription.js';
import { listSubscriptions } from './list-subscriptions.js';
import type { SubscriptionsState } from './subscriptions-state.js';
import { updateSubscription } from './update-subscription.js';

export { createSubscription, listSubscriptions, updateSubscription };
export type { SubscriptionsState };

/** The three subscription operations, for the router. */
export const subscriptionRoutes: readonly Route<SubscriptionsState>[] = [
  createSubscription,
  updateSubscription,
  listSubscriptions,
];

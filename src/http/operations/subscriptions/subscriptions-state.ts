import type { MockOptions } from '../../../mock-options.js';
import type { SubscriptionStore } from '../../../store/subscriptions/subscription-store.js';

/** The part of the mock's state the subscription operations read (MockState satisfies it). */
export interface SubscriptionsState {
  subscriptions: SubscriptionStore;
  options: Pick<MockOptions, 'pageLength'>;
}

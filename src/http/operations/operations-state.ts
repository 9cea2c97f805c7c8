import type { CatalogStore } from '../../store/catalog/catalog-store.js';
import type { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';

/** What the four operations read and write: one session's subscriptions, and what every session shares. */
export interface OperationsState {
  subscriptions: SubscriptionStore;
  catalog: CatalogStore;
  /** `page[limit]` when a request gives none. */
  pageLength: number;
}

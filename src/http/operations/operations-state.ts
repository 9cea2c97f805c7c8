import type { CatalogStore } from '../../store/catalog/catalog-store.js';
import type { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';
import type { SubscriptionTexts } from '../../resources/subscriptions/subscription-texts.js';
import type { TextMemo } from '../../resources/text-memo.js';

/** What the four operations read and write: one session's subscriptions, and what every session shares. */
export interface OperationsState {
  subscriptions: SubscriptionStore;
  catalog: CatalogStore;
  /** Rendered texts of subscriptions, their plans and products, and of catalog products. */
  texts: SubscriptionTexts;
  memo: TextMemo;
  /** `page[limit]` when a request gives none. */
  pageLength: number;
}

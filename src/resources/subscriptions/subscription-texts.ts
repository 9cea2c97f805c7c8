import type {
  OfferingPlanRecord,
  OfferingProductRecord,
  OfferingRecord,
  SubscriptionRecord,
} from '../../store/subscriptions/records.js';
import type { TextMemo } from '../text-memo.js';
import { encodeOfferingPlan, encodeOfferingProduct } from './offering-resources.js';
import { encodeSubscription } from './subscription-resource.js';

/**
 * The JSON texts of subscriptions and of the plans and products `included` holds, each rendered once per
 * record (a product once per base URL, for its image link), so a page only joins them.
 * @example const texts = new SubscriptionTexts(memo); `[${records.map((r) => texts.subscription(r)).join(',')}]`
 */
export class SubscriptionTexts {
  constructor(private readonly memo: TextMemo) {}

  subscription(record: SubscriptionRecord): string {
    return this.memo.text('subscription', record, () => JSON.stringify(encodeSubscription(record)));
  }

  plan(plan: OfferingPlanRecord, offering: OfferingRecord, active: boolean): string {
    return this.memo.text(active ? 'active plan' : 'plan', plan, () =>
      JSON.stringify(encodeOfferingPlan(plan, offering, active)),
    );
  }

  /** A product's text links its image through `base`, the request's origin and base path. */
  product(product: OfferingProductRecord, offering: OfferingRecord, base: string): string {
    return this.memo.text(`product\n${base}`, product, () =>
      JSON.stringify(encodeOfferingProduct(product, offering, base)),
    );
  }
}

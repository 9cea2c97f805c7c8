import type {
  OfferingPlanRecord,
  OfferingProductRecord,
  OfferingRecord,
  SubscriptionRecord,
} from '../../store/subscriptions/records.js';
import type { TextMemo } from '../text-memo.js';
import {
  encodeOffering,
  encodeOfferingPlan,
  encodeOfferingProduct,
  type OfferingResource,
} from './offering-resources.js';
import { encodeSubscriptionWith } from './subscription-resource.js';

/**
 * The JSON texts of subscriptions and of the plans and products `included` holds, each rendered once per
 * record (a product once per base URL, for its image link), so a page only joins them.
 * @example const texts = new SubscriptionTexts(memo); `[${records.map((r) => texts.subscription(r)).join(',')}]`
 */
export class SubscriptionTexts {
  /** The offering every subscription on it embeds, encoded once (a third of a subscription's encoding). */
  readonly #offerings = new WeakMap<OfferingRecord, OfferingResource>();

  constructor(private readonly memo: TextMemo) {}

  subscription(record: SubscriptionRecord): string {
    return this.memo.text('subscription', record, () =>
      JSON.stringify(encodeSubscriptionWith(record, this.offering(record.offering))),
    );
  }

  private offering(record: OfferingRecord): OfferingResource {
    let encoded = this.#offerings.get(record);
    if (encoded === undefined) {
      encoded = encodeOffering(record);
      this.#offerings.set(record, encoded);
    }
    return encoded;
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

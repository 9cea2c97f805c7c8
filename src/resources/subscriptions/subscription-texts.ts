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

/** Stands for the offering while a subscription is stringified: it shows as `"offering":{}`, the first of them. */
const OFFERING_SLOT = {} as OfferingResource;
const SLOT_TEXT = '"offering":{}';

/**
 * The JSON texts of subscriptions and of the plans and products `included` holds, each rendered once per
 * record (a product once per base URL, for its image link), so a page only joins them.
 * @example const texts = new SubscriptionTexts(memo); `[${records.map((r) => texts.subscription(r)).join(',')}]`
 */
export class SubscriptionTexts {
  constructor(private readonly memo: TextMemo) {}

  /**
   * The offering's text, rendered once per offering, is spliced into its subscriptions' texts: stringified in
   * each of them it was two fifths of rendering a created or updated subscription (about 6 us per write). The
   * slot cannot be matched earlier: a JSON string holds no unescaped quote, and no key before it is `offering`.
   */
  subscription(record: SubscriptionRecord): string {
    return this.memo.text('subscription', record, () => {
      const offering = this.memo.text('offering', record.offering, () =>
        JSON.stringify(encodeOffering(record.offering)),
      );
      const text = JSON.stringify(encodeSubscriptionWith(record, OFFERING_SLOT));
      const at = text.indexOf(SLOT_TEXT) + SLOT_TEXT.length - 2;
      return text.slice(0, at) + offering + text.slice(at + 2);
    });
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

import type {
  OfferingPlanRecord,
  OfferingProductRecord,
  OfferingRecord,
  SubscriptionRecord,
} from '../../store/subscriptions/records.js';
import { JsonText } from '../json-text.js';
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
  /** UTF-8 lengths of the subscription texts rendered here (see subscriptionJson). */
  readonly #bytes = new WeakMap<SubscriptionRecord, number>();

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
      this.#bytes.set(record, Buffer.byteLength(text) - 2 + Buffer.byteLength(offering));
      return text.slice(0, at) + offering + text.slice(at + 2);
    });
  }

  /**
   * The subscription's text with its UTF-8 length, counted from its parts: counting the text itself would
   * flatten it, a 2 KB copy of the offering's shared text kept with every record (and in the request
   * journal with every write's answer), where the parts come to about 1.2 KB.
   */
  subscriptionJson(record: SubscriptionRecord): JsonText {
    const text = this.subscription(record);
    return new JsonText(text, this.#bytes.get(record));
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

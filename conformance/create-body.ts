import type { Prng } from './prng.js';

/** A create body as plain JSON, so rejection checks can break one field at a time. */
export interface CreateBody {
  data: Record<string, unknown> & {
    offering: Record<string, unknown> & {
      products: Array<Record<string, unknown>>;
      plans: Array<Record<string, unknown>>;
    };
  };
}

/**
 * A valid create body with an inline offering (one product, two plans so a plan switch is possible) and a
 * seeded unique external_ref. Contract fields follow interface.md; the plan objects follow decisions.md
 * (the interface does not show their fields), the first marked `meta.selected`.
 */
export function validCreateBody(random: Prng): CreateBody {
  const tag = random.string(10);
  return {
    data: {
      external_ref: `subcat-kit-${tag}`,
      account_id: random.uuid(),
      currency: 'USD',
      manual_payments: true,
      name: `Kit Subscriber ${tag}`,
      email: `kit-${tag}@example.com`,
      offering: {
        external_ref: `subcat-kit-offering-${tag}`,
        name: `Kit Offering ${tag}`,
        description: 'An offering created by the subcat conformance kit.',
        products: [
          {
            name: `Kit Product ${tag}`,
            sku: `KIT-${tag.toUpperCase()}`,
            description: 'A product of the kit offering.',
            price: { USD: { amount: random.int(100, 5000), includes_tax: false } },
            price_units: { unit: 'month', amount: 1 },
          },
        ],
        plans: [
          {
            name: `Kit Monthly ${tag}`,
            billing_interval_type: 'month',
            billing_frequency: 1,
            plan_length: 12,
            end_behavior: 'roll',
            can_pause: true,
            can_resume: true,
            can_cancel: true,
            base_price_percentage: 10,
            meta: { selected: true },
          },
          {
            name: `Kit Yearly ${tag}`,
            billing_interval_type: 'year',
            billing_frequency: 1,
            plan_length: 3,
            end_behavior: 'close',
            can_pause: false,
            can_resume: false,
            can_cancel: true,
          },
        ],
      },
    },
  };
}

/** A deep copy, so each rejection case breaks its own body. */
export function cloneBody<T>(body: T): T {
  return structuredClone(body);
}

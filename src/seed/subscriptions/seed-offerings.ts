import { placeholderAsset } from '../../store/placeholder-asset.js';
import { planPrice } from '../../store/subscriptions/plan-price.js';
import {
  BILLING_INTERVAL_TYPES,
  END_BEHAVIORS,
  PRICE_UNITS,
  type BillingIntervalType,
  type OfferingPlanRecord,
  type OfferingProductRecord,
  type OfferingRecord,
  type Price,
} from '../../store/subscriptions/records.js';
import { DAY_MS, SEED_REF_MS, type SeedRandom } from '../seed-random.js';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
const OFFERING_KINDS = ['Box', 'Club', 'Plus', 'Bundle', 'Membership', 'Pass'] as const;
const INTERVAL_WORDS: Record<BillingIntervalType, string> = {
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
  year: 'Yearly',
};
const TRIAL_RANGE: Record<BillingIntervalType, number> = { day: 30, week: 4, month: 3, year: 1 };

/** About the square root of `subscriptions`: small stores still share offerings, 100,000 stay cheap to seed. */
export function offeringPoolSize(subscriptions: number): number {
  return Math.min(400, Math.max(5, Math.ceil(Math.sqrt(subscriptions))));
}

/** `count` offerings, each with 1 to 3 products and 1 to 3 plans, created two to three years before the ref date. */
export function seedOfferings(random: SeedRandom, count: number): OfferingRecord[] {
  return Array.from({ length: count }, () => seedOffering(random));
}

// The draws keep their order: the seeded data depends on it.
function seedOffering(random: SeedRandom): OfferingRecord {
  const { faker } = random;
  const created = SEED_REF_MS - random.int(730, 1095) * DAY_MS - random.int(0, DAY_MS - 1);
  const updated = created + random.int(0, 30) * DAY_MS;
  const currencies = faker.helpers.arrayElements(CURRENCIES, { min: 1, max: 3 });
  const includesTax = currencies.map(() => (random.chance(0.2) ? undefined : random.chance(0.5)));
  const id = random.uuid();
  const products = Array.from({ length: random.int(1, 3) }, () =>
    seedProduct(random, currencies, includesTax),
  );
  const plans = Array.from({ length: random.int(1, 3) }, () => seedPlan(random, currencies));
  return {
    id,
    ...(random.chance(0.5) && { external_ref: random.token(10, 'offering-') }),
    name: `${faker.commerce.department()} ${random.pick(OFFERING_KINDS)}`,
    ...(random.chance(0.7) && { description: faker.commerce.productDescription() }),
    owner: 'store',
    created_at: created,
    updated_at: updated,
    products,
    plans,
  };
}

function seedProduct(
  random: SeedRandom,
  currencies: readonly string[],
  includesTax: readonly (boolean | undefined)[],
): OfferingProductRecord {
  const { faker } = random;
  const price = random.chance(0.9) ? seedPrice(random, currencies, includesTax, 100, 20_000) : undefined;
  return {
    id: random.uuid(),
    ...(random.chance(0.5) && { external_ref: random.token(10, 'product-') }),
    name: faker.commerce.productName(),
    ...(random.chance(0.8) && { description: faker.commerce.productDescription() }),
    ...(random.chance(0.9) && { sku: `SKU-${random.token(8).toUpperCase()}` }),
    ...(random.chance(0.7) && { main_image: placeholderAsset(random.uuid()) }),
    ...(price && { price }),
    ...(random.chance(0.8) && { price_units: { unit: random.pick(PRICE_UNITS), amount: random.int(1, 12) } }),
  };
}

function seedPlan(random: SeedRandom, currencies: readonly string[]): OfferingPlanRecord {
  const { faker } = random;
  const interval = random.pick(BILLING_INTERVAL_TYPES);
  const fixedPrice = random.chance(0.25) ? seedPrice(random, currencies, [], 500, 50_000) : undefined;
  const basePricePercentage = random.chance(0.4) ? random.int(5, 500) / 10 : undefined;
  const attributes = {
    ...(random.chance(0.4) && { external_ref: random.token(10, 'plan-') }),
    name: `${faker.commerce.productAdjective()} ${INTERVAL_WORDS[interval]} plan`,
    ...(random.chance(0.6) && { description: faker.lorem.sentence() }),
    billing_interval_type: interval,
    billing_frequency: random.chance(0.7) ? 1 : random.int(2, 6),
    ...(random.chance(0.4) && { trial_period: random.int(1, TRIAL_RANGE[interval]) }),
    plan_length: random.int(1, 24),
    end_behavior: random.pick(END_BEHAVIORS),
    can_pause: random.chance(0.7),
    can_resume: random.chance(0.7),
    can_cancel: random.chance(0.9),
    ...(basePricePercentage !== undefined && { base_price_percentage: basePricePercentage }),
    ...(fixedPrice && { fixed_price: fixedPrice }),
  };
  return { id: random.uuid(), ...attributes };
}

function seedPrice(
  random: SeedRandom,
  currencies: readonly string[],
  includesTax: readonly (boolean | undefined)[],
  min: number,
  max: number,
): Price {
  const price: Price = {};
  currencies.forEach((currency, index) => {
    const tax = includesTax[index];
    const amount = random.int(min, max);
    price[currency] = tax === undefined ? { amount } : { amount, includes_tax: tax };
  });
  return price;
}

/** The currencies a subscription on `plan` of `offering` may be billed in: those its price is given in. */
export function planCurrencies(offering: OfferingRecord, plan: OfferingPlanRecord): string[] {
  return Object.keys(planPrice(offering.products, plan) ?? {});
}

import { minorUnitDigits } from '../../i18n/price-format.js';
import type {
  CatalogPrice,
  CatalogSkeleton,
  ModifierType,
  PriceAmount,
  PriceModifierRecord,
  SaleRecord,
  TierRecord,
} from '../../store/catalog/catalog-records.js';
import type { SeedRandom } from '../seed-random.js';

// Seeded records are never changed, so equal amounts share one object; bounded, starting over when full.
const amounts = new Map<number, PriceAmount>();
const MAX_SHARED_AMOUNTS = 100_000;

/** `{ amount, includes_tax }`, the same object for the same two values. */
export function priceAmount(amount: number, includes_tax: boolean): PriceAmount {
  if (!Number.isSafeInteger(amount) || Math.abs(amount) > 2 ** 51) return { amount, includes_tax };
  const key = includes_tax ? amount * 2 + 1 : amount * 2;
  let shared = amounts.get(key);
  if (shared === undefined) {
    if (amounts.size >= MAX_SHARED_AMOUNTS) amounts.clear();
    shared = { amount, includes_tax };
    amounts.set(key, shared);
  }
  return shared;
}

/** Smallest-unit amounts per US cent, so one list price reads plausibly in every currency of a catalog. */
const MINOR_UNITS_PER_US_CENT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.36,
  JPY: 1.5,
};

/** A shelf price: 2-decimal currencies end in 99, 0-decimal ones in a round ten. */
function shelfAmount(usCents: number, currency: string): number {
  const raw = usCents * (MINOR_UNITS_PER_US_CENT[currency] ?? 1);
  if (minorUnitDigits(currency) === 0) return Math.max(10, Math.round(raw / 10) * 10);
  return Math.max(99, Math.round(raw / 100) * 100 - 1);
}

/** One list price in every currency of the catalog, each flagged with the catalog's includes_tax. */
export function priceIn(catalog: CatalogSkeleton, usCents: number): CatalogPrice {
  const price: CatalogPrice = {};
  for (const { code, includes_tax } of catalog.currencies) {
    price[code] = priceAmount(shelfAmount(usCents, code), includes_tax);
  }
  return price;
}

/** A price scaled by `factor` (a discount below 1), keeping includes_tax. */
export function scalePrice(price: CatalogPrice, factor: number): CatalogPrice {
  const scaled: CatalogPrice = {};
  for (const code in price) {
    const shelf = price[code];
    if (shelf !== undefined)
      scaled[code] = priceAmount(Math.max(1, Math.round(shelf.amount * factor)), shelf.includes_tax);
  }
  return scaled;
}

const SALE_IDS = ['spring-sale', 'summer-clearance', 'black-friday', 'members-week', 'flash-sale'] as const;

/** A sale on `price`: the sale price and the record that keeps the original. */
export function seedSale(random: SeedRandom, price: CatalogPrice): { price: CatalogPrice; sale: SaleRecord } {
  const percentOff = random.int(10, 40);
  const expires = random.boolean(0.8)
    ? new Date(random.soon(120)).toISOString()
    : // Some sales run until further notice: sale_expires is nullable.
      null;
  return {
    price: scalePrice(price, 1 - percentOff / 100),
    sale: { sale_id: random.pick(SALE_IDS), sale_expires: expires, original_price: price },
  };
}

/** Volume tiers: each tier cheaper than the list price, with the product's sale applied on top. */
export function seedTiers(
  random: SeedRandom,
  listPrice: CatalogPrice,
  sale?: SaleRecord,
): Record<string, TierRecord> {
  const tiers: Record<string, TierRecord> = {};
  const count = random.int(1, 3);
  const quantities = [5, 10, 25, 50, 100].slice(random.int(0, 2)).slice(0, count);
  quantities.forEach((minimum_quantity, index) => {
    const tierPrice = scalePrice(listPrice, 0.95 - 0.05 * index);
    const tier: TierRecord = { minimum_quantity, price: tierPrice };
    if (sale !== undefined) {
      const sold = scalePrice(tierPrice, 0.9);
      tier.sale = { sale_id: sale.sale_id, sale_expires: sale.sale_expires, original_price: tierPrice };
      tier.price = sold;
    }
    tiers[`bulk_${minimum_quantity}`] = tier;
  });
  return tiers;
}

const MODIFIERS: readonly { name: string; modifier_type: ModifierType; usCents: number }[] = [
  { name: 'gift_wrap', modifier_type: 'price_increment', usCents: 500 },
  { name: 'engraving', modifier_type: 'price_increment', usCents: 1200 },
  { name: 'ex_display', modifier_type: 'price_decrement', usCents: 1500 },
  { name: 'Loyalty', modifier_type: 'price_decrement', usCents: 300 },
  { name: 'flat_rate', modifier_type: 'price_equals', usCents: 1999 },
];

/** Named modifiers (unique, case-sensitive names): at least one of each type when `everyType` is set. */
export function seedPriceModifiers(
  random: SeedRandom,
  catalog: CatalogSkeleton,
  everyType = false,
): Record<string, PriceModifierRecord> {
  const chosen = everyType
    ? MODIFIERS.filter((modifier) => ['gift_wrap', 'ex_display', 'flat_rate'].includes(modifier.name))
    : random.pickSome(MODIFIERS, { min: 1, max: 3 });
  const modifiers: Record<string, PriceModifierRecord> = {};
  for (const { name, modifier_type, usCents } of chosen) {
    modifiers[name] = { modifier_type, currencies: priceIn(catalog, usCents) };
  }
  return modifiers;
}

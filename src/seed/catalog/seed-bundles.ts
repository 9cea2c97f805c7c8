import type { BundleComponent, CatalogPrice, ProductRecord } from '../../store/catalog/catalog-records.js';
import { priceAmount } from './seed-pricing.js';
import { seedProductBase, type ProductSeedContext, type ProductTraits } from './seed-products.js';

const COMPONENT_NAMES = ['Main item', 'Accessories', 'Extras', 'Care kit'] as const;

/** A bundle needs at least this many candidate components. */
export const MIN_BUNDLE_CANDIDATES = 2;

/** A bundle of 2-3 components of 1-3 live `candidates` each, one option the default, priced at 85 % of it. */
export function seedBundle(
  context: ProductSeedContext,
  traits: ProductTraits,
  candidates: readonly ProductRecord[],
): ProductRecord {
  const { random } = context;
  const bundle = seedProductBase(context, { ...traits, sale: false, tiers: false }, 'bundle');
  const componentCount = Math.min(random.int(2, 3), candidates.length);
  const picked = random.pickSome(candidates, Math.min(candidates.length, componentCount * 3));
  const components: Record<string, BundleComponent> = {};
  const defaults: { product: ProductRecord; quantity: number }[] = [];
  for (let index = 0; index < componentCount; index++) {
    // Spread the picked products over the components so every component has at least one option.
    const options = picked.filter((_, at) => at % componentCount === index);
    const defaultAt = random.int(0, options.length - 1);
    const key = COMPONENT_NAMES[index]?.toLowerCase().replace(/ /g, '_') ?? `component_${index + 1}`;
    components[key] = {
      name: COMPONENT_NAMES[index] ?? `Component ${index + 1}`,
      // The first component is mandatory (exactly one); the others are open (nullable bounds).
      min: index === 0 ? 1 : null,
      max: index === 0 ? 1 : null,
      sort_order: index === componentCount - 1 && componentCount > 2 ? null : (componentCount - index) * 10,
      options: options.map((product, at) => {
        const quantity = index === 0 ? 1 : random.int(1, 2);
        if (at === defaultAt) defaults.push({ product, quantity });
        return {
          id: product.id,
          type: 'product' as const,
          quantity,
          sort_order: at === options.length - 1 && options.length > 1 ? null : (options.length - at) * 10,
          default: at === defaultAt ? true : at % 2 === 0 ? false : null,
        };
      }),
    };
  }
  bundle.components = components;
  bundle.price = bundlePrice(defaults, bundle.price);
  return bundle;
}

function bundlePrice(
  defaults: readonly { product: ProductRecord; quantity: number }[],
  fallback: CatalogPrice,
): CatalogPrice {
  const price: CatalogPrice = {};
  for (const [code, { includes_tax }] of Object.entries(fallback)) {
    const total = defaults.reduce(
      (sum, { product, quantity }) => sum + (product.price[code]?.amount ?? 0) * quantity,
      0,
    );
    price[code] = priceAmount(Math.max(1, Math.round(total * 0.85)), includes_tax);
  }
  return price;
}

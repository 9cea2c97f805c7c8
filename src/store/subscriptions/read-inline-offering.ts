import { isJsonObject, type FieldReader, type JsonObject } from './field-reader.js';
import { displayPrice, planPrice } from './offering-pricing.js';
import { offeringRelationship, offeringRelationships } from './offering-relationships.js';
import { readPrice } from './read-price.js';
import type { OfferingEntry } from './subscription-record.js';
import {
  BILLING_INTERVAL_TYPES,
  END_BEHAVIORS,
  PRICE_UNITS,
  type OfferingPlan,
  type OfferingProduct,
  type Relationships,
  type Timestamps,
} from './subscription-resources.js';

export interface InlineOffering {
  entry: OfferingEntry;
  /** The plan flagged `meta.selected: true` in the body, if any. */
  selectedPlanId: string | undefined;
}

interface IdSource {
  newId(): string;
}

/**
 * A new offering from the creation body's inline `offering` (BuildOffering): generated ids, owner `store`,
 * timestamps `now`, display prices and plan prices computed as for seeded offerings.
 * Returns undefined, with problems in `reader`, when anything in it is invalid.
 */
export function readInlineOffering(
  reader: FieldReader,
  source: JsonObject,
  pointer: string,
  ids: IdSource,
  now: string,
): InlineOffering | undefined {
  const before = reader.problems.length;
  const name = reader.requiredString(source, 'name', pointer, { min: 3, max: 1024 });
  const description = reader.string(source, 'description', pointer, { max: 1024 });
  const externalRef = reader.string(source, 'external_ref', pointer, { max: 2048 });
  const productsBody = arrayOf(reader, source, 'products', pointer);
  const plansBody = arrayOf(reader, source, 'plans', pointer);
  const id = ids.newId();
  const timestamps: Timestamps = { updated_at: now, created_at: now };
  const belongs = offeringRelationship(id);
  const products = productsBody.flatMap(
    (item, index) =>
      readProduct(reader, item, `${pointer}/products/${index}`, ids.newId(), timestamps, belongs) ?? [],
  );
  let selectedPlanId: string | undefined;
  const plans = plansBody.flatMap((item, index) => {
    const read = readPlan(
      reader,
      item,
      `${pointer}/plans/${index}`,
      ids.newId(),
      products,
      timestamps,
      belongs,
    );
    if (read?.selected && selectedPlanId === undefined) selectedPlanId = read.plan.id;
    return read?.plan ?? [];
  });
  if (name === undefined || reader.problems.length > before) return undefined;
  const entry: OfferingEntry = {
    offering: {
      id,
      type: 'subscription_offering',
      attributes: {
        ...(externalRef !== undefined && { external_ref: externalRef }),
        name,
        ...(description !== undefined && { description }),
        ...timestamps,
      },
      relationships: offeringRelationships(products, plans),
      meta: {
        external_product_refs: products.flatMap((product) => product.attributes.external_ref ?? []),
        owner: 'store',
        timestamps,
      },
    },
    products,
    plans,
  };
  return { entry, selectedPlanId };
}

/** A required array of at least one object. */
function arrayOf(reader: FieldReader, source: JsonObject, key: string, pointer: string): JsonObject[] {
  const value = source[key];
  if (!Array.isArray(value) || value.length === 0) {
    reader.problem(`${pointer}/${key}`, `${key} must be an array of at least one ${key.slice(0, -1)}`);
    return [];
  }
  return value.flatMap((item, index) => {
    if (isJsonObject(item)) return [item];
    reader.problem(`${pointer}/${key}/${index}`, `each of ${key} must be an object`);
    return [];
  });
}

function readProduct(
  reader: FieldReader,
  source: JsonObject,
  pointer: string,
  id: string,
  timestamps: Timestamps,
  relationships: Relationships,
): OfferingProduct | undefined {
  const before = reader.problems.length;
  const name = reader.requiredString(source, 'name', pointer, { min: 3, max: 1024 });
  const description = reader.string(source, 'description', pointer, { max: 1024 });
  const externalRef = reader.string(source, 'external_ref', pointer, { max: 2048 });
  const sku = reader.string(source, 'sku', pointer, { max: 1024 });
  const mainImage = reader.string(source, 'main_image', pointer, {
    max: 1024,
    pattern: /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/,
    expected: 'an absolute URI of at most 1024 characters',
  });
  const price = readPrice(reader, source, 'price', pointer);
  const unitsBody = reader.object(source, 'price_units', pointer);
  const unit = unitsBody && reader.oneOf(unitsBody, 'unit', `${pointer}/price_units`, PRICE_UNITS, true);
  const amount = unitsBody && reader.integer(unitsBody, 'amount', `${pointer}/price_units`, 1, true);
  if (name === undefined || reader.problems.length > before) return undefined;
  const display = displayPrice(price);
  return {
    id,
    type: 'subscription_offering_product',
    attributes: {
      ...(externalRef !== undefined && { external_ref: externalRef }),
      name,
      ...(description !== undefined && { description }),
      ...(sku !== undefined && { sku }),
      ...(mainImage !== undefined && { main_image: mainImage }),
      ...(price !== undefined && { price }),
      ...(unit !== undefined && amount !== undefined && { price_units: { unit, amount } }),
      ...timestamps,
    },
    relationships,
    meta: { ...(display && { display_price: display }), owner: 'store', timestamps },
  };
}

function readPlan(
  reader: FieldReader,
  source: JsonObject,
  pointer: string,
  id: string,
  products: readonly OfferingProduct[],
  timestamps: Timestamps,
  relationships: Relationships,
): { plan: OfferingPlan; selected: boolean } | undefined {
  const before = reader.problems.length;
  const name = reader.requiredString(source, 'name', pointer, { min: 3, max: 1024 });
  const description = reader.string(source, 'description', pointer, { max: 1024 });
  const externalRef = reader.string(source, 'external_ref', pointer, { max: 2048 });
  const interval = reader.oneOf(source, 'billing_interval_type', pointer, BILLING_INTERVAL_TYPES, true);
  const frequency = reader.integer(source, 'billing_frequency', pointer, 1, true);
  const trial = reader.integer(source, 'trial_period', pointer, 0);
  const length = reader.integer(source, 'plan_length', pointer, 1, true);
  const endBehavior = reader.oneOf(source, 'end_behavior', pointer, END_BEHAVIORS, true);
  const canPause = reader.boolean(source, 'can_pause', pointer) ?? false;
  const canResume = reader.boolean(source, 'can_resume', pointer) ?? false;
  const canCancel = reader.boolean(source, 'can_cancel', pointer) ?? false;
  const percentage = readPercentage(reader, source, pointer);
  const fixedPrice = readPrice(reader, source, 'fixed_price', pointer);
  const meta = reader.object(source, 'meta', pointer);
  const selected = (meta && reader.boolean(meta, 'selected', `${pointer}/meta`)) ?? false;
  if (
    name === undefined ||
    interval === undefined ||
    frequency === undefined ||
    length === undefined ||
    endBehavior === undefined ||
    reader.problems.length > before
  ) {
    return undefined;
  }
  const attributes = {
    ...(externalRef !== undefined && { external_ref: externalRef }),
    name,
    ...(description !== undefined && { description }),
    billing_interval_type: interval,
    billing_frequency: frequency,
    ...(trial !== undefined && { trial_period: trial }),
    plan_length: length,
    end_behavior: endBehavior,
    can_pause: canPause,
    can_resume: canResume,
    can_cancel: canCancel,
    ...(percentage !== undefined && { base_price_percentage: percentage }),
    ...(fixedPrice !== undefined && { fixed_price: fixedPrice }),
    ...timestamps,
  };
  const price = planPrice(
    products.map((product) => product.attributes),
    attributes,
  );
  const display = displayPrice(price);
  const plan: OfferingPlan = {
    id,
    type: 'subscription_offering_plan',
    attributes,
    relationships,
    meta: { ...(price && { price }), ...(display && { display_price: display }), owner: 'store', timestamps },
  };
  return { plan, selected };
}

function readPercentage(reader: FieldReader, source: JsonObject, pointer: string): number | undefined {
  const value = source.base_price_percentage;
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value <= 100) return value;
  reader.problem(`${pointer}/base_price_percentage`, 'base_price_percentage must be a number of at most 100');
  return undefined;
}

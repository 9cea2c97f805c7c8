import { isJsonObject, type FieldReader, type JsonObject } from './field-reader.js';
import type { Price } from './subscription-resources.js';

const CURRENCY = /^[A-Z]{3}$/;

/** A Price (keyed by three-letter uppercase currency codes, whole minor-unit amounts) from a body field. */
export function readPrice(
  reader: FieldReader,
  source: JsonObject,
  key: string,
  pointer: string,
): Price | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  const at = `${pointer}/${key}`;
  if (!isJsonObject(value)) {
    reader.problem(at, `${key} must be an object keyed by currency code, e.g. {"USD": {"amount": 1000}}`);
    return undefined;
  }
  const price: Price = {};
  let ok = true;
  for (const [currency, entry] of Object.entries(value)) {
    const entryAt = `${at}/${currency.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!CURRENCY.test(currency)) {
      reader.problem(
        entryAt,
        `${key} keys must be three-letter uppercase currency codes; got '${currency.slice(0, 20)}'`,
      );
      ok = false;
      continue;
    }
    if (!isJsonObject(entry)) {
      reader.problem(entryAt, `${key}.${currency} must be an object with amount`);
      ok = false;
      continue;
    }
    const amount = reader.integer(entry, 'amount', entryAt, Number.MIN_SAFE_INTEGER, true);
    const includesTax = reader.boolean(entry, 'includes_tax', entryAt);
    if (amount === undefined) ok = false;
    else price[currency] = includesTax === undefined ? { amount } : { amount, includes_tax: includesTax };
  }
  return ok ? price : undefined;
}

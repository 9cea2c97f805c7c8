import type { FieldReader, JsonObject } from './field-reader.js';
import { PAYMENT_AUTHORITY_TYPES, type PaymentAuthority } from './subscription-resources.js';

/** A payment authority of the one documented type (decisions.md), with optional gateway customer and card. */
export function readPaymentAuthority(
  reader: FieldReader,
  source: JsonObject,
  key: string,
  pointer: string,
): PaymentAuthority | undefined {
  const value = reader.object(source, key, pointer);
  if (!value) return undefined;
  const at = `${pointer}/${key}`;
  const before = reader.problems.length;
  const type = reader.oneOf(value, 'type', at, PAYMENT_AUTHORITY_TYPES, true);
  const customerId = reader.string(value, 'customer_id', at, { min: 3, max: 1024 });
  const cardId = reader.string(value, 'card_id', at, { min: 3, max: 1024 });
  if (type === undefined || reader.problems.length > before) return undefined;
  return {
    type,
    ...(customerId !== undefined && { customer_id: customerId }),
    ...(cardId !== undefined && { card_id: cardId }),
  };
}

import { isoTime } from './iso-time.js';
import { JsonCache } from './json-cache.js';
import type { SubscriptionRecord } from './subscription-record.js';
import type { Offering } from './subscription-resources.js';
import { OPTIONAL_TIMESTAMPS } from './subscription-record.js';

// Byte for byte JSON.stringify(toSubscription(record)), key order included (subscription-json.test.ts holds
// them together), written out because a list page renders 25 to 100 of them and building and stringifying
// the objects was about half of a page's cost. Each record's text is kept in two parts around its offering,
// whose text is kept once for the many subscriptions sharing it. Parts are joined, not added with +: join
// gives one flat string, where + leaves a tree of pieces that costs more memory and more to copy out.
const quote = JSON.stringify as (text: string) => string;
const iso = (ms: number): string => `"${isoTime(ms)}"`;

// A record's two parts come to about 1.1 KB: at most about 22 MB of them are kept, whatever the store size.
const RECORDS_KEPT = 20_000;
const offerings = new JsonCache<Offering>();
const heads = new JsonCache<SubscriptionRecord>(renderHead, RECORDS_KEPT);
const tails = new JsonCache<SubscriptionRecord>(renderTail, RECORDS_KEPT);

/** The JSON text of a stored subscription's response shape (`toSubscription`), rendered once per record. */
export function subscriptionJson(record: SubscriptionRecord): string {
  const parts: string[] = [];
  writeSubscriptionJson(parts, record);
  return parts.join('');
}

/** Appends the pieces of `subscriptionJson(record)` to `parts`, for a caller joining a whole page at once. */
export function writeSubscriptionJson(parts: string[], record: SubscriptionRecord): void {
  parts.push(heads.text(record), offerings.text(record.offering.offering), tails.text(record));
}

/** Up to the offering: id, type and the attributes before `offering`. */
function renderHead(record: SubscriptionRecord): string {
  const parts = ['{"id":', quote(record.id), ',"type":"subscription","attributes":{'];
  if (record.external_ref !== undefined) parts.push('"external_ref":', quote(record.external_ref), ',');
  parts.push('"account_id":', quote(record.account_id), ',');
  if (record.address_id !== undefined) parts.push('"address_id":', quote(record.address_id), ',');
  parts.push('"offering":');
  return parts.join('');
}

/** After the offering: the other attributes and the meta. */
function renderTail(record: SubscriptionRecord): string {
  const { state } = record;
  const parts = [',"plan_id":', quote(record.plan_id), ',"currency":', quote(record.currency), ','];
  if (record.payment_authority !== undefined) {
    parts.push('"payment_authority":', JSON.stringify(record.payment_authority), ',');
  }
  // subscriptionRelationships(offering id, plan id), written out.
  parts.push('"relationships":{"offering":{"data":{"type":"subscription_offering","id":');
  parts.push(
    quote(record.offering.offering.id),
    '}},"plan":{"data":{"type":"subscription_offering_plan","id":',
  );
  parts.push(quote(record.plan_id), '}}}');
  parts.push(',"name":', quote(record.name), ',"email":', quote(record.email), '}');
  parts.push(',"meta":{"owner":"store","timestamps":{"updated_at":', iso(record.updated_at));
  parts.push(',"created_at":', iso(record.created_at));
  for (const key of OPTIONAL_TIMESTAMPS) {
    const value = record[key];
    if (value !== undefined) parts.push(',"', key, '":', iso(value));
  }
  parts.push('},"status":', quote(record.status));
  parts.push(',"state":{"id":', quote(state.id), ',"type":"subscription_state"');
  parts.push(',"attributes":{"action":', quote(state.action), '}');
  parts.push(
    ',"meta":{"created_at":',
    iso(state.created_at),
    ',"manual_payments":',
    String(state.manual_payments),
  );
  parts.push(',"canceled":', String(state.canceled), ',"paused":', String(state.paused));
  parts.push(',"closed":', String(state.closed), ',"suspended":', String(state.suspended));
  parts.push(',"pending":', String(state.pending), ',"invoice_after":', iso(state.invoice_after), '}}}}');
  return parts.join('');
}

import { describe, expect, it } from 'vitest';
import { createSubscriptionStore } from './create-subscription-store.js';
import type { SubscriptionRecord } from './subscription-record.js';
import { subscriptionJson } from './subscription-json.js';
import { toSubscription } from './to-subscription.js';

const store = createSubscriptionStore({ seed: 4, subscriptions: 400 });
const seeded = store.list().slice(0, 500);

// Strings JSON must escape: quotes, backslashes, control characters, line separators, lone surrogates.
const AWKWARD = 'Zoë "Q" \\ back\nslash\t\u0001 \u2028 \ud800 😀 </script>';

function variants(record: SubscriptionRecord): SubscriptionRecord[] {
  return [
    { ...record, name: AWKWARD, email: `${AWKWARD}@example.com`, external_ref: AWKWARD },
    { ...record, external_ref: undefined, address_id: undefined, payment_authority: undefined },
    { ...record, address_id: 'addr-1', payment_authority: { type: 'provider_payments_processor' } },
    {
      ...record,
      canceled_at: Date.UTC(2025, 0, 2),
      paused_at: 0,
      resumed_at: Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      end_date: Date.UTC(2100, 5, 6),
      go_live_after: 1,
      go_live: Date.UTC(2026, 1, 1),
    },
  ];
}

describe('subscriptionJson', () => {
  const cases = [
    { title: 'every seeded and fixture record of a 400-record store', records: seeded },
    { title: 'records with awkward strings, absent and present optional fields', records: seeded.slice(0, 30).flatMap(variants) },
  ]; // prettier-ignore
  it.each(cases)('writes exactly JSON.stringify(toSubscription(record)) for $title', ({ records }) => {
    expect(records.length).toBeGreaterThan(100);
    for (const record of records)
      expect(subscriptionJson(record)).toBe(JSON.stringify(toSubscription(record)));
  });

  it('gives the same text when asked again, and new text for the record an update stores', () => {
    const local = createSubscriptionStore({ seed: 4, subscriptions: 50 });
    const [record] = local.list().slice(12, 13);
    if (!record) throw new Error('no record');
    const first = subscriptionJson(record);
    expect(subscriptionJson(record)).toBe(first);
    const updated = local.update(record.id, {
      data: { id: record.id, type: 'subscription', attributes: { address_id: 'moved-1' } },
    });
    if (!updated.ok) throw new Error('update failed');
    expect(subscriptionJson(updated.subscription)).toBe(JSON.stringify(toSubscription(updated.subscription)));
    expect(subscriptionJson(updated.subscription)).toContain('"address_id":"moved-1"');
    expect(subscriptionJson(record)).toBe(first);
  });
});

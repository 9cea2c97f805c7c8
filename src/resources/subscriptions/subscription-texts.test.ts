import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import type { CreateSubscriptionCommand } from '../../store/subscriptions/commands.js';
import { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';
import { TextMemo } from '../text-memo.js';
import { encodeSubscription } from './subscription-resource.js';
import { SubscriptionTexts } from './subscription-texts.js';

const ids = FIXTURE_IDS.subscriptions;
const SLOT = '"offering":{}';

describe('SubscriptionTexts.subscription', () => {
  const store = new SubscriptionStore(seededSubscriptions({ seed: 5, subscriptions: 200 }));
  const create = (command: Partial<CreateSubscriptionCommand>) => {
    const created = store.create({
      account_id: ids.account_id,
      offering_id: ids.offering_id,
      name: 'Ada',
      email: 'ada@example.com',
      currency: 'USD',
      manual_payments: true,
      pending: false,
      ...command,
    });
    if (!created.ok) throw new Error('create failed');
    return created.subscription;
  };
  // Strings that hold the slot's text, or look like its key, before and after the offering.
  const cases = [
    { title: 'a seeded subscription', record: () => store.list([], { offset: 100, limit: 1 }).records[0] },
    { title: 'an external_ref holding the slot', record: () => create({ external_ref: SLOT }) },
    { title: 'an external_ref holding an escaped slot', record: () => create({ external_ref: `x\\${SLOT}` }) },
    { title: 'a name holding the slot (after the offering)', record: () => create({ name: `${SLOT},${SLOT}` }) },
    { title: 'a name and an external_ref beyond ASCII', record: () => create({ name: 'Zoë Ægir 😀', external_ref: 'réf-€' }) },
    { title: 'an address_id beside a slot-like external_ref', record: () => create({ external_ref: 'offering', address_id: '11111111-2222-4333-8444-555555555555' }) },
  ]; // prettier-ignore
  it.each(cases)('writes $title as JSON.stringify writes its resource', ({ record }) => {
    const subscription = record();
    if (subscription === undefined) throw new Error('no record');
    const texts = new SubscriptionTexts(new TextMemo(1_000_000));
    const expected = JSON.stringify(encodeSubscription(subscription));
    expect(texts.subscription(subscription)).toBe(expected);
    // Counted from its parts, rendered now or kept.
    for (let round = 0; round < 2; round++)
      expect(texts.subscriptionJson(subscription)).toEqual({
        text: expected,
        bytes: Buffer.byteLength(expected),
      });
  });

  it('renders an offering once for every subscription on it, and keeps each text', () => {
    const memo = new TextMemo(1_000_000);
    const texts = new SubscriptionTexts(memo);
    const [first, second] = [create({}), create({ name: 'Grace' })];
    const offerings: string[] = [];
    const render = memo.text.bind(memo);
    memo.text = (group, record, draw) => render(group, record, () => (offerings.push(group), draw()));
    const one = texts.subscription(first);
    texts.subscription(second);
    expect(texts.subscription(first)).toBe(one);
    expect(offerings).toEqual(['subscription', 'offering', 'subscription']);
  });
});

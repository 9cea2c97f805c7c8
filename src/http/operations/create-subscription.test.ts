import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { encodeSubscription } from '../../resources/subscriptions/subscription-resource.js';
import { CatalogStore } from '../../store/catalog/catalog-store.js';
import { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';
import { HttpError } from '../http-error.js';
import { createSubscription } from './create-subscription.js';
import type { OperationsState } from './operations-state.js';

const ids = FIXTURE_IDS.subscriptions;
const LIST_URL = new URL('http://127.0.0.1:4010/v2/subscriptions/subscriptions');
const seeded = seededSubscriptions({ seed: 1, subscriptions: 10 });
const stateOf = (maxSubscriptions?: number): OperationsState => {
  return { subscriptions: new SubscriptionStore(seeded, { maxSubscriptions }), catalog: new CatalogStore([]), pageLength: 25 }; // prettier-ignore
};
const valid = { account_id: '5f0c2b9e-7d1a-4c1e-9b7a-1c2d3e4f5a6b', name: 'Grace Hopper', email: 'grace@example.com', currency: 'USD', manual_payments: true, offering_id: ids.offering_id, external_ref: 'handler-test' }; // prettier-ignore
const weekly = { name: 'Weekly tea', billing_interval_type: 'week', billing_frequency: 1, plan_length: 4, end_behavior: 'roll' }; // prettier-ignore

/** The handler's answer as a client reads it, or the HttpError it throws. */
function create(state: OperationsState, data: object) {
  try {
    const result = createSubscription.handler({ request: {} as IncomingMessage, params: {}, query: LIST_URL.searchParams, body: { data }, url: LIST_URL, base: 'http://127.0.0.1:4010/v2', language: 'en-US', state, prefix: '', session: '' }); // prettier-ignore
    if (result instanceof Promise) throw new Error('a create answers synchronously');
    return {
      status: result.status,
      headers: result.headers,
      body: JSON.parse(JSON.stringify(result.body)),
    };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, headers: error.headers, body: { errors: error.errors } };
  }
}

describe('createSubscription', () => {
  it('answers 201 with the whole stored subscription and where it lives', () => {
    const state = stateOf();
    const { status, headers, body } = create(state, valid);
    const stored = state.subscriptions.find(body.data.id);
    expect(status).toBe(201);
    expect(stored?.external_ref).toBe('handler-test');
    expect(headers).toEqual({
      Location: `http://127.0.0.1:4010/v2/subscriptions/subscriptions/${body.data.id}`,
    });
    expect(body).toEqual(JSON.parse(JSON.stringify({ data: stored && encodeSubscription(stored) })));
    expect(state.subscriptions.version).toBe(1);
  });

  const broken = [
    { title: 'no offering', data: { ...valid, offering_id: undefined }, pointers: ['/data'] },
    { title: 'an unknown offering', data: { ...valid, offering_id: '99999999-9999-4999-8999-999999999999' }, pointers: ['/data/offering_id'] },
    { title: 'both an offering id and an inline offering', data: { ...valid, offering: { name: 'Tea', products: [{ name: 'Tea' }], plans: [weekly] } }, pointers: ['/data/offering'] },
    { title: 'a plan of another offering', data: { ...valid, plan_id: '99999999-9999-4999-8999-999999999999' }, pointers: ['/data/plan_id'] },
    { title: 'an inline plan whose trial runs past the last date', data: { ...valid, offering_id: undefined, offering: { name: 'Tea', products: [{ name: 'Tea' }], plans: [{ ...weekly, trial_period: 9e15 }] } }, pointers: ['/data/offering/plans/0/trial_period'] },
  ]; // prettier-ignore
  it.each(broken)('answers 400 pointing at each broken rule for $title, storing nothing', ({ data, pointers }) => {
    const state = stateOf();
    const { status, body } = create(state, data);
    expect(status).toBe(400);
    expect(body.errors.map((error: { status: string; source: { pointer: string } }) => [error.status, error.source.pointer])).toEqual(pointers.map((pointer) => ['400', pointer]));
    expect([state.subscriptions.size, state.subscriptions.version]).toEqual([12, 0]);
  }); // prettier-ignore

  it('answers 409 naming the bound and the way out once the store is full', () => {
    const state = stateOf(13);
    expect(create(state, valid).status).toBe(201);
    const { status, body } = create(state, valid);
    expect(status).toBe(409);
    expect(body.errors[0].source).toEqual({ pointer: '/data' });
    expect(body.errors[0].detail).toContain('maximum of 13 subscriptions (--max-subscriptions)');
  });
});

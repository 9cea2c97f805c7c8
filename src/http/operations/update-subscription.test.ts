import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { CatalogStore } from '../../store/catalog/catalog-store.js';
import { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';
import { HttpError } from '../http-error.js';
import type { OperationsState } from './operations-state.js';
import { updateSubscription } from './update-subscription.js';

const ids = FIXTURE_IDS.subscriptions;
const ID = ids.subscription_id;
const UNKNOWN = 'f0000000-0000-4000-8000-000000000000';
const seeded = seededSubscriptions({ seed: 1, subscriptions: 10 });
const stateOf = (): OperationsState => {
  return { subscriptions: new SubscriptionStore(seeded), catalog: new CatalogStore([]), pageLength: 25 }; // prettier-ignore
};

/** The handler's answer as a client reads it, or the HttpError it throws. */
function put(state: OperationsState, id: string, data: object) {
  const url = new URL(`http://127.0.0.1:4010/subscriptions/subscriptions/${id}`);
  try {
    const result = updateSubscription.handler({ request: {} as IncomingMessage, params: { subscription_uuid: id }, query: url.searchParams, body: { data }, url, base: url.origin, language: 'en-US', state, prefix: '', session: '' }); // prettier-ignore
    if (result instanceof Promise) throw new Error('an update answers synchronously');
    return { status: result.status, body: JSON.parse(JSON.stringify(result.body)) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, body: { errors: error.errors } };
  }
}

describe('updateSubscription', () => {
  const updates = [
    { title: 'a plan switch', id: ID, attributes: { plan_id: ids.plan_ids[1] }, status: 200, source: undefined },
    { title: 'an unknown id', id: UNKNOWN, attributes: {}, status: 404, source: { parameter: 'subscription_uuid' } },
    { title: 'a plan of no offering of the subscription', id: ID, attributes: { plan_id: ids.offering_id }, status: 400, source: { pointer: '/data/attributes/plan_id' } },
  ]; // prettier-ignore
  it.each(updates)('answers $status to $title', ({ id, attributes, status, source }) => {
    const state = stateOf();
    const result = put(state, id, { id, type: 'subscription', attributes });
    expect(result.status).toBe(status);
    if (source !== undefined) expect(result.body.errors.map((error: { source: object }) => error.source)).toEqual([source]);
    else expect(result.body.data.attributes.plan_id).toBe(ids.plan_ids[1]);
    expect(state.subscriptions.version).toBe(status === 200 ? 1 : 0);
  }); // prettier-ignore

  it('answers the whole subscription as the store now holds it', () => {
    const state = stateOf();
    const { body } = put(state, ID, { id: ID, type: 'subscription', attributes: { address_id: null } });
    expect(body.data.id).toBe(ID);
    expect(body.data.attributes).not.toHaveProperty('address_id');
    expect(state.subscriptions.find(ID)?.address_id).toBeUndefined();
  });

  const conflicts = [
    { title: 'a body naming the path id and type', data: { id: ID, type: 'subscription' }, at: [] },
    { title: 'another id than the path', data: { id: UNKNOWN, type: 'subscription' }, at: ['/data/id'] },
    { title: 'another type (the schema says so instead, a 400)', data: { id: ID, type: 'subscriptions' }, at: [] },
    { title: 'another id and type', data: { id: UNKNOWN, type: 'plan' }, at: ['/data/id'] },
    { title: 'an id that is not a string (the schema says so instead)', data: { id: 7, type: 'subscription' }, at: [] },
    { title: 'no data at all', data: undefined, at: [] },
  ]; // prettier-ignore
  it.each(conflicts)('finds a conflict with the path in $title at $at', ({ data, at }) => {
    const found = updateSubscription.conflicts?.({ params: { subscription_uuid: ID }, body: data === undefined ? {} : { data } });
    expect(found?.map((violation) => [violation.in, violation.at, violation.keyword])).toEqual(at.map((pointer) => ['body', pointer, 'conflict']));
  }); // prettier-ignore

  it('names the path id in a conflict, cut at 64 characters', () => {
    const long = 'x'.repeat(100);
    const [found] = updateSubscription.conflicts?.({ params: { subscription_uuid: long }, body: { data: { id: ID } } }) ?? [];
    expect(found?.detail).toBe(`/data/id must equal the subscription id in the path, ${'x'.repeat(64)}`);
  }); // prettier-ignore
});

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSubscriptionStore } from '../../../store/subscriptions/create-subscription-store.js';
import { HttpError } from '../../http-error.js';
import { JsonText } from '../../json-text.js';
import type { HandlerContext, HandlerResult } from '../../route.js';
import { createSubscription, listSubscriptions, updateSubscription } from './index.js';
import type { SubscriptionsState } from './subscriptions-state.js';

const FIXTURE_OFFERING = '07ed42d5-63ec-40d8-8ee0-b28bc46cb754';
const FIXTURE_SUBSCRIPTION = '39016a26-c2f3-4684-b524-0fbf6c505b38';
const YEARLY_PLAN = '78640a35-4f4f-4286-b2f2-bc142f5bf173';
const BASE = 'http://127.0.0.1:4010/subscriptions/subscriptions';

function context(state: SubscriptionsState, parts: Partial<HandlerContext<SubscriptionsState>>): HandlerContext<SubscriptionsState> {
  const url = parts.url ?? new URL(BASE);
  return { request: {} as IncomingMessage, params: {}, query: url.searchParams, body: undefined, url, language: 'en-US', state, ...parts };
} // prettier-ignore

/** The handler's result with a JSON text body parsed, as a client would read it. */
async function call(run: () => HandlerResult | Promise<HandlerResult>): Promise<HandlerResult> {
  try {
    const result = await run();
    return result.body instanceof JsonText
      ? { ...result, body: JSON.parse(result.body.text) as unknown }
      : result;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: { errors: error.errors } };
    throw error;
  }
}

const newState = (): SubscriptionsState => ({
  subscriptions: createSubscriptionStore({ seed: 1, subscriptions: 60 }),
  options: { pageLength: 25 },
});
const list = (state: SubscriptionsState, query: string) => {
  const url = new URL(`${BASE}?${query}`);
  return call(() => listSubscriptions.handler(context(state, { url, query: url.searchParams })));
};
const valid = {
  account_id: '5f0c2b9e-7d1a-4c1e-9b7a-1c2d3e4f5a6b',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  currency: 'USD',
  manual_payments: true,
  offering_id: FIXTURE_OFFERING,
  external_ref: 'handler-test',
};

describe('subscription handlers', () => {
  it('lists a first page with the default page length and links to the next', async () => {
    const result = await list(newState(), '');
    const body = result.body as {
      data: unknown[];
      links: { next: string | null; last: string | null };
      included?: unknown;
    };
    expect(result.status).toBe(200);
    expect(body.data).toHaveLength(25);
    expect(body.links.next).toContain('page%5Boffset%5D=25');
    expect(body).not.toHaveProperty('included');
  });

  const totals = [
    { query: 'page[limit]=10&page[offset]=20', results: 62, page: { limit: 10, offset: 20, current: 3, total: 7 } },
    { query: 'filter=eq(email,nobody@example.com)', results: 0, page: { limit: 25, offset: 0, current: 1, total: 0 } },
  ]; // prettier-ignore
  it.each(totals)('says in meta how many records match and which page $query is', async (c) => {
    const body = (await list(newState(), c.query)).body as { meta: unknown };
    expect(body.meta).toEqual({ results: { total: c.results }, page: c.page });
  });

  it('includes only the asked key', async () => {
    const body = (await list(newState(), 'include=products&page[limit]=5')).body as { included: object };
    expect(Object.keys(body.included)).toEqual(['products']);
  });

  const badQueries = [
    { query: 'filter=eq(currency,USD)', parameters: ['filter'] },
    { query: 'page[limit]=0&include=offerings', parameters: ['page[limit]', 'include'] },
    { query: 'filter=eq(name,a)&filter=eq(name,b)', parameters: ['filter'] },
  ];
  it.each(badQueries)('answers 400 naming every bad parameter of $query', async ({ query, parameters }) => {
    const result = await list(newState(), query);
    const errors = (result.body as { errors: { source: { parameter: string } }[] }).errors;
    expect(result.status).toBe(400);
    expect(errors.map((error) => error.source.parameter)).toEqual(parameters);
  });

  it('creates with 201 and answers 400 with pointers for a broken body', async () => {
    const state = newState();
    const created = await call(() => createSubscription.handler(context(state, { body: { data: valid } })));
    expect(created.status).toBe(201);
    expect(
      (created.body as { data: { attributes: { external_ref: string } } }).data.attributes.external_ref,
    ).toBe('handler-test');
    const rejected = await call(() =>
      createSubscription.handler(context(state, { body: { data: { ...valid, offering_id: undefined } } })),
    );
    expect(rejected.status).toBe(400);
    expect((rejected.body as { errors: { source: { pointer: string } }[] }).errors[0]?.source.pointer).toBe(
      '/data',
    );
  });

  const updates = [
    { title: 'a plan switch', id: FIXTURE_SUBSCRIPTION, data: { id: FIXTURE_SUBSCRIPTION, type: 'subscription', attributes: { plan_id: YEARLY_PLAN } }, status: 200 },
    { title: 'an unknown id', id: 'f0000000-0000-4000-8000-000000000000', data: { id: 'f0000000-0000-4000-8000-000000000000', type: 'subscription', attributes: {} }, status: 404 },
    { title: 'a mismatched id', id: FIXTURE_SUBSCRIPTION, data: { id: 'f0000000-0000-4000-8000-000000000000', type: 'subscription', attributes: {} }, status: 409 },
    { title: 'a foreign plan', id: FIXTURE_SUBSCRIPTION, data: { id: FIXTURE_SUBSCRIPTION, type: 'subscription', attributes: { plan_id: FIXTURE_OFFERING } }, status: 400 },
  ]; // prettier-ignore
  it.each(updates)('answers $status to $title', async ({ id, data, status }) => {
    const state = newState();
    const result = await call(() =>
      updateSubscription.handler(context(state, { params: { subscription_uuid: id }, body: { data } })),
    );
    expect(result.status).toBe(status);
    if (status === 404) {
      expect((result.body as { errors: { source: object }[] }).errors[0]?.source).toEqual({
        parameter: 'subscription_uuid',
      });
    }
  });
  it('lets the list be replayed only until a create or an update moves the store version', async () => {
    const state = newState();
    const version = () => listSubscriptions.cacheVersion?.(state);
    const before = version();
    const created = await call(() => createSubscription.handler(context(state, { body: { data: valid } })));
    const afterCreate = version();
    const data = { id: FIXTURE_SUBSCRIPTION, type: 'subscription', attributes: { plan_id: YEARLY_PLAN } };
    const params = { subscription_uuid: FIXTURE_SUBSCRIPTION };
    await call(() => updateSubscription.handler(context(state, { params, body: { data } })));
    const afterUpdate = version();
    await call(() =>
      updateSubscription.handler(context(state, { params, body: { data: { ...data, id: 'x' } } })),
    );
    expect(created.status).toBe(201);
    expect(typeof before).toBe('number');
    expect(afterCreate).toBeGreaterThan(before ?? Infinity);
    expect(afterUpdate).toBeGreaterThan(afterCreate ?? Infinity);
    expect(version()).toBe(afterUpdate);
  });
});

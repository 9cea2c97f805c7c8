import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../../test/support/seeded-subscriptions.js';
import { CatalogStore } from '../../store/catalog/catalog-store.js';
import { SubscriptionStore } from '../../store/subscriptions/subscription-store.js';
import { HttpError } from '../http-error.js';
import { listSubscriptions } from './list-subscriptions.js';
import type { OperationsState } from './operations-state.js';

const ids = FIXTURE_IDS.subscriptions;
const BASE = 'http://127.0.0.1:4010';
const seeded = seededSubscriptions({ seed: 1, subscriptions: 60 });
const stateOf = (pageLength = 25): OperationsState => {
  return { subscriptions: new SubscriptionStore(seeded), catalog: new CatalogStore([]), pageLength };
}; // prettier-ignore

/** The list handler's answer as a client reads it, or the HttpError it throws. */
function list(state: OperationsState, query: string) {
  const url = new URL(`${BASE}/subscriptions/subscriptions?${query}`);
  try {
    const result = listSubscriptions.handler({ request: {} as IncomingMessage, params: {}, query: url.searchParams, body: undefined, url, base: BASE, language: 'en-US', state, prefix: '', session: '' }); // prettier-ignore
    if (result instanceof Promise) throw new Error('the list answers synchronously');
    return { status: result.status, body: JSON.parse(JSON.stringify(result.body)) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, body: { errors: error.errors } };
  }
}

describe('listSubscriptions', () => {
  const lengths = [
    { pageLength: 25, query: '', length: 25, next: 25 },
    { pageLength: 10, query: '', length: 10, next: 10 },
    { pageLength: 10, query: 'page[limit]=50', length: 50, next: 50 },
    { pageLength: 25, query: 'page[offset]=50', length: 12, next: null },
  ];
  it.each(lengths)('answers $query with a page of $length for a default page length of $pageLength', ({ pageLength, query, length, next }) => {
    const { status, body } = list(stateOf(pageLength), query);
    expect([status, body.data.length, body.meta.results.total]).toEqual([200, length, 62]);
    const offset = body.links.next === null ? null : Number(new URL(body.links.next).searchParams.get('page[offset]'));
    expect(offset).toBe(next);
    expect(body).not.toHaveProperty('included');
  }); // prettier-ignore

  it('filters by an indexed attribute and includes only the asked key', () => {
    const { body } = list(stateOf(), `filter=eq(account_id,${ids.account_id})&include=products`);
    expect(body.data.map((subscription: { id: string }) => subscription.id).sort()).toEqual(
      [ids.subscription_id, ids.pending_subscription_id].sort(),
    );
    expect(Object.keys(body.included)).toEqual(['products']);
  });

  const badQueries = [
    { query: 'filter=eq(currency,USD)', parameters: ['filter'] },
    { query: 'page[limit]=0&include=offerings', parameters: ['page[limit]', 'include'] },
    { query: 'filter=eq(name,a)&filter=eq(name,b)', parameters: ['filter'] },
    { query: 'filter=in(email,a,b)', parameters: ['filter'] },
    { query: 'page[offset]=-1&page[limit]=101', parameters: ['page[offset]', 'page[limit]'] },
  ];
  it.each(badQueries)('answers 400 naming every bad parameter of $query', ({ query, parameters }) => {
    const { status, body } = list(stateOf(), query);
    expect(status).toBe(400);
    expect(body.errors.map((error: { source: { parameter: string } }) => error.source.parameter)).toEqual(
      parameters,
    );
  });

  it('lets a page be replayed only until a write moves the store version', () => {
    const state = stateOf();
    const version = () => listSubscriptions.cacheVersion?.(state);
    const before = version();
    expect(typeof before).toBe('number');
    state.subscriptions.update(ids.subscription_id, {});
    expect(version()).toBe((before ?? 0) + 1);
    list(state, '');
    expect(version()).toBe((before ?? 0) + 1);
  });
});

import { Pool, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { listTotal } from '../support/list-total.js';
import { createBody } from '../support/mock-client.js';

// Issue 16, points 2 to 4: paging links past 10,000 records pointed where the server answers 400, the store
// grew until the heap ran out, and burst creates stamped times ahead of the clock (a millisecond per write).

const SUBSCRIPTIONS = '/subscriptions/subscriptions';
const MAX_OFFSET = 10_000;

interface ListBody {
  meta: { results: { total: number }; page: { offset: number; limit: number } };
  data: {
    id: string;
    attributes: { name: string };
    meta: { timestamps: { created_at: string; updated_at: string } };
  }[];
  links: Record<'self' | 'first' | 'last' | 'prev' | 'next', string | null>;
}
interface ErrorBody {
  errors: { status: string; detail: string; source?: Record<string, string> }[];
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await request(url, { headers });
  return { status: response.statusCode, json: (await response.body.json()) as ListBody & ErrorBody };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    json: (await response.body.json()) as ErrorBody & { data: ListBody['data'][number] },
  };
}

const offsetOf = (link: string) => Number(new URL(link).searchParams.get('page[offset]'));

describe('paging past 10,000 records (issue 16, point 2)', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: 2, subscriptions: 10_200, products: 5, logLevel: 'silent' });
  });
  afterAll(() => mock.close());

  it.each([25, 100, 7, 1])(
    'with page[limit]=%i, no link points past the offset cap, and each one answers',
    async (limit) => {
      const first = await get(`${mock.url}${SUBSCRIPTIONS}?page%5Blimit%5D=${limit}`);
      expect(first.status).toBe(200);
      const last = first.json.links.last;
      expect(last).not.toBeNull();
      // The last page the server reaches: the one starting at the greatest multiple of the limit within the cap.
      expect(offsetOf(last ?? '')).toBe(Math.floor(MAX_OFFSET / limit) * limit);
      expect(first.json.meta.results.total).toBeGreaterThan(MAX_OFFSET + limit);

      const end = await get(last ?? '');
      expect(end.status).toBe(200);
      expect(end.json.data).toHaveLength(limit);
      // Records further on are reached by narrowing the filter, not by a link the server would refuse.
      expect(end.json.links.next).toBeNull();
      expect(end.json.meta.results.total).toBe(first.json.meta.results.total);
      for (const link of [...Object.values(first.json.links), ...Object.values(end.json.links)]) {
        if (link === null) continue;
        expect(offsetOf(link)).toBeLessThanOrEqual(MAX_OFFSET);
        expect((await get(link)).status, link).toBe(200);
      }
    },
  );

  it('answers the page just below the cap with a next link only when that link is reachable', async () => {
    const below = await get(`${mock.url}${SUBSCRIPTIONS}?page%5Boffset%5D=9975&page%5Blimit%5D=25`);
    expect(below.status).toBe(200);
    expect(offsetOf(below.json.links.next ?? '')).toBe(MAX_OFFSET);
    const at = await get(below.json.links.next ?? '');
    expect(at.status).toBe(200);
    expect(at.json.links.next).toBeNull();
    expect(offsetOf(at.json.links.prev ?? '')).toBe(9975);
  });
});

describe('a bound on the store (issue 16, point 3)', () => {
  const LIMIT = 20;
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({
      port: 0,
      seed: 2,
      subscriptions: 10,
      products: 5,
      maxSubscriptions: LIMIT,
      logLevel: 'silent',
    });
  });
  afterAll(() => mock.close());

  it('refuses creates past --max-subscriptions with a 409 naming the limit and how to reset, in every session', async () => {
    const seeded = await listTotal(mock.url);
    expect(seeded).toBeLessThan(LIMIT);
    for (let at = seeded; at < LIMIT; at++)
      expect((await post(`${mock.url}${SUBSCRIPTIONS}`, createBody(`fill ${at}`))).status).toBe(201);

    const refused = await post(`${mock.url}${SUBSCRIPTIONS}`, createBody('one too many'));
    expect(refused.status).toBe(409);
    expect(refused.json.errors).toHaveLength(1);
    const [error] = refused.json.errors;
    expect(error?.status).toBe('409');
    expect(error?.detail).toContain(String(LIMIT));
    expect(error?.detail).toContain('--max-subscriptions');
    expect(error?.detail).toMatch(/reset/);
    // The bound is on the whole process: another session has no room either.
    const elsewhere = await post(`${mock.url}${SUBSCRIPTIONS}`, createBody('in a session'), {
      'x-subcat-session': 'other',
    });
    expect(elsewhere.status).toBe(409);
    expect(await listTotal(mock.url)).toBe(LIMIT);
  });

  it('makes room again after the reset the 409 names', async () => {
    const reset = await request(`${mock.url}/__subcat/reset`, { method: 'POST' });
    await reset.body.dump();
    expect(reset.statusCode).toBe(200);
    expect((await post(`${mock.url}${SUBSCRIPTIONS}`, createBody('after the reset'))).status).toBe(201);
  });
});

describe('write times (issue 16, point 4)', () => {
  let mock: RunningMock | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await mock?.close();
    mock = undefined;
  });

  it('stamps writes faster than the clock ticks with the clock time, never ahead, kept in the order made', async () => {
    // A clock that never moves: every write lands within the same millisecond, as in a burst.
    const frozen = new Date('2026-03-01T12:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'], now: frozen });
    mock = await startMock({ port: 0, seed: 2, subscriptions: 5, products: 5, logLevel: 'silent' });
    const names = Array.from({ length: 30 }, (_, at) => `burst ${String(at).padStart(2, '0')}`);
    const created = [];
    for (const name of names) created.push(await post(`${mock.url}${SUBSCRIPTIONS}`, createBody(name)));
    expect(created.map((reply) => reply.status)).toEqual(names.map(() => 201));
    expect(new Set(created.map((reply) => reply.json.data.meta.timestamps.created_at))).toEqual(
      new Set([frozen.toISOString()]),
    );

    const id = created[0]?.json.data.id ?? '';
    const updated = await request(`${mock.url}${SUBSCRIPTIONS}/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { id, type: 'subscription', attributes: { address_id: null } } }),
    });
    const after = (await updated.body.json()) as { data: ListBody['data'][number] };
    expect(updated.statusCode).toBe(200);
    expect(after.data.meta.timestamps.updated_at).toBe(frozen.toISOString());

    const listed = await get(
      `${mock.url}${SUBSCRIPTIONS}?filter=eq(email,shopper@example.com)&page%5Blimit%5D=100`,
    );
    expect(listed.json.data.map((record) => record.attributes.name)).toEqual(names);
  });

  it('stamps a concurrent burst of creates between when each was sent and when it was answered', async () => {
    mock = await startMock({ port: 0, seed: 2, subscriptions: 5, products: 5, logLevel: 'silent' });
    const pool = new Pool(mock.url, { connections: 8, pipelining: 4 });
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 400 }, async (_, at) => {
          const sent = Date.now();
          const response = await pool.request({
            method: 'POST',
            path: SUBSCRIPTIONS,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(createBody(`concurrent ${at}`)),
          });
          const body = (await response.body.json()) as { data: ListBody['data'][number] };
          const answered = Date.now();
          return { sent, answered, stamped: Date.parse(body.data.meta.timestamps.created_at) };
        }),
      );
      const outside = outcomes.filter(({ sent, answered, stamped }) => stamped < sent || stamped > answered);
      expect(outside).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});

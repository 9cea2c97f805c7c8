import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';

// The vendor's edge of the mock (decisions.md, Vendor aliases and Ignored input), over HTTP as a client sees it:
// the token endpoint, the SDKs' path prefixes and the links they keep, latestPublished, X-Moltin-Language,
// ignored input named in X-Subcat-Ignored and the journal, --strict, and --auth with issued tokens.

const { catalog, subscriptions } = FIXTURE_IDS;
const NODE = `/catalogs/${catalog.catalog_id}/releases/latest/nodes/${catalog.node_id}/relationships/products`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const SIZES = { port: 0, subscriptions: 20, products: 30, logLevel: 'silent' } as const;

let lenient: RunningMock;
let strict: RunningMock;
let guarded: RunningMock;

beforeAll(async () => {
  [lenient, strict, guarded] = await Promise.all([
    startMock(SIZES),
    startMock({ ...SIZES, strict: true }),
    startMock({ ...SIZES, basePath: '/base', auth: true }),
  ]);
});

afterAll(async () => {
  await Promise.all([lenient, strict, guarded].map((mock) => mock.close()));
});

async function token(origin: string, body: string, path = '/oauth/access_token') {
  const answer = await fetch(`${origin}${path}`, { method: 'POST', headers: FORM, body });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

const origin = (mock: RunningMock) => new URL(mock.url).origin;

describe('POST /oauth/access_token', () => {
  it('answers the implicit grant with the vendor token shape', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, json } = await token(lenient.url, 'grant_type=implicit&client_id=storefront');
    expect(status).toBe(200);
    expect(json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, identifier: 'implicit' });
    expect(json.access_token).toMatch(/^[0-9a-f]{40}$/);
    expect(json.expires).toBeGreaterThanOrEqual(before + 3600);
  });

  it('reads client credentials sent as JSON', async () => {
    const answer = await fetch(`${lenient.url}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'c', client_secret: 's' }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ identifier: 'client_credentials' });
  });

  it('answers an unknown grant with the vendor error shape, naming the field', async () => {
    const { status, json } = await token(lenient.url, 'grant_type=password&client_id=c');
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      expect.objectContaining({ status: '400', title: 'Bad Request', source: { pointer: '/grant_type' } }),
    ]);
  });

  it('answers at the host root and under --base-path', async () => {
    expect((await token(origin(guarded), 'grant_type=implicit&client_id=a')).status).toBe(200);
    expect((await token(guarded.url, 'grant_type=implicit&client_id=a')).status).toBe(200);
  });
});

describe('--auth accepts only the tokens the mock issued', () => {
  const list = (authorization?: string) =>
    fetch(`${guarded.url}/v2/subscriptions/subscriptions?page[limit]=1`, {
      headers: authorization === undefined ? {} : { authorization },
    });

  it('refuses a made-up bearer and no bearer with 401', async () => {
    const madeUp = await list('Bearer made-up');
    expect(madeUp.status).toBe(401);
    expect(JSON.stringify(await madeUp.json())).toContain('not issued by this mock');
    expect((await list()).status).toBe(401);
  });

  it('accepts a token from the token endpoint', async () => {
    const { json } = await token(origin(guarded), 'grant_type=implicit&client_id=a');
    expect((await list(`Bearer ${String(json.access_token)}`)).status).toBe(200);
  });
});

describe("the SDKs' path prefixes", () => {
  it('serves subscriptions under /v2, its links keeping the prefix', async () => {
    const answer = await fetch(`${lenient.url}/v2/subscriptions/subscriptions?page[limit]=2`);
    const body = (await answer.json()) as { data: unknown[]; links: Record<string, string> };
    expect(answer.status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.links.next).toMatch(new RegExp(`^${lenient.url}/v2/subscriptions/subscriptions\\?`));
  });

  it('serves node products under /pcm and /v2, record links keeping the prefix and asset links without it', async () => {
    for (const prefix of ['/pcm', '/v2']) {
      const answer = await fetch(`${lenient.url}${prefix}${NODE}?include=main_image&page[limit]=3`);
      const text = await answer.text();
      expect(answer.status).toBe(200);
      expect(text).toContain(`${lenient.url}${prefix}/catalogs/`);
      expect(text).not.toContain(`${prefix}/__subcat/`);
    }
  });

  it('does not serve subscriptions under /pcm', async () => {
    expect((await fetch(`${lenient.url}/pcm/subscriptions/subscriptions`)).status).toBe(404);
  });

  it('reads latestPublished as latest', async () => {
    const ids = async (path: string) =>
      ((await (await fetch(`${lenient.url}${path}`)).json()) as { data: { id: string }[] }).data.map(
        (p) => p.id,
      );
    expect(await ids(NODE.replace('/latest/', '/latestPublished/'))).toEqual(await ids(NODE));
  });

  it("reads X-Moltin-Language when accept-language is Node fetch's bare *", async () => {
    const answer = await fetch(`${lenient.url}/pcm${NODE}`, {
      headers: { 'accept-language': '*', 'x-moltin-language': 'fr-FR' },
    });
    expect(answer.headers.get('content-language')).toBe('fr-FR');
    const english = await fetch(`${lenient.url}/pcm${NODE}`, { headers: { 'accept-language': 'en-US' } });
    expect(english.headers.get('content-language')).toBe('en-US');
  });
});

describe('input the vendor ignores', () => {
  const query = `?include=plans,pricing_options&sort=-created_at&page[limit]=2`;

  it('is ignored, named in X-Subcat-Ignored and in the journal, and left out of the links', async () => {
    const answer = await fetch(`${lenient.url}/v2/subscriptions/subscriptions${query}`);
    const body = (await answer.json()) as { included?: Record<string, unknown[]>; links: { self: string } };
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-subcat-ignored')).toBe('include=pricing_options, parameter=sort');
    expect(Object.keys(body.included ?? {})).toEqual(['plans']);
    expect(body.links.self).not.toContain('sort');
    const [entry] = lenient.requests({ method: 'GET', limit: 1 });
    expect(entry?.ignored).toEqual([
      { kind: 'include', name: 'pricing_options' },
      { kind: 'parameter', name: 'sort' },
    ]);
  });

  it('is ignored in a create body, the member never stored', async () => {
    const data = {
      account_id: subscriptions.account_id,
      offering_id: subscriptions.offering_id,
      currency: 'USD',
      manual_payments: true,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      coupon: 'TEN',
    };
    const answer = await fetch(`${lenient.url}/v2/subscriptions/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-subcat-ignored')).toBe('member=/data/coupon');
    expect(JSON.stringify(await answer.json())).not.toContain('TEN');
  });

  it('is named on a 4xx for the rest of the request as well', async () => {
    const answer = await fetch(`${lenient.url}/v2/subscriptions/subscriptions?sort=x&page[limit]=0`);
    const body = (await answer.json()) as { errors: { source: { parameter: string } }[] };
    expect(answer.status).toBe(400);
    expect(answer.headers.get('x-subcat-ignored')).toBe('parameter=sort');
    expect(body.errors.map((error) => error.source.parameter)).toEqual(['page[limit]']);
  });

  it('is named on a 4xx of a create body, the member among the ignored', async () => {
    const answer = await fetch(`${lenient.url}/v2/subscriptions/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { coupon: 'TEN' } }),
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('x-subcat-ignored')).toBe('member=/data/coupon');
  });

  it('is a 400 naming it when the mock is strict', async () => {
    const answer = await fetch(`${strict.url}/v2/subscriptions/subscriptions${query}`);
    const body = (await answer.json()) as { errors: { source: { parameter: string } }[] };
    expect(answer.status).toBe(400);
    expect(answer.headers.get('x-subcat-ignored')).toBeNull();
    expect(body.errors.map((error) => error.source.parameter).sort()).toEqual(['include', 'sort']);
  });

  it('omits included when nothing is included, on both lists', async () => {
    const page = await fetch(`${lenient.url}${NODE}?include=pricing_options`);
    expect(await page.json()).not.toHaveProperty('included');
    const empty = await fetch(
      `${lenient.url}/subscriptions/subscriptions?include=plans&filter=eq(email,nobody@example.com)`,
    );
    expect(await empty.json()).not.toHaveProperty('included');
  });
});

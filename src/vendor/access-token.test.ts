import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS, TokenRegistry, tokenRequest } from './access-token.js';

const FORM = 'application/x-www-form-urlencoded';
const USAGE =
  'send grant_type=implicit with client_id, or grant_type=client_credentials with client_id and client_secret';

const accepted: { name: string; contentType?: string; body: string; grant: string; clientId: string }[] = [
  {
    name: 'the implicit grant as both SDKs send it is read',
    contentType: FORM,
    body: 'grant_type=implicit&client_id=cid',
    grant: 'implicit',
    clientId: 'cid',
  },
  {
    name: 'client credentials as the js-sdk sends them are read',
    contentType: FORM,
    body: 'grant_type=client_credentials&client_id=cid&client_secret=secret',
    grant: 'client_credentials',
    clientId: 'cid',
  },
  {
    name: 'a JSON object body is read too',
    contentType: 'application/json',
    body: '{"grant_type":"implicit","client_id":"cid"}',
    grant: 'implicit',
    clientId: 'cid',
  },
  {
    name: "form fields under a JSON content type are read, as the vendor's curl examples send them",
    contentType: 'application/json',
    body: 'client_id=cid&grant_type=implicit',
    grant: 'implicit',
    clientId: 'cid',
  },
  {
    name: 'a JSON body without a content type is read',
    body: ' {"grant_type":"client_credentials","client_id":"c","client_secret":"s"}',
    grant: 'client_credentials',
    clientId: 'c',
  },
  {
    name: 'fields the endpoint does not know are ignored',
    contentType: FORM,
    body: 'grant_type=implicit&client_id=cid&scope=all',
    grant: 'implicit',
    clientId: 'cid',
  },
  {
    name: 'percent-encoded values are decoded',
    contentType: FORM,
    body: 'grant_type=implicit&client_id=a%20b%2Bc',
    grant: 'implicit',
    clientId: 'a b+c',
  },
];

describe('tokenRequest accepts', () => {
  it.each(accepted)('$name', ({ contentType, body, grant, clientId }) => {
    expect(tokenRequest(contentType, body)).toEqual({ ok: true, grant, clientId });
  });
});

const refused: { name: string; contentType?: string; body: string; errors: [string, string][] }[] = [
  {
    name: 'an empty body names both required fields',
    contentType: FORM,
    body: '',
    errors: [
      ['/grant_type', `grant_type is required; ${USAGE}`],
      ['/client_id', `client_id is required; ${USAGE}`],
    ],
  },
  {
    name: 'an unknown grant is refused',
    contentType: FORM,
    body: 'grant_type=password&client_id=cid',
    errors: [['/grant_type', `grant_type must be implicit or client_credentials; ${USAGE}`]],
  },
  {
    name: 'client credentials without a secret are refused',
    contentType: FORM,
    body: 'grant_type=client_credentials&client_id=cid',
    errors: [['/client_secret', `client_secret is required for client_credentials; ${USAGE}`]],
  },
  {
    name: 'an empty client id is refused',
    contentType: FORM,
    body: 'grant_type=implicit&client_id=',
    errors: [['/client_id', `client_id is required; ${USAGE}`]],
  },
  {
    name: 'a field given twice is refused',
    contentType: FORM,
    body: 'grant_type=implicit&grant_type=implicit&client_id=cid',
    errors: [['/grant_type', 'grant_type is given 2 times; send it once']],
  },
  {
    name: 'a JSON member that is not a string is refused',
    contentType: 'application/json',
    body: '{"grant_type":"implicit","client_id":42}',
    errors: [['/client_id', 'client_id must be a string']],
  },
  {
    name: 'a JSON array is read as form text and names the missing fields',
    contentType: 'application/json',
    body: '["implicit"]',
    errors: [
      ['/grant_type', `grant_type is required; ${USAGE}`],
      ['/client_id', `client_id is required; ${USAGE}`],
    ],
  },
];

describe('tokenRequest refuses with the vendor error shape', () => {
  it.each(refused)('$name', ({ contentType, body, errors }) => {
    expect(tokenRequest(contentType, body)).toEqual({
      ok: false,
      errors: errors.map(([pointer, detail]) => ({
        status: '400',
        title: 'Bad Request',
        detail,
        source: { pointer },
      })),
    });
  });
});

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

function counting(): TokenRegistry {
  let next = 0;
  return new TokenRegistry({ newToken: () => `t${++next}`, capacity: 3 });
}

describe('TokenRegistry', () => {
  it('issues the vendor token shape with expires in epoch seconds', () => {
    expect(counting().issue('implicit', NOW + 999)).toEqual({
      access_token: 't1',
      token_type: 'Bearer',
      expires: NOW / 1000 + TOKEN_LIFETIME_SECONDS,
      expires_in: TOKEN_LIFETIME_SECONDS,
      identifier: 'implicit',
    });
  });

  it('issues 40 hex characters by default, a new one each time', () => {
    const registry = new TokenRegistry();
    const [a, b] = [registry.issue('implicit', NOW), registry.issue('implicit', NOW)];
    expect(a.access_token).toMatch(/^[0-9a-f]{40}$/);
    expect(a.access_token).not.toBe(b.access_token);
  });

  const checks: { name: string; header: string | undefined; at?: number; ok: boolean; detail?: RegExp }[] = [
    { name: 'a token it issued is accepted', header: 'Bearer t1', ok: true },
    { name: 'the scheme is case-insensitive', header: 'bearer t1', ok: true },
    {
      name: 'a missing header is refused',
      header: undefined,
      ok: false,
      detail: /^Authorization header is missing/,
    },
    { name: 'another scheme is refused', header: 'Basic dDE=', ok: false, detail: /must be a bearer token/ },
    {
      name: 'a token it did not issue is refused',
      header: 'Bearer t9',
      ok: false,
      detail: /not issued by this mock/,
    },
    {
      name: 'an expired token is refused',
      header: 'Bearer t1',
      at: NOW + TOKEN_LIFETIME_SECONDS * 1000,
      ok: false,
      detail: /has expired/,
    },
    {
      name: 'a token a second before expiry is accepted',
      header: 'Bearer t1',
      at: NOW + 3_599_000,
      ok: true,
    },
  ];

  it.each(checks)('$name', ({ header, at, ok, detail }) => {
    const registry = counting();
    registry.issue('client_credentials', NOW);
    const check = registry.check(header, at ?? NOW);
    expect(check.ok).toBe(ok);
    if (!check.ok) expect(check.detail).toMatch(detail ?? /never/);
    if (!check.ok) expect(check.detail).toContain('POST /oauth/access_token');
  });

  it('forgets the oldest token past its capacity, and every token on clear', () => {
    const registry = counting();
    for (let i = 0; i < 4; i += 1) registry.issue('implicit', NOW);
    expect(registry.check('Bearer t1', NOW).ok).toBe(false);
    expect(registry.check('Bearer t4', NOW).ok).toBe(true);
    registry.clear();
    expect(registry.check('Bearer t4', NOW).ok).toBe(false);
  });
});

import { randomBytes } from 'node:crypto';

/** The two grants the vendor's token endpoint documents (its authentication OpenAPI document, Token schema). */
export const GRANTS = ['implicit', 'client_credentials'] as const;
export type Grant = (typeof GRANTS)[number];

/** Where the vendor's SDKs ask for a token: the host root, outside every API's path prefix. */
export const TOKEN_PATH = '/oauth/access_token';

/** Seconds a token lives: the vendor's documented examples and its one-hour rule. */
export const TOKEN_LIFETIME_SECONDS = 3_600;

/** Tokens the registry remembers at most; past it the oldest is forgotten (design.md: bounded everything). */
export const MAX_TOKENS = 10_000;

/** The vendor's error object: title and status required, detail optional; the mock always names the field. */
export interface TokenError {
  status: '400';
  title: 'Bad Request';
  detail: string;
  source: { pointer: string };
}

/** The vendor's token answer, flat as its SDKs read it (implicit-token guide; decisions.md, Authentication). */
export interface AccessToken {
  access_token: string;
  token_type: 'Bearer';
  expires: number;
  expires_in: number;
  identifier: Grant;
}

export type TokenRequest = { ok: true; grant: Grant; clientId: string } | { ok: false; errors: TokenError[] };

const USAGE =
  'send grant_type=implicit with client_id, or grant_type=client_credentials with client_id and client_secret';

function isGrant(value: string): value is Grant {
  return GRANTS.some((grant) => grant === value);
}

function fieldError(field: string, detail: string): TokenError {
  return { status: '400', title: 'Bad Request', detail, source: { pointer: `/${field}` } };
}

/** Form fields, or JSON members when the body is a JSON object: the SDKs send a form, curl users often JSON. */
function readFields(contentType: string | undefined, body: string): Map<string, unknown[]> {
  const fields = new Map<string, unknown[]>();
  const add = (name: string, value: unknown) => fields.set(name, [...(fields.get(name) ?? []), value]);
  const looksJson =
    /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '') || body.trimStart().startsWith('{');
  if (looksJson) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        for (const [name, value] of Object.entries(parsed)) add(name, value);
        return fields;
      }
    } catch {
      // Not JSON after all: the vendor's own curl examples send form fields under a JSON content type.
    }
  }
  for (const [name, value] of new URLSearchParams(body)) add(name, value);
  return fields;
}

/** One field as a non-empty string, or the error that says what is wrong with it. */
function textField(
  fields: Map<string, unknown[]>,
  name: string,
  missing: string,
): { value: string } | { error: TokenError } {
  const values = fields.get(name) ?? [];
  if (values.length > 1)
    return { error: fieldError(name, `${name} is given ${values.length} times; send it once`) };
  const [value] = values;
  if (value === undefined || value === '') return { error: fieldError(name, missing) };
  if (typeof value !== 'string') return { error: fieldError(name, `${name} must be a string`) };
  return { value };
}

/** A token request as the vendor's SDKs send it (form or JSON): every mistake reported, unknown fields ignored. */
export function tokenRequest(contentType: string | undefined, body: string): TokenRequest {
  const fields = readFields(contentType, body);
  const errors: TokenError[] = [];
  const grantType = textField(fields, 'grant_type', `grant_type is required; ${USAGE}`);
  const clientId = textField(fields, 'client_id', `client_id is required; ${USAGE}`);
  let grant: Grant | undefined;
  if ('error' in grantType) errors.push(grantType.error);
  else if (isGrant(grantType.value)) grant = grantType.value;
  else errors.push(fieldError('grant_type', `grant_type must be implicit or client_credentials; ${USAGE}`));
  if ('error' in clientId) errors.push(clientId.error);
  if (grant === 'client_credentials') {
    const secret = textField(
      fields,
      'client_secret',
      `client_secret is required for client_credentials; ${USAGE}`,
    );
    if ('error' in secret) errors.push(secret.error);
  }
  if (errors.length > 0 || grant === undefined || 'error' in clientId) return { ok: false, errors };
  return { ok: true, grant, clientId: clientId.value };
}

/** What `check` says about a request's Authorization header. */
export type TokenCheck = { ok: true } | { ok: false; detail: string };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The tokens this mock issued, until they expire; with auth on only these pass, as at the vendor. */
export class TokenRegistry {
  readonly #expiries = new Map<string, number>();
  readonly #newToken: () => string;
  readonly #capacity: number;

  constructor(options: { newToken?: () => string; capacity?: number } = {}) {
    this.#newToken = options.newToken ?? (() => randomBytes(20).toString('hex'));
    this.#capacity = options.capacity ?? MAX_TOKENS;
  }

  /** A new token for `grant`, `nowMs` being the clock's milliseconds; `expires` is in epoch seconds. */
  issue(grant: Grant, nowMs: number): AccessToken {
    const token = this.#newToken();
    const expires = Math.floor(nowMs / 1000) + TOKEN_LIFETIME_SECONDS;
    this.#expiries.delete(token);
    this.#expiries.set(token, expires);
    if (this.#expiries.size > this.#capacity) {
      const oldest = this.#expiries.keys().next().value;
      if (oldest !== undefined) this.#expiries.delete(oldest);
    }
    return {
      access_token: token,
      token_type: 'Bearer',
      expires,
      expires_in: TOKEN_LIFETIME_SECONDS,
      identifier: grant,
    };
  }

  /** Whether an `Authorization` header carries a token this registry issued and that has not expired. */
  check(authorization: string | undefined, nowMs: number): TokenCheck {
    const usage = `ask POST ${TOKEN_PATH} for a token and send Authorization: Bearer <access_token>`;
    if (authorization === undefined)
      return { ok: false, detail: `Authorization header is missing; ${usage}` };
    const token = BEARER.exec(authorization)?.[1];
    if (token === undefined) return { ok: false, detail: `Authorization must be a bearer token; ${usage}` };
    const expires = this.#expiries.get(token);
    if (expires === undefined)
      return { ok: false, detail: `the bearer token was not issued by this mock; ${usage}` };
    if (Math.floor(nowMs / 1000) >= expires)
      return { ok: false, detail: `the bearer token has expired; ${usage}` };
    return { ok: true };
  }

  /** Forgets every token (a reset of the mock's state). */
  clear(): void {
    this.#expiries.clear();
  }
}

import type { IncomingHttpHeaders } from 'node:http';
import type { OpenAPIV3_1 } from 'openapi-types';
import { request } from 'undici';
import { expect } from 'vitest';
import { createValidators, type SpecValidators } from '../../src/contract/validators.js';
import { FIXTURE_IDS } from './fixture-ids.js';

/** One answer, read whole. */
export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
  text: string;
  /** The parsed body when it is JSON, else undefined; read freely (admin answers are checked against their schema). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface CallOptions {
  body?: unknown;
  /** Headers to send; an undefined value sends none (handy in tables of cases). */
  headers?: Readonly<Record<string, string | undefined>>;
}

export const SUBSCRIPTIONS = '/subscriptions/subscriptions';
const ADMIN = '/__subcat';

/** A valid create body for the fixed account and offering; `name` tells the records apart. */
export function createBody(name: string): unknown {
  const { account_id, offering_id } = FIXTURE_IDS.subscriptions;
  return {
    data: {
      account_id,
      offering_id,
      currency: 'USD',
      manual_payments: true,
      name,
      email: 'shopper@example.com',
    },
  };
}

/** Sends one request to `url` and reads the whole answer. */
export async function send(method: string, url: string, options: CallOptions = {}): Promise<Reply> {
  const { body } = options;
  const headers = Object.fromEntries(
    Object.entries(options.headers ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const response = await request(url, {
    method: method as 'GET',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.body.arrayBuffer());
  const text = bytes.toString('utf8');
  const type = String(response.headers['content-type'] ?? '');
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes,
    text,
    json: /json/.test(type) && text !== '' ? JSON.parse(text) : undefined,
  };
}

interface AdminOperation {
  method: string;
  pattern: RegExp;
  operationId: string;
}

/**
 * A client of one running mock: the four operations as they are, and the admin API, every admin answer
 * checked against the admin document the mock itself serves at `/__subcat/openapi.json` (its status must be
 * documented, its body must match the documented schema).
 * @example const client = await MockClient.of(mock.url); await client.admin('POST', '/reset');
 */
export class MockClient {
  private constructor(
    readonly url: string,
    private readonly validators: SpecValidators,
    private readonly operations: readonly AdminOperation[],
    private readonly defaults: Record<string, string>,
  ) {}

  /** Reads the admin document from the mock (with `headers`, e.g. the admin token, on every admin call). */
  static async of(url: string, headers: Record<string, string> = {}): Promise<MockClient> {
    const served = await send('GET', `${url}${ADMIN}/openapi.json`, { headers });
    expect(served.status).toBe(200);
    const validators = createValidators(served.json as OpenAPIV3_1.Document);
    const operations = validators.operations.map((op) => ({
      method: op.method.toUpperCase(),
      pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      operationId: op.operationId,
    }));
    return new MockClient(url, validators, operations, headers);
  }

  /** Any request under the mock's base URL. */
  call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    return send(method, this.url + path, options);
  }

  /** A create in `session` ('' for the default one). */
  create(name: string, session = ''): Promise<Reply> {
    return this.call('POST', SUBSCRIPTIONS, { body: createBody(name), headers: sessionHeaders(session) });
  }

  /** An admin call (path after `/__subcat`), its answer validated against the served admin document. */
  async admin(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const reply = await send(method, this.url + ADMIN + path, {
      ...options,
      headers: { ...this.defaults, ...options.headers },
    });
    this.check(method, path, reply);
    return reply;
  }

  /** Fails the test when `reply` is not what the admin document says `method path` answers. */
  check(method: string, path: string, reply: Reply): void {
    const local = (ADMIN + path).split('?')[0] ?? '';
    const operation = this.operations.find((op) => op.method === method && op.pattern.test(local));
    if (operation === undefined)
      throw new Error(`the admin document has no operation for ${method} ${local}`);
    const violations = this.validators.response(operation.operationId, reply.status)(reply.json);
    expect(violations, `${method} ${path} answered ${reply.status}: ${reply.text.slice(0, 300)}`).toEqual([]);
  }
}

export function sessionHeaders(session: string): Record<string, string> {
  return session === '' ? {} : { 'x-subcat-session': session };
}

/** Every subscription of a session, read 100 at a time through `links.next`. */
export async function allSubscriptions(
  client: MockClient,
  session = '',
): Promise<{ id: string; name: string }[]> {
  const seen: { id: string; name: string }[] = [];
  let url: string | null = `${client.url}${SUBSCRIPTIONS}?page%5Blimit%5D=100`;
  for (let guard = 0; url !== null && guard < 100; guard += 1) {
    const page = await send('GET', url, { headers: sessionHeaders(session) });
    expect(page.status).toBe(200);
    for (const resource of page.json.data as { id: string; attributes: { name: string } }[])
      seen.push({ id: resource.id, name: resource.attributes.name });
    url = page.json.links.next as string | null;
  }
  return seen;
}

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { packagedValidator } from '../../conformance/schema.js';

/** How the fake implementation behaves: conformant, or with one deliberate difference. */
export type Mode = 'good' | 'crash-on-bad-input' | 'create-200' | 'lenient-filters';

// The fake below answers shapes, statuses and rejections right but does not filter, page or include:
// the semantic families are exercised against the real mock and the fault proxy (kit-mock, kit-faults).
export const CORE_FAMILIES = ['--only', 'status,schema,rejection,robustness'];

const IDS = { catalog: 'cat-1', release: 'rel-1', node: 'node-1' };
const SUBSCRIPTION_FILTERS: Record<string, string[]> = {
  eq: ['account_id', 'name', 'email', 'external_ref'],
};
const PRODUCT_ATTRIBUTES = [
  'name',
  'sku',
  'slug',
  'manufacturer_part_num',
  'upc_ean',
  'product_types',
  'tags',
];
const NODE_FILTERS: Record<string, string[]> = { eq: PRODUCT_ATTRIBUTES, in: ['id', ...PRODUCT_ATTRIBUTES] };
const NOW = '2026-01-01T00:00:00.000Z';

export interface Fake {
  server: Server;
  base: string;
  /** `METHOD path?query body` of every request, host left out, for determinism checks. */
  log: string[];
  authorizations: Set<string | undefined>;
}

/** Where the fake answers a request it must reject: 4xx normally, 500 in the crashing mode. */
class Rejected extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
  }
}

const validator = packagedValidator();

/** Query parameters each operation knows; others get a 400 naming them (decisions.md), unless told to ignore. */
const KNOWN_PARAMETERS = {
  list: ['page[limit]', 'page[offset]', 'filter', 'include'],
  write: ['filter'],
} as const;

export interface FakeOptions {
  /** Answer unknown query parameters as today's mock does: ignore them (the kit only warns). */
  ignoreUnknownParameters?: boolean;
}

/**
 * A tiny implementation of the four operations: spec-valid canned bodies, the documented rejections. Ids
 * derive from the request body, so concurrent runs of the same seed get the same ids whatever the order.
 */
export async function startFake(mode: Mode, prefix = '', options: FakeOptions = {}): Promise<Fake> {
  const subscriptions = new Map<string, Record<string, unknown>>();
  const idFrom = (text: string, salt: string) => {
    const hex = createHash('sha256').update(`${salt}:${text}`).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  const fake: Fake = { server: createServer(), base: '', log: [], authorizations: new Set() };

  const handle = (
    req: IncomingMessage,
    raw: string,
    res: ServerResponse,
  ): { status: number; body: unknown } => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (!url.pathname.startsWith(`${prefix}/`)) throw new Rejected(404, 'outside the base path');
    const known: readonly string[] = req.method === 'GET' ? KNOWN_PARAMETERS.list : KNOWN_PARAMETERS.write;
    const unknown = [...url.searchParams.keys()].find((name) => !known.includes(name));
    if (unknown !== undefined && options.ignoreUnknownParameters !== true) {
      throw new Rejected(400, `unknown query parameter ${unknown}; known: ${known.join(', ')}`);
    }
    const path = url.pathname.slice(prefix.length).split('/').slice(1);
    const self = `${fake.base}${url.pathname}${url.search}`;
    const links = { self, first: self, last: null, prev: null, next: null };
    if (path.join('/') === 'subscriptions/subscriptions' && req.method === 'POST') {
      const body = readJson(req, raw);
      if (validator.validateRequest('createSubscription', body).length > 0)
        throw new Rejected(400, 'invalid body');
      const data = (body as { data: Record<string, unknown> & { offering: { name: string } } }).data;
      const id = idFrom(`${url.search}${raw}`, 'subscription');
      const subscription = {
        id,
        type: 'subscription',
        attributes: {
          account_id: data.account_id,
          currency: data.currency,
          plan_id: idFrom(raw, 'plan'),
          name: data.name,
          email: data.email,
          offering: {
            id: idFrom(raw, 'offering'),
            type: 'subscription_offering',
            attributes: { name: data.offering.name, updated_at: NOW, created_at: NOW },
            meta: {
              external_product_refs: [],
              owner: 'store',
              timestamps: { updated_at: NOW, created_at: NOW },
            },
          },
        },
        meta: { owner: 'store', status: 'active', timestamps: { updated_at: NOW, created_at: NOW } },
      };
      subscriptions.set(id, subscription);
      res.setHeader('location', `${fake.base}${prefix}/subscriptions/subscriptions/${id}`);
      return { status: mode === 'create-200' ? 200 : 201, body: { data: subscription } };
    }
    if (path.join('/') === 'subscriptions/subscriptions' && req.method === 'GET') {
      checkPaging(url.searchParams);
      if (mode !== 'lenient-filters') checkFilter(url.searchParams.get('filter'), SUBSCRIPTION_FILTERS);
      const include = url.searchParams.get('include');
      if (include !== null && !/^(plans|products)(,(plans|products))?$/.test(include))
        throw new Rejected(400, 'include');
      const all = [...subscriptions.values()];
      const page = { limit: 25, offset: 0, current: 1, total: Math.ceil(all.length / 25) };
      const meta = { results: { total: all.length }, page };
      return { status: 200, body: { meta, data: all.slice(0, 25), links } };
    }
    if (
      path.length === 3 &&
      path[0] === 'subscriptions' &&
      path[1] === 'subscriptions' &&
      req.method === 'PUT'
    ) {
      const id = decodeURIComponent(path[2] ?? '');
      const known = subscriptions.get(id);
      if (known === undefined) throw new Rejected(404, 'unknown subscription');
      const body = readJson(req, raw);
      const data = (body as { data?: { id?: unknown; type?: unknown } } | null)?.data;
      // decisions.md: a wrong type is the schema's 400 (the vendor's), another id a 409.
      if (data?.type !== 'subscription') throw new Rejected(400, 'data.type must be subscription');
      if (data.id !== id) throw new Rejected(409, 'id mismatch');
      if (validator.validateRequest('updateSubscription', body).length > 0)
        throw new Rejected(400, 'invalid body');
      return { status: 200, body: { data: known } };
    }
    const [catalogs, catalog, releases, release, nodes, node, relationships, products] = path;
    if (
      catalogs === 'catalogs' &&
      releases === 'releases' &&
      nodes === 'nodes' &&
      relationships === 'relationships'
    ) {
      if (products !== 'products' || path.length !== 8 || req.method !== 'GET')
        throw new Rejected(404, 'unknown path');
      if (catalog !== IDS.catalog || release !== IDS.release || node !== IDS.node)
        throw new Rejected(404, 'unknown id');
      const page = checkPaging(url.searchParams);
      if (mode !== 'lenient-filters') checkFilter(url.searchParams.get('filter'), NODE_FILTERS);
      const product = {
        id: '11111111-1111-4111-8111-111111111111',
        type: 'product',
        attributes: { name: 'Green tea', sku: 'TEA-1', slug: 'green-tea', status: 'live', tags: ['tea'] },
        // Every product type: no absent one is left for a negative probe on product_types.
        meta: {
          catalog_source: 'pim',
          bread_crumb_nodes: [IDS.node],
          product_types: ['standard', 'parent', 'child', 'bundle'],
        },
      };
      const meta = {
        results: { total: 1 },
        page: { limit: page.limit, offset: page.offset, current: 1, total: 1 },
      };
      return { status: 200, body: { meta, data: page.offset === 0 ? [product] : [], links } };
    }
    throw new Rejected(404, 'unknown path');
  };

  fake.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      fake.log.push(`${req.method} ${req.url?.replace(/^\/?/, '/')} ${raw}`);
      fake.authorizations.add(req.headers.authorization);
      try {
        const { status, body } = handle(req, raw, res);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      } catch (error) {
        const status = error instanceof Rejected ? error.status : 400;
        if (mode === 'crash-on-bad-input') {
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
          return;
        }
        const detail = error instanceof Error ? error.message : 'bad request';
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ errors: [{ status: String(status), title: 'Rejected', detail }] }));
      }
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

function readJson(req: IncomingMessage, raw: string): unknown {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
    throw new Rejected(415, 'not JSON');
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new Rejected(400, 'malformed JSON');
  }
}

function checkPaging(query: URLSearchParams): { limit: number; offset: number } {
  const read = (name: string, fallback: number, min: number, max: number) => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new Rejected(400, name);
    return Number(raw);
  };
  return { limit: read('page[limit]', 25, 1, 100), offset: read('page[offset]', 0, 0, 10000) };
}

function checkFilter(raw: string | null, grammar: Record<string, string[]>): void {
  if (raw === null) return;
  const expressions = raw.split(':');
  if (expressions.length > 10) throw new Rejected(400, 'too many filters');
  for (const expression of expressions) {
    const match = /^(\w+)\(([^()]*)\)$/.exec(expression);
    const [attribute, ...values] = (match?.[2] ?? '').split(',');
    const op = match?.[1] ?? '';
    if (match === null || !(grammar[op] ?? []).includes(attribute ?? '') || values.length === 0) {
      throw new Rejected(400, 'filter');
    }
    if (values.some((value) => value === '') || (op === 'eq' && values.length !== 1))
      throw new Rejected(400, 'filter');
  }
}

export async function stopFake(fake: Fake): Promise<void> {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
}

/** The ids the fake knows, as kit arguments. */
export const idArgs = ['--catalog-id', IDS.catalog, '--release-id', IDS.release, '--node-id', IDS.node];

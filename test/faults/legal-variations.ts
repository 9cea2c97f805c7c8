import {
  LISTS,
  child,
  dataRecords,
  isObject,
  onRequest,
  onResponse,
  operationOf,
  rewriteLinks,
} from './fault.js';
import type { Handler } from './fault-proxy.js';

/** A server that differs from the mock only where the contract leaves room: the kit must not fail it. */
export interface LegalVariation {
  name: string;
  description: string;
  /** The checks that warn because decisions.md chose otherwise (exactly these); empty for a clean pass. */
  expectWarnedChecks: string[];
  handler: () => Handler;
}

/** Adds a vendor field to every resource, its attributes and meta, every error object and the document. */
function addVendorFields(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) addVendorFields(item);
    return;
  }
  if (!isObject(value)) return;
  for (const item of Object.values(value)) addVendorFields(item);
  const resource = typeof value.type === 'string' && ('id' in value || 'attributes' in value);
  if (resource) {
    value.x_vendor_revision = 7;
    for (const part of ['attributes', 'meta']) {
      const inner = child(value, part);
      if (inner !== undefined) inner.x_vendor_flags = { beta: false };
    }
  }
  if (typeof value.status === 'string' && typeof value.title === 'string') value.code = 'E_VALIDATION';
}

/** A copy with every object's keys in reverse order (arrays keep their order). */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reverseKeys(inner)]),
  );
}

/** page[limit] and page[offset] out of range are brought into range instead of rejected. */
function clampPaging(query: URLSearchParams): void {
  const clamp = (name: string, min: number, max: number) => {
    const raw = query.get(name);
    if (raw === null || !/^-?\d+$/.test(raw)) return;
    query.set(name, String(Math.min(max, Math.max(min, Number(raw)))));
  };
  clamp('page[limit]', 1, 100);
  clamp('page[offset]', 0, 10000);
}

/** Links with raw brackets and limit before offset: another spelling of the same URL. */
function respellLink(url: URL): string {
  const entries = [...url.searchParams.entries()].sort(([a], [b]) =>
    a === 'page[limit]' ? -1 : b === 'page[limit]' ? 1 : 0,
  );
  const query = entries.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `${url.origin}${url.pathname}${query === '' ? '' : `?${query}`}`;
}

/** Every answer that has a body, rewritten the same way. */
function everyBody(edit: (body: unknown) => unknown): () => Handler {
  return () => async (req, forward) => {
    const res = await forward(req);
    return res.body === undefined ? res : { ...res, body: edit(res.body) };
  };
}

export const LEGAL_VARIATIONS: readonly LegalVariation[] = [
  {
    name: 'create-answers-200',
    description: 'a create answers 200 instead of 201 (the code is not shown in the contract)',
    expectWarnedChecks: ['status.create-subscription'],
    handler: () => async (req, forward) => {
      const res = await forward(req);
      return operationOf(req) === 'createSubscription' && res.status === 201 ? { ...res, status: 200 } : res;
    },
  },
  {
    name: 'other-error-body',
    description: 'errors keep their 4xx status but the body is { "message": ... } instead of JSON:API errors',
    // The mock ignores unknown query parameters (decisions.md, Ignored input), so no 400 has to name them.
    expectWarnedChecks: ['schema.error-bodies'],
    handler: () => async (req, forward) => {
      const res = await forward(req);
      if (res.status < 400 || res.status >= 500) return res;
      return { ...res, body: { message: `request rejected (${res.status})` } };
    },
  },
  {
    name: 'extra-fields',
    description: 'unknown fields in every resource, attributes, meta and error object, and a jsonapi member',
    expectWarnedChecks: [],
    handler: everyBody((body) => {
      addVendorFields(body);
      if (isObject(body)) body.jsonapi = { version: '1.1' };
      return body;
    }),
  },
  {
    name: 'clamped-paging',
    description: 'page[limit] above 100 is served as 100 and offsets out of range are clamped, not rejected',
    expectWarnedChecks: [],
    handler: onRequest(LISTS, (req) => clampPaging(req.url.searchParams)),
  },
  {
    name: 'reversed-key-order',
    description: 'every JSON object lists its keys in reverse order',
    expectWarnedChecks: [],
    handler: everyBody(reverseKeys),
  },
  {
    name: 'optional-fields-absent',
    description:
      'optional fields are left out: address_id, relationships, descriptions, card ids, product external_ref',
    expectWarnedChecks: [],
    handler: onResponse(
      ['listSubscriptions', 'createSubscription', 'updateSubscription', 'getNodeProducts'],
      (body) => {
        for (const record of dataRecords(body)) {
          const attributes = child(record, 'attributes');
          if (attributes === undefined) continue;
          if (record.type === 'product') {
            delete attributes.external_ref;
            delete attributes.published_at;
            continue;
          }
          delete attributes.address_id;
          delete attributes.relationships;
          delete child(attributes, 'offering', 'attributes')?.description;
          delete child(attributes, 'payment_authority')?.card_id;
        }
      },
    ),
  },
  {
    name: 'list-without-meta',
    description:
      'the subscriptions list sends no meta (totals and page numbers are a convention of decisions.md)',
    expectWarnedChecks: ['schema.list-subscriptions', 'schema.all-responses'],
    handler: onResponse(['listSubscriptions'], (body) => {
      if (isObject(body)) delete body.meta;
    }),
  },
  {
    name: 'raw-bracket-links',
    description: 'paging links spell page[limit] and page[offset] with raw brackets, limit first',
    expectWarnedChecks: [],
    handler: onResponse(LISTS, (body) => rewriteLinks(body, respellLink)),
  },
  {
    name: 'json-api-media-type',
    description: 'JSON answers are labelled application/vnd.api+json',
    expectWarnedChecks: [],
    handler: () => async (req, forward) => {
      const res = await forward(req);
      if (res.body === undefined) return res;
      return { ...res, headers: { ...res.headers, 'content-type': 'application/vnd.api+json' } };
    },
  },
  {
    name: 'unprocessable-entity',
    description: 'invalid fields inside data get 422 instead of 400 (malformed bodies keep 400)',
    expectWarnedChecks: [
      'rejection.create-missing-required',
      'rejection.create-field-limits',
      'rejection.create-payment-authority',
      'rejection.create-offering',
      'rejection.create-product',
      'rejection.create-plan',
      // A wrong data.type is decisions.md's 400 (the vendor's), now a 422.
      'status.update-conflict',
    ],
    handler: () => async (req, forward) => {
      const res = await forward(req);
      const pointed = (isObject(res.body) && Array.isArray(res.body.errors) ? res.body.errors : []).some(
        (error) => String(child(error, 'source')?.pointer).startsWith('/data/'),
      );
      if (res.status !== 400 || !pointed) return res;
      const errors = (res.body as { errors: unknown[] }).errors.map((error) =>
        isObject(error) ? { ...error, status: '422', title: 'Unprocessable Entity' } : error,
      );
      return { ...res, status: 422, body: { errors } };
    },
  },
];

import { randomUUID } from 'node:crypto';
import {
  child,
  dataRecords,
  isObject,
  LISTS,
  onRequest,
  onResponse,
  rewriteFilter,
  operationOf,
  paging,
  type Fault,
  type JsonObject,
} from './fault.js';
import type { Handler, ProxiedResponse } from './fault-proxy.js';

// Mutants for the rules of issue 27: sane timestamps, a lost update only concurrent writes show, rules broken on
// later pages only, and totals that ignore the filter.

const HOURS = 3_600_000;

/** Moves a time string by `ms`, keeping the `Z`: what a server in local time that labels it UTC writes. */
const shifted = (value: unknown, ms: number) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? new Date(Date.parse(value) + ms).toISOString()
    : value;

/** The subscription's own timestamps of each record of an answer. */
function timestamps(body: JsonObject): JsonObject[] {
  return dataRecords(body)
    .map((record) => child(record, 'meta', 'timestamps'))
    .filter((stamps): stamps is JsonObject => stamps !== undefined);
}

/**
 * Creates lost under concurrency: a create that arrives while another is in flight is never stored; it gets a
 * copy of the other's answer under a new id (a read-modify-write of the store, the later write winning).
 */
function loseConcurrentCreates(): Handler {
  let inFlight: Promise<ProxiedResponse> | undefined;
  return async (req, forward) => {
    if (operationOf(req) !== 'createSubscription') return forward(req);
    if (inFlight !== undefined) {
      const other = await inFlight;
      const copy = structuredClone(other);
      const data = child(copy.body, 'data');
      if (data !== undefined) data.id = randomUUID();
      return copy;
    }
    inFlight = forward(req);
    try {
      return await inFlight;
    } finally {
      inFlight = undefined;
    }
  };
}

/** Pages after the first hold one record more than asked (a cursor off by one past page one). */
const laterPagesOverfull = onResponse(LISTS, (body, req) => {
  const { offset, limit } = paging(req);
  if (offset === undefined || offset === 0 || limit === undefined || !Array.isArray(body.data)) return;
  const first = body.data.find(isObject);
  if (first === undefined) return;
  while (body.data.length <= limit) body.data.push({ ...first, id: randomUUID() });
});

/** Under a filter, meta.results.total still counts the whole collection. */
const filteredTotalUnfiltered = onResponse(LISTS, (body, req) => {
  if (!req.url.searchParams.has('filter')) return;
  const results = child(body, 'meta', 'results');
  if (results !== undefined && typeof results.total === 'number') results.total += 1000;
});

/** A quoted filter value (decisions.md's grammar) is refused as if quoting were not allowed. */
const quotedValuesRefused: Handler = (req, forward) => {
  const filter = req.url.searchParams.get('filter');
  if (operationOf(req) === undefined || filter === null || !/["']/.test(filter)) return forward(req);
  return Promise.resolve({
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: { errors: [{ status: '400', title: 'Bad Request', detail: 'unexpected character in filter' }] },
    text: '',
  });
};

export const gateFaults: Fault[] = [
  {
    name: 'default-page-length-10',
    description: 'without page[limit] a list pages by 10, not the documented 25 (decisions.md: a warning)',
    only: 'schema.list-subscriptions,rules',
    expectWarnedCheck: 'rules.every-exchange',
    handler: onRequest(LISTS, (req) => {
      if (!req.url.searchParams.has('page[limit]')) req.url.searchParams.set('page[limit]', '10');
    }),
  },
  {
    name: 'create-stamped-local-time',
    description: 'a create stamps created_at and updated_at in local time (UTC+3) labelled Z',
    only: 'schema.create-subscription,rules',
    expectWarnedCheck: 'rules.every-exchange',
    handler: onResponse(['createSubscription'], (body) => {
      for (const stamps of timestamps(body)) {
        stamps.created_at = shifted(stamps.created_at, 3 * HOURS);
        stamps.updated_at = shifted(stamps.updated_at, 3 * HOURS);
      }
    }),
  },
  {
    name: 'updated-before-created',
    description: 'listed subscriptions show updated_at a day before created_at',
    only: 'schema.list-subscriptions,rules',
    expectFailedCheck: 'rules.every-exchange',
    handler: onResponse(['listSubscriptions'], (body) => {
      for (const stamps of timestamps(body)) stamps.updated_at = shifted(stamps.created_at, -24 * HOURS);
    }),
  },
  {
    name: 'creates-lost-under-concurrency',
    description:
      'a create overlapping another is answered 201 but never stored (found at --concurrency 1 too)',
    only: 'concurrency.creates',
    args: ['--concurrency', '1'],
    expectFailedCheck: 'concurrency.creates',
    handler: loseConcurrentCreates,
  },
  {
    name: 'later-pages-overfull',
    description: 'pages after the first hold page[limit] + 1 records; the first page is right',
    only: 'paging,filters,rules',
    expectFailedCheck: 'rules.every-exchange',
    handler: laterPagesOverfull,
  },
  {
    name: 'filtered-total-unfiltered',
    description: 'under a filter, meta.results.total counts the unfiltered collection (+1000)',
    only: 'filters,rules',
    expectFailedCheck: 'rules.every-exchange',
    handler: filteredTotalUnfiltered,
  },
  {
    name: 'generated-second-term-dropped',
    description: 'filters joined with : keep only their first term (found by generated cases alone)',
    only: 'generated.relations',
    expectFailedCheck: 'generated.relations',
    handler: onRequest(LISTS, (req) =>
      rewriteFilter(req, (expression, index) => (index === 0 ? expression : undefined)),
    ),
  },
  {
    name: 'generated-quoted-values-refused',
    description:
      'a filter value quoted as decisions.md allows is answered 400 (found by generated cases alone)',
    only: 'generated.relations',
    expectWarnedCheck: 'generated.relations',
    handler: () => quotedValuesRefused,
  },
];

import fc from 'fast-check';
import {
  CREATE_EXAMPLES,
  FIXED,
  UPDATE_EXAMPLE,
  jsonText,
  shortNastyString,
  nearValid,
  onTheWire,
  pathSegment,
  queryString,
  wireMode,
} from './fuzz-arbitraries.js';
import { describeRaw, type RawRequest } from './send-raw.js';

// Whole requests for the fuzz test, one generator per operation plus any method on any path, with the
// headers a client might send (languages, Prefer, proxy and CORS headers, content types).

// ---- headers ---------------------------------------------------------------------------------------------

const headerChar = fc
  .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }), fc.constant(0x09))
  .map((code) => String.fromCharCode(code));
/** A header value the HTTP client will send (printable latin1), up to 300 characters. */
export const headerText = fc.string({ unit: headerChar, maxLength: 300 });

export const acceptLanguage = fc.oneof(
  fc.constantFrom(
    'fr-FR',
    'de',
    '*',
    'en;q=0',
    'fr;q=1.5',
    'de-DE;q=abc',
    ',,,',
    ';q=0.5',
    'fr-FR, de;q=0.8, *;q=0.1',
    'x'.repeat(300),
  ),
  headerText,
);
export const prefer = fc.oneof(
  fc.constantFrom(
    'code=404',
    'code=200',
    'code=201',
    'code=400',
    'code=999',
    'code=abc',
    'code=',
    'example=page',
    'example=',
    'example=nope',
    'code=404, example=notFound',
    'return=minimal',
    'code="404"',
    'code=1e2',
  ),
  headerText,
);
export const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'application/vnd.api+json',
    'APPLICATION/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    'json',
    '*/*',
  ),
  headerText,
);

/** Headers a client might send, each present or not: languages, Prefer (rarely), proxies, CORS, ids. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'accept-language': acceptLanguage,
      prefer: fc.oneof({ weight: 1, arbitrary: prefer }, { weight: 5, arbitrary: fc.constant('') }),
      'x-forwarded-host': fc.oneof(
        fc.constantFrom('evil.example:99999', '[::1]:80', 'a b', 'h/x?y'),
        headerText,
      ),
      'x-forwarded-proto': fc.oneof(fc.constantFrom('https', 'ftp', 'HTTP'), headerText),
      origin: fc.oneof(fc.constantFrom('http://localhost:5173', 'null'), headerText),
      'x-request-id': headerText,
      accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*'), headerText),
    },
    { requiredKeys: [] },
  )
  .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')));

// ---- whole requests --------------------------------------------------------------------------------------

/** Node answers a request line and headers over 16 kB itself (431, tested apart): random requests stay below. */
const MAX_HEAD = 12_000;
const fitsTheHead = (raw: RawRequest) =>
  raw.path.length + Object.entries(raw.headers ?? {}).reduce((n, [k, v]) => n + k.length + v.length + 4, 0) <=
  MAX_HEAD;
/** One short line in fast-check's counterexamples, however large the body. */
export const printable = (raw: RawRequest): RawRequest =>
  Object.assign(raw, { [fc.toStringMethod]: () => describeRaw(raw) });
/** The finishing touch of every request generator. */
const finish = (arbitrary: fc.Arbitrary<RawRequest>) => arbitrary.filter(fitsTheHead).map(printable);

export const SUBSCRIPTIONS = '/subscriptions/subscriptions';
const rawBytes = fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes));
const createBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...CREATE_EXAMPLES).chain(nearValid) },
  { weight: 2, arbitrary: jsonText },
  { weight: 1, arbitrary: jsonText.map((text) => `{"data":${text}}`) },
  { weight: 1, arbitrary: rawBytes },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...CREATE_EXAMPLES), fc.nat()).map(([body, cut]) => {
      const text = JSON.stringify(body);
      return text.slice(0, cut % text.length);
    }),
  },
  { weight: 1, arbitrary: fc.constant(`{"data":{"name":"${'x'.repeat(1_100_000)}"}}`) },
);

/** A body-bearing request's headers: a Content-Type (mostly JSON, sometimes wrong, sometimes none) and extras. */
const bodyHeaders = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, contentType, fc.constant('')),
    extraHeaders,
  )
  .map(([type, extra]) => (type === '' ? extra : { ...extra, 'content-type': type }));

export const createRequest: fc.Arbitrary<RawRequest> = finish(
  fc
    .tuple(createBody, bodyHeaders, fc.oneof(fc.constant(''), queryString))
    .map(([body, headers, query]) => ({ method: 'POST', path: SUBSCRIPTIONS + query, headers, body })),
);

const updateBody = (id: string): fc.Arbitrary<string | Buffer> =>
  fc.oneof(
    { weight: 5, arbitrary: nearValid({ data: { ...UPDATE_EXAMPLE.data, id } }) },
    { weight: 2, arbitrary: nearValid(UPDATE_EXAMPLE) },
    { weight: 2, arbitrary: jsonText },
    { weight: 1, arbitrary: rawBytes },
  );
const updateId = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      FIXED.subscriptions.subscription_id,
      FIXED.subscriptions.pending_subscription_id,
    ),
  },
  { weight: 2, arbitrary: pathSegment },
);
export const updateRequest: fc.Arbitrary<RawRequest> = finish(
  updateId.chain((id) =>
    fc
      .tuple(updateBody(decodeSafely(id)), bodyHeaders)
      .map(([body, headers]) => ({ method: 'PUT', path: `${SUBSCRIPTIONS}/${id}`, headers, body })),
  ),
);

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export const listRequest: fc.Arbitrary<RawRequest> = finish(
  fc
    .tuple(queryString, extraHeaders)
    .map(([query, headers]) => ({ method: 'GET', path: SUBSCRIPTIONS + query, headers })),
);

const catalogSegment = fc.oneof({ weight: 3, arbitrary: fc.constant(FIXED.catalog.catalog_id) }, pathSegment);
const releaseSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('latest', ...FIXED.catalog.release_ids) },
  pathSegment,
);
const nodeSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(FIXED.catalog.node_id, FIXED.catalog.root_node_id) },
  pathSegment,
);
export const nodeProductsRequest: fc.Arbitrary<RawRequest> = finish(
  fc
    .tuple(catalogSegment, releaseSegment, nodeSegment, queryString, extraHeaders)
    .map(([catalog, release, node, query, headers]) => ({
      method: 'GET',
      path: `/catalogs/${catalog}/releases/${release}/nodes/${node}/relationships/products${query}`,
      headers,
    })),
);

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];
const anyPath = fc.oneof(
  fc.constantFrom(
    SUBSCRIPTIONS,
    `${SUBSCRIPTIONS}/`,
    '/subscriptions',
    '/catalogs',
    '/',
    '/__health',
    '//',
    '/subscriptions//subscriptions',
  ),
  fc.tuple(pathSegment, pathSegment).map(([a, b]) => `/${a}/${b}`),
  pathSegment.map((segment) => `${SUBSCRIPTIONS}/${segment}`),
  fc
    .tuple(pathSegment, pathSegment, pathSegment)
    .map(([c, r, n]) => `/catalogs/${c}/releases/${r}/nodes/${n}/relationships/products`),
  fc.tuple(shortNastyString, wireMode).map(([text, mode]) => `/${onTheWire(text, mode)}`),
);
export const anyRequest: fc.Arbitrary<RawRequest> = finish(
  fc
    .tuple(
      fc.constantFrom(...METHODS),
      anyPath,
      queryString,
      extraHeaders,
      fc.option(jsonText, { nil: undefined }),
    )
    .map(([method, path, query, headers, body]) => ({
      method,
      path: path + query,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body !== undefined && { body }),
    })),
);

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { CREATE_EXAMPLES, FIXED, UPDATE_EXAMPLE } from '../support/fuzz-arbitraries.js';
import {
  SUBSCRIPTIONS,
  anyRequest,
  createRequest,
  listRequest,
  nodeProductsRequest,
  updateRequest,
} from '../support/fuzz-requests.js';
import { nearLimitRequest } from '../support/fuzz-near-limit.js';
import { cheapestCost, requestCost } from '../support/request-cost.js';
import { responseSchemaValidator } from '../support/response-schema-validator.js';
import { describeRaw, sendRaw, type RawOutcome, type RawRequest } from '../support/send-raw.js';

// Random and malformed input against the whole mock over real HTTP: never a 5xx, never a dropped
// connection, every 4xx a JSON:API error naming what is wrong, and the server still answers afterwards.
// Replay a run with SUBCAT_FUZZ_SEED=<seed>; the seed is printed at the start. A longer run: SUBCAT_FUZZ_RUNS=<n>
// spreads about n cases over the properties in the proportions below. The default, about 2,100, keeps `npx vitest
// run` near two minutes; SUBCAT_FUZZ_RUNS=7280 is the long run (3.5 times each property).

const FUZZ_SEED = Number(process.env.SUBCAT_FUZZ_SEED ?? 20_260_101);
const DEFAULT_RUNS = 2_080;
const RUNS_FACTOR = Math.max(0.01, Number(process.env.SUBCAT_FUZZ_RUNS ?? DEFAULT_RUNS) / DEFAULT_RUNS);
/** A property's share of the run, and the time it may take (a minute at the default size). */
const runs = (share: number) => Math.max(1, Math.round(share * RUNS_FACTOR));
const TIMEOUT_MS = 60_000 * Math.max(1, RUNS_FACTOR);
const BODY_LIMIT = 1024 * 1024;
const JSON_BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const NOT_JSON_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];

/** The paths the mock serves (relative, decoded the way its router sees them), their operations and parameters. */
const ROUTES: { pattern: RegExp; operations: Record<string, string>; parameters: string[] }[] = [
  {
    pattern: /^\/subscriptions\/subscriptions$/,
    operations: { POST: 'createSubscription', GET: 'listSubscriptions' },
    parameters: [],
  },
  {
    pattern: /^\/subscriptions\/subscriptions\/[^/]+$/,
    operations: { PUT: 'updateSubscription' },
    parameters: ['subscription_uuid'],
  },
  {
    pattern: /^\/catalogs\/[^/]+\/releases\/[^/]+\/nodes\/[^/]+\/relationships\/products$/,
    operations: { GET: 'getNodeProducts' },
    parameters: ['catalog_id', 'release_id', 'node_id'],
  },
  { pattern: /^\/__health$/, operations: { GET: 'health' }, parameters: [] },
];

/** Where the request lands: a served path (with its operation for this method, if any) or nothing. */
function routeOf(raw: RawRequest) {
  // Parsed the way the mock parses its request target: dot segments resolved, backslashes as slashes.
  const pathname = new URL(`http://mock.invalid${raw.path}`).pathname;
  const route = ROUTES.find((candidate) => candidate.pattern.test(pathname));
  const method = raw.method === 'HEAD' ? 'GET' : raw.method;
  return { route, operationId: route?.operations[method] };
}

const validator = responseSchemaValidator();
type ErrorBody = { errors: { status: unknown; title: unknown; detail: unknown; source?: unknown }[] };

/** Everything wrong with how the mock answered `raw`; empty when it behaved. */
function misbehaviour(raw: RawRequest, outcome: RawOutcome): string[] {
  if (outcome.kind === 'client-rejected') return [];
  if (outcome.kind === 'transport') return [`no answer: ${outcome.error}`];
  const { status, headers, text } = outcome;
  const problems: string[] = [];
  if (!((status >= 200 && status < 300) || (status >= 400 && status < 500)))
    return [`status ${status}: ${text.slice(0, 300)}`];
  if (raw.method === 'HEAD' || status === 204)
    return text === '' ? [] : [`${status} with a body on ${raw.method}`];
  if (!/^application\/json\b/.test(String(headers['content-type'])))
    return [`${status} with Content-Type ${String(headers['content-type'])}: ${text.slice(0, 200)}`];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${status} body is not JSON: ${text.slice(0, 200)}`];
  }
  const { route, operationId } = routeOf(raw);
  if (status < 300) {
    if (operationId === undefined) return [`${status} for a path and method the mock does not serve`];
    if (operationId === 'health') return [];
    const violations = validator.validate(operationId, status, body);
    return violations.map(
      (v) => `${operationId} ${status} body violates the spec at '${v.instancePath}': ${v.message}`,
    );
  }
  const schemaViolations = validator.validateSchema('Error', body);
  if (schemaViolations.length > 0)
    return schemaViolations.map((v) => `error body violates Error at '${v.instancePath}': ${v.message}`);
  for (const error of (body as ErrorBody).errors) {
    if (error.status !== String(status)) problems.push(`error status ${String(error.status)} in a ${status}`);
    if (typeof error.title !== 'string' || error.title === '') problems.push('an error without a title');
    if (typeof error.detail !== 'string' || error.detail === '') problems.push('an error without a detail');
    problems.push(...sourceProblems(status, error.source, route?.parameters, operationId !== undefined));
  }
  if (status === 405 && (typeof headers.allow !== 'string' || headers.allow === ''))
    problems.push('405 without Allow');
  return [...problems, ...oracleProblems(raw, status, operationId)];
}

/**
 * Which field an error names. A 400, 409 or 415 always names one (body pointer, parameter or header). A 404
 * on a served path names the path parameter; on a path nothing is served at there is no field. A 405
 * (method) and a 413 (the body as a whole) name none.
 */
function sourceProblems(status: number, source: unknown, parameters: string[] | undefined, served: boolean) {
  const keys = typeof source === 'object' && source !== null ? Object.entries(source) : [];
  const named = keys.length === 1 && typeof keys[0]?.[1] === 'string';
  const [kind, value] = keys[0] ?? [];
  if ([400, 409].includes(status) && !named)
    return [`a ${status} error without exactly one source: ${JSON.stringify(source)}`];
  if (status === 409 && kind !== 'pointer')
    return [`a 409 error pointing elsewhere than the body: ${JSON.stringify(source)}`];
  if (status === 415 && !(kind === 'header' && String(value).toLowerCase() === 'content-type'))
    return [`a 415 error not naming the Content-Type header: ${JSON.stringify(source)}`];
  if (status === 404 && served && !(kind === 'parameter' && parameters?.includes(String(value))))
    return [`a 404 on a served path not naming a path parameter: ${JSON.stringify(source)}`];
  if ((status === 404 && !served) || status === 405 || status === 413)
    return source === undefined ? [] : [`a ${status} error with a source: ${JSON.stringify(source)}`];
  return [];
}

/** Statuses the input decides on its own: an oversized body is 413, a non-JSON body 415 (before anything else). */
function oracleProblems(raw: RawRequest, status: number, operationId: string | undefined): string[] {
  if (operationId === undefined || !JSON_BODY_METHODS.has(raw.method) || raw.body === undefined) return [];
  if (raw.headers?.prefer !== undefined) return []; // Prefer is answered before the body is read
  if (!decodable(new URL(`http://mock.invalid${raw.path}`).pathname)) return []; // a broken path fails routing first
  const size = Buffer.byteLength(raw.body);
  if (size > BODY_LIMIT) return status === 413 ? [] : [`a ${size}-byte body answered ${status}, not 413`];
  const type = raw.headers?.['content-type'];
  if ((type === undefined || NOT_JSON_TYPES.includes(type)) && size > 0 && status !== 415)
    return [`a body sent as ${type ?? 'no Content-Type'} answered ${status}, not 415`];
  return [];
}

function decodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

let mock: RunningMock;

async function expectStillAnswering() {
  const outcome = await sendRaw(mock.url, { method: 'GET', path: `${SUBSCRIPTIONS}?page[limit]=1` });
  expect(outcome.kind === 'response' && outcome.status).toBe(200);
  expect(outcome.kind === 'response' && (JSON.parse(outcome.text) as { data: unknown[] }).data).toHaveLength(
    1,
  );
}

beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 3, subscriptions: 60, products: 80, logLevel: 'silent' });
  console.log(`fuzz: fast-check seed ${FUZZ_SEED} (replay with SUBCAT_FUZZ_SEED=${FUZZ_SEED})`);
});
afterAll(() => mock.close());

describe('the mock under random and malformed input', () => {
  const properties = [
    { name: 'create bodies, content types and queries', arbitrary: createRequest, numRuns: runs(420) },
    { name: 'update bodies and subscription ids', arbitrary: updateRequest, numRuns: runs(420) },
    { name: 'list query strings and headers', arbitrary: listRequest, numRuns: runs(420) },
    {
      name: 'node products path parameters, queries and languages',
      arbitrary: nodeProductsRequest,
      numRuns: runs(420),
    },
    { name: 'any method on any path', arbitrary: anyRequest, numRuns: runs(320) },
  ];

  it.each(properties)(
    'answers $name with a 2xx or a well-formed 4xx',
    async ({ name, arbitrary, numRuns }) => {
      const statuses = new Map<string, number>();
      const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
      await fc.assert(
        fc.asyncProperty(arbitrary, async (raw) => {
          const outcome = await sendRaw(mock.url, raw);
          count(outcome.kind === 'response' ? String(outcome.status) : outcome.kind);
          const problems = misbehaviour(raw, outcome);
          if (problems.length > 0) throw new Error(`${describeRaw(raw)}\n  -> ${problems.join('\n  -> ')}`);
        }),
        { seed: FUZZ_SEED, numRuns },
      );
      const summary = [...statuses].sort().map(([key, n]) => `${key}: ${n}`);
      console.log(`fuzz ${name}: ${numRuns} runs (${summary.join(', ')})`);
      // A fuzzer whose requests the client refuses to send tests nothing.
      expect(statuses.get('client-rejected') ?? 0).toBeLessThan(numRuns * 0.1);
      await expectStillAnswering();
    },
    TIMEOUT_MS,
  );

  // Issue 16, point 1: any body up to the body limit answers within 100 ms of work and never holds a
  // concurrent GET /__health longer (CPU time, best of three sends: see request-cost.ts).
  it(
    'answers bodies near the body limit (long arrays, deep nesting, long strings) within 100 ms of work each',
    async () => {
      const BUDGET_MS = 100;
      const numRuns = runs(80);
      const statuses = new Map<number, number>();
      let worst = { cpuMs: 0, healthCpuMs: 0, healthMs: 0 };
      await fc.assert(
        fc.asyncProperty(nearLimitRequest, async (raw) => {
          const body = raw.body ?? '';
          const cost = await cheapestCost(() => requestCost(mock.url, raw.method, raw.path, body), BUDGET_MS);
          const { status, headers, body: text } = cost.response;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          worst = {
            cpuMs: Math.max(worst.cpuMs, cost.cpuMs),
            healthCpuMs: Math.max(worst.healthCpuMs, cost.healthCpuMs),
            healthMs: Math.max(worst.healthMs, cost.healthMs),
          };
          const problems = misbehaviour(raw, { kind: 'response', status, headers, text });
          if (cost.cpuMs > BUDGET_MS) problems.push(`took ${cost.cpuMs.toFixed(0)} ms of CPU`);
          if (cost.healthCpuMs > BUDGET_MS)
            problems.push(
              `a GET /__health alongside waited through ${cost.healthCpuMs.toFixed(0)} ms of CPU`,
            );
          // Wall time only as a stall detector: a busy machine may stretch 100 ms of work several times over.
          if (cost.healthMs > 2_000)
            problems.push(`a GET /__health alongside waited ${cost.healthMs.toFixed(0)} ms`);
          if (problems.length > 0) throw new Error(`${describeRaw(raw)}\n  -> ${problems.join('\n  -> ')}`);
        }),
        // Shrinking would resend megabyte bodies hundreds of times: the first counterexample is printed whole.
        { seed: FUZZ_SEED, numRuns, endOnFailure: true },
      );
      const summary = [...statuses].sort().map(([key, n]) => `${key}: ${n}`);
      const figures = `worst CPU ${worst.cpuMs.toFixed(0)} ms, worst health wait ${worst.healthCpuMs.toFixed(0)} ms CPU / ${worst.healthMs.toFixed(0)} ms`;
      console.log(`fuzz bodies near the body limit: ${numRuns} runs (${summary.join(', ')}); ${figures}`);
      expect(statuses.size).toBeGreaterThan(1);
      await expectStillAnswering();
    },
    TIMEOUT_MS,
  );

  const validCreate = JSON.stringify(CREATE_EXAMPLES[1]);
  const update = (attributes: string, id = FIXED.subscriptions.subscription_id) =>
    `{"data":{"id":"${id}","type":"subscription","attributes":${attributes}}}`;
  const withName = (name: string) => validCreate.replace('"Grace Hopper"', name);
  const json = { 'content-type': 'application/json' };
  const node = (catalog: string, release: string, nodeId: string) =>
    `/catalogs/${catalog}/releases/${release}/nodes/${nodeId}/relationships/products`;
  const { catalog_id: catalog, release_ids: releases, node_id: nodeId } = FIXED.catalog;
  const put = `${SUBSCRIPTIONS}/${FIXED.subscriptions.subscription_id}`;
  // prettier-ignore
  const cases: { title: string; raw: RawRequest; status: number; source?: Record<string, string> }[] = [
    { title: 'a plan_id nested 5000 arrays deep', raw: { method: 'PUT', path: put, headers: json, body: update(`{"plan_id":${'['.repeat(5000)}${']'.repeat(5000)}}`) }, status: 400, source: { pointer: '/data/attributes/plan_id' } },
    { title: 'an address_id nested 5000 objects deep', raw: { method: 'PUT', path: put, headers: json, body: update(`{"address_id":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`) }, status: 400, source: { pointer: '/data/attributes/address_id' } },
    { title: 'a create body 200000 arrays deep', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: '['.repeat(200_000) + ']'.repeat(200_000) }, status: 400 },
    { title: 'a name with a null byte', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: withName('"Gr\\u0000ce"') }, status: 201 },
    { title: 'a name with a lone surrogate', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: withName('"\\ud800 Grace"') }, status: 201 },
    { title: 'a name of 1025 characters', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: withName(`"${'é'.repeat(1025)}"`) }, status: 400, source: { pointer: '/data/name' } },
    { title: 'a name given as a number 1e999', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: withName('1e999') }, status: 400, source: { pointer: '/data/name' } },
    { title: 'manual_payments given as "NaN"', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: validCreate.replace('"manual_payments":true', '"manual_payments":"NaN"') }, status: 400, source: { pointer: '/data/manual_payments' } },
    { title: 'a duplicate data key whose last value is null', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: `${validCreate.slice(0, -1)},"data":null}` }, status: 400 },
    { title: 'a __proto__ field in data (ignored and named, as the vendor ignores unknown create members)', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: validCreate.replace('{"account_id"', '{"__proto__":{"admin":true},"account_id"') }, status: 201 },
    { title: 'a valid body behind a byte order mark', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: `\uFEFF${validCreate}` }, status: 201 },
    {title: 'an empty JSON body', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: '' }, status: 400},
    { title: 'a JSON body declared latin1', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: { 'content-type': 'application/json; charset=latin1' }, body: validCreate }, status: 415, source: { header: 'Content-Type' } },
    { title: 'a JSON body sent as text/plain', raw: { method: 'PUT', path: put, headers: { 'content-type': 'text/plain' }, body: JSON.stringify(UPDATE_EXAMPLE) }, status: 415, source: { header: 'Content-Type' } },
    { title: 'a body of 1.1 MiB', raw: { method: 'POST', path: SUBSCRIPTIONS, headers: json, body: `{"data":{"name":"${'x'.repeat(1_150_000)}"}}` }, status: 413 },
    { title: 'an update whose id is %ZZ', raw: { method: 'PUT', path: `${SUBSCRIPTIONS}/%ZZ`, headers: json, body: update('{}') }, status: 400, source: { parameter: 'subscription_uuid' } },
    { title: 'an update whose id holds an encoded slash', raw: { method: 'PUT', path: `${SUBSCRIPTIONS}/a%2Fb`, headers: json, body: update('{}', 'a/b') }, status: 400, source: { parameter: 'subscription_uuid' } },
    { title: 'an update of a subscription that does not exist', raw: { method: 'PUT', path: `${SUBSCRIPTIONS}/00000000-0000-4000-8000-000000000000`, headers: json, body: update('{}', '00000000-0000-4000-8000-000000000000') }, status: 404, source: { parameter: 'subscription_uuid' } },
    { title: 'eleven filter expressions', raw: { method: 'GET', path: `${SUBSCRIPTIONS}?filter=${Array(11).fill('eq(name,a)').join(':')}` }, status: 400, source: { parameter: 'filter' } },
    { title: 'an unbalanced quote in a filter', raw: { method: 'GET', path: `${SUBSCRIPTIONS}?filter=eq(name,%22Grace)` }, status: 400, source: { parameter: 'filter' } },
    { title: 'page[limit]=%ZZ', raw: { method: 'GET', path: `${SUBSCRIPTIONS}?page[limit]=%ZZ` }, status: 400, source: { parameter: 'page[limit]' } },
    { title: 'page[offset]=1e2', raw: { method: 'GET', path: `${SUBSCRIPTIONS}?page%5Boffset%5D=1e2` }, status: 400, source: { parameter: 'page[offset]' } },
    { title: 'a node id holding an encoded slash', raw: { method: 'GET', path: node(catalog, 'latest', 'a%2F..%2Fb') }, status: 404, source: { parameter: 'node_id' } },
    { title: 'the release that is no longer published', raw: { method: 'GET', path: node(catalog, releases[0] ?? '', nodeId) }, status: 404, source: { parameter: 'release_id' } },
    { title: 'an unknown include on node products (ignored, as the vendor does)', raw: { method: 'GET', path: `${node(catalog, 'latest', nodeId)}?include=plans` }, status: 200 },
    { title: 'an include with an empty member on node products', raw: { method: 'GET', path: `${node(catalog, 'latest', nodeId)}?include=plans,` }, status: 400, source: { parameter: 'include' } },
    { title: 'DELETE on the collection', raw: { method: 'DELETE', path: SUBSCRIPTIONS }, status: 405 },
    { title: 'Prefer code=999', raw: { method: 'GET', path: SUBSCRIPTIONS, headers: { prefer: 'code=999' } }, status: 400, source: { header: 'Prefer' } },
    { title: 'an X-Forwarded-Host whose port is out of range', raw: { method: 'GET', path: `${SUBSCRIPTIONS}?page[limit]=1`, headers: { 'x-forwarded-host': 'evil.example:99999' } }, status: 200 },
    { title: 'an X-Forwarded-Host that is not a valid host', raw: { method: 'GET', path: `${SUBSCRIPTIONS}?page[limit]=1`, headers: { 'x-forwarded-host': '.0' } }, status: 200 },
    { title: 'Prefer code=404 on node products', raw: { method: 'GET', path: node(catalog, 'latest', nodeId), headers: { prefer: 'code=404' } }, status: 404 },
    { title: 'a path nothing is served at', raw: { method: 'GET', path: '/subscriptions/%2e%2e/catalogs' }, status: 404 },
  ];

  it.each(cases)('answers $title with $status', async ({ raw, status, source }) => {
    const outcome = await sendRaw(mock.url, raw);
    expect(misbehaviour(raw, outcome)).toEqual([]);
    expect(outcome.kind === 'response' && outcome.status).toBe(status);
    if (source !== undefined && outcome.kind === 'response') {
      const sources = (JSON.parse(outcome.text) as ErrorBody).errors.map((error) => error.source);
      expect(sources).toContainEqual(source);
    }
  });

  // Node's HTTP parser answers these itself (a bare 400/431, no body) unless the mock takes over clientError.
  // prettier-ignore
  const parserCases: { title: string; raw: RawRequest }[] = [
    { title: 'a lower-case method', raw: { method: 'get', path: SUBSCRIPTIONS } },
    { title: 'a method the parser does not know', raw: { method: 'FROB', path: SUBSCRIPTIONS } },
    { title: 'a 20 kB Accept-Language header', raw: { method: 'GET', path: SUBSCRIPTIONS, headers: { 'accept-language': 'x'.repeat(20_000) } } },
  ];

  // The request line or header block itself is broken, so no field, parameter or header name applies:
  // the body is checked as an Error with a matching status, not for a source.
  it.each(parserCases)('answers $title with a 4xx JSON error body', async ({ raw }) => {
    const outcome = await sendRaw(mock.url, raw);
    if (outcome.kind !== 'response') throw new Error(`no response: ${JSON.stringify(outcome)}`);
    expect(outcome.status).toBeGreaterThanOrEqual(400);
    expect(outcome.status).toBeLessThan(500);
    expect(String(outcome.headers['content-type'])).toMatch(/^application\/json\b/);
    const body = JSON.parse(outcome.text) as ErrorBody;
    expect(validator.validateSchema('Error', body)).toEqual([]);
    expect(body.errors.map((error) => error.status)).toEqual([String(outcome.status)]);
  });

  it('still answers a known-good request after all of it', async () => {
    await expectStillAnswering();
  });
});

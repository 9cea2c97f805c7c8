import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SpecOperation, SpecValidators, Violation } from '../../contract/validators.js';
import { Findings, specValidators } from '../../contract/validators.js';
import { DEFAULT_BODY_BOUNDS } from '../../contract/body-bounds.js';
import type { Answer } from '../exchange.js';
import { Exchange } from '../exchange.js';
import { HttpError } from '../http-error.js';
import { PublicUrl } from '../public-url.js';
import { updateSubscription } from '../operations/update-subscription.js';
import type { Route } from '../route.js';
import type { Target } from './route-step.js';
import { validateStep } from './validate-step.js';

type State = Record<string, never>;
const OK: Answer = { status: 200, headers: {}, body: 'ok' };

interface Call {
  method: string;
  target: Target<State>;
  params?: Record<string, string>;
  /** JSON text sent as the body, with Content-Type application/json. */
  body?: string;
}

function exchangeOf({ method, target, params = {}, body }: Call): Exchange<Target<State>> {
  const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  const request = Object.assign(Readable.from(body === undefined ? [] : [Buffer.from(body)]), { method, headers, url: '/x' });
  const exchange = new Exchange<Target<State>>(request as unknown as IncomingMessage, {} as ServerResponse, 'r1', 0n);
  exchange.url = PublicUrl.of(new URL('http://mock.test/x'));
  exchange.routed = { target, template: '/x', params };
  return exchange;
} // prettier-ignore

/** The step's answer or its HttpError, and whether the next step ran. */
async function run(step: ReturnType<typeof validateStep<State>>, exchange: Exchange<Target<State>>) {
  let nextRan = false;
  try {
    const answer = await step(exchange, () => {
      nextRan = true;
      return OK;
    });
    return { answer, nextRan };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, errors: error.errors, omitted: error.omitted, nextRan };
  }
}

const violation = (where: Violation['in'], at: string, detail = `${at} is wrong`): Violation => ({
  in: where,
  at,
  keyword: 'x',
  detail,
});
const fakeValidators = (parameters: Violation[], body: Violation[]): SpecValidators =>
  ({
    bounds: DEFAULT_BODY_BOUNDS,
    operation: () => ({
      parameters: () => parameters,
      body: () => {
        const findings = new Findings();
        findings.addAll(body);
        return findings;
      },
      bodyRequired: true,
      headerNames: [],
    }),
  }) as unknown as SpecValidators;
const operation = (conflicts: Violation[] = []): Target<State> => ({
  kind: 'operation',
  route: { operationId: 'op', method: 'PUT', path: '/x', handler: () => ({ status: 200 }), conflicts: () => conflicts },
  op: { operationId: 'op' } as SpecOperation,
}); // prettier-ignore

describe('validateStep', () => {
  const cases: { title: string; method: string; parameters?: Violation[]; body?: Violation[]; conflicts?: Violation[]; status: number | undefined; errors?: object[]; omitted?: number }[] = [
    { title: 'passes a GET without violations on', method: 'GET', status: undefined },
    { title: 'passes a PUT without violations or conflicts on', method: 'PUT', status: undefined },
    { title: 'answers 400 naming a query parameter', method: 'GET', parameters: [violation('query', 'page[limit]')], status: 400, errors: [{ status: '400', detail: 'page[limit] is wrong', source: { parameter: 'page[limit]' } }] },
    { title: 'answers 400 naming a path parameter', method: 'GET', parameters: [violation('path', 'catalog_id')], status: 400, errors: [{ status: '400', source: { parameter: 'catalog_id' } }] },
    { title: 'answers 400 naming a header', method: 'GET', parameters: [violation('header', 'Accept-Language')], status: 400, errors: [{ status: '400', source: { header: 'Accept-Language' } }] },
    { title: 'answers 400 pointing at a body field', method: 'PUT', body: [violation('body', '/data/name')], status: 400, errors: [{ status: '400', source: { pointer: '/data/name' } }] },
    { title: 'answers 409 when every problem is a conflict', method: 'PUT', conflicts: [violation('body', '/data/id'), violation('body', '/data/type')], status: 409, errors: [{ status: '409', source: { pointer: '/data/id' } }, { status: '409', source: { pointer: '/data/type' } }] },
    { title: 'answers 409 when the only schema violation sits where a conflict is', method: 'PUT', body: [violation('body', '/data/type', 'must be subscription')], conflicts: [violation('body', '/data/type', 'conflicts')], status: 409, errors: [{ status: '409', detail: 'conflicts', source: { pointer: '/data/type' } }] },
    { title: 'answers 400 listing everything, conflicts last, when conflicts and other violations mix', method: 'PUT', parameters: [violation('query', 'x')], body: [violation('body', '/data/attributes/plan_id')], conflicts: [violation('body', '/data/id')], status: 400, errors: [{ status: '400', source: { parameter: 'x' } }, { status: '400', source: { pointer: '/data/attributes/plan_id' } }, { status: '400', source: { pointer: '/data/id' } }] },
    { title: 'answers 400, not 409, when more violations were counted than listed', method: 'PUT', body: Array.from({ length: 51 }, () => violation('body', '/data/type')), conflicts: [violation('body', '/data/type')], status: 400, errors: [{ status: '400', source: { pointer: '/data/type' } }], omitted: 1 },
    { title: 'keeps a parameter violation named like a conflicting field', method: 'PUT', parameters: [violation('query', '/data/id')], conflicts: [violation('body', '/data/id')], status: 400, errors: [{ status: '400', source: { parameter: '/data/id' } }, { status: '400', source: { pointer: '/data/id' } }] },
  ]; // prettier-ignore
  it.each(cases)('$title', async ({ method, parameters = [], body = [], conflicts = [], status, errors, omitted = 0 }) => {
    const step = validateStep<State>(fakeValidators(parameters, body), 1_000);
    const result = await run(step, exchangeOf({ method, target: operation(conflicts), body: method === 'PUT' ? '{"data":{}}' : undefined }));
    if (status === undefined) expect(result).toEqual({ answer: OK, nextRan: true });
    else {
      expect([result.status, result.nextRan]).toEqual([status, false]);
      expect(result.errors).toHaveLength(errors?.length ?? 0);
      expect(result.errors).toMatchObject(errors ?? []);
      expect(result.omitted).toBe(omitted);
    }
  }); // prettier-ignore

  it('reads the JSON body before the handler, and hands it and the path parameters to the conflicts', async () => {
    const seen: unknown[] = [];
    const target = operation();
    if (target.kind === 'operation') target.route.conflicts = (request) => (seen.push(request), []);
    const exchange = exchangeOf({ method: 'PUT', target, params: { id: '7' }, body: '{"data":{"id":"7"}}' });
    expect(await run(validateStep<State>(fakeValidators([], []), 1_000), exchange)).toEqual({
      answer: OK,
      nextRan: true,
    });
    expect(exchange.body).toEqual({ data: { id: '7' } });
    expect(seen).toEqual([{ params: { id: '7' }, body: { data: { id: '7' } } }]);
  });

  it('refuses a body past the limit with 413 before any validation', async () => {
    const result = await run(validateStep<State>(fakeValidators([], []), 10), exchangeOf({ method: 'PUT', target: operation(), body: '{"data":"0123456789"}' }));
    expect([result.status, result.nextRan]).toEqual([413, false]);
  }); // prettier-ignore

  it('reads the body of an operation only the spec describes as text for Prism, when it takes no JSON', async () => {
    const validators = { operation: () => ({ parameters: () => [], bodyRequired: false, headerNames: [] }) } as unknown as SpecValidators;
    const exchange = exchangeOf({ method: 'POST', target: { kind: 'spec', op: { operationId: 'op' } as SpecOperation }, body: 'plain words' });
    expect(await run(validateStep<State>(validators, 1_000), exchange)).toEqual({ answer: OK, nextRan: true });
    expect(exchange.body).toBe('plain words');
  }); // prettier-ignore

  it("passes the mock's own routes on untouched", async () => {
    const own: Target<State> = { kind: 'own', answer: () => OK };
    const exchange = exchangeOf({ method: 'POST', target: own, body: '{"not":"read"}' });
    expect(await run(validateStep<State>(fakeValidators([violation('query', 'x')], []), 1_000), exchange)).toEqual({ answer: OK, nextRan: true });
    expect(exchange.body).toBeUndefined();
  }); // prettier-ignore
});

describe('validateStep with the spec and the update route', () => {
  const validators = specValidators();
  const op = validators.operations.find((candidate) => candidate.operationId === 'updateSubscription');
  const ID = '39016a26-c2f3-4684-b524-0fbf6c505b38';
  const OTHER = 'f0000000-0000-4000-8000-000000000000';
  const target: Target<State> = {
    kind: 'operation',
    route: updateSubscription as unknown as Route<State>,
    op,
  };
  const put = (data: object) =>
    run(
      validateStep<State>(validators, 64 * 1024),
      exchangeOf({
        method: 'PUT',
        target,
        params: { subscription_uuid: ID },
        body: JSON.stringify({ data }),
      }),
    );
  const cases = [
    { title: 'a valid plan switch passes', data: { id: ID, type: 'subscription', attributes: { plan_id: OTHER } }, status: undefined, pointers: [] },
    { title: 'another id than the path is a 409', data: { id: OTHER, type: 'subscription', attributes: {} }, status: 409, pointers: ['/data/id'] },
    { title: 'another type is a 409 only, its schema violation giving way', data: { id: ID, type: 'subscriptions', attributes: {} }, status: 409, pointers: ['/data/type'] },
    { title: 'a conflict beside a bad plan_id is a 400 listing both', data: { id: OTHER, type: 'subscription', attributes: { plan_id: 'not-a-uuid' } }, status: 400, pointers: ['/data/attributes/plan_id', '/data/id'] },
    { title: 'an unknown attribute is a 400', data: { id: ID, type: 'subscription', attributes: { colour: 'red' } }, status: 400, pointers: ['/data/attributes/colour'] },
  ]; // prettier-ignore
  it.each(cases)('$title', async ({ data, status, pointers }) => {
    expect(op).toBeDefined();
    const result = await put(data);
    if (status === undefined) return expect(result).toEqual({ answer: OK, nextRan: true });
    expect([result.status, result.nextRan]).toEqual([status, false]);
    expect(result.errors?.map((error) => error.source?.pointer).sort()).toEqual(pointers);
    expect(result.errors?.every((error) => error.status === String(status))).toBe(true);
  });
});

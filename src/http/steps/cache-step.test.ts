import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { SpecOperation } from '../../contract/spec-operations.js';
import { jsonAnswer } from '../answers.js';
import { Exchange, type Answer } from '../exchange.js';
import { PublicUrl } from '../public-url.js';
import { ResponseCache } from '../response-cache.js';
import type { Route } from '../route.js';
import { cacheStep } from './cache-step.js';
import type { Target } from './route-step.js';

interface State {
  version: number;
}
type E = Exchange<Target<State>, State>;

const route = (cacheVersion: Route<State>['cacheVersion']): Route<State> => ({
  operationId: 'listThings',
  method: 'GET',
  path: '/things',
  handler: () => ({ status: 200 }),
  cacheVersion,
});
const cached = route((state) => state.version);
const operation = (which = cached): Target<State> => ({ kind: 'operation', route: which, op: undefined });

interface Request {
  method?: string;
  target?: string;
  origin?: string;
  headers?: IncomingHttpHeaders;
  sessionKey?: string;
  session?: State | undefined;
  to?: Target<State>;
}

/** As the route step numbers resolutions: one number per public origin and raw target (route-step.test.ts). */
const resolutions = new Map<string, number>();
const resolutionOf = (key: string) => resolutions.get(key) ?? resolutions.set(key, resolutions.size + 1).size;

function exchangeOf(request: Request, state: State): E {
  const { method = 'GET', target = '/things?a=1', origin = 'http://mock.test', headers = {}, sessionKey = '', to = operation() } = request;
  const exchange: E = new Exchange({ method, url: target, headers } as IncomingMessage, {} as ServerResponse, 'r1', 0n);
  exchange.url = PublicUrl.of(new URL(target, origin));
  exchange.routed = { target: to, template: '/things', params: {} };
  exchange.resolution = resolutionOf(`${origin} ${target}`);
  exchange.sessionKey = sessionKey;
  exchange.session = 'session' in request ? request.session : state;
  return exchange;
} // prettier-ignore

/** A cache step over a fresh cache, and a handler that counts its calls and answers what it is told. */
function setup(answer: (calls: number) => Answer | Promise<Answer> = (calls) => jsonAnswer(200, { calls })) {
  const cache = new ResponseCache({ maxBytes: 1_000_000, maxEntries: 100 });
  const step = cacheStep<State>(cache, (operationId) => (operationId === 'listThings' ? ['x-tenant'] : []));
  const state: State = { version: 1 };
  let calls = 0;
  const send = async (request: Request = {}) =>
    step(exchangeOf(request, state), () => {
      calls += 1;
      return answer(calls);
    });
  return { send, state, calls: () => calls, cache };
}

describe('cacheStep', () => {
  it('answers the same request again from the cache, the same bytes, without calling the handler', async () => {
    const { send, calls } = setup();
    const first = await send();
    const second = await send();
    expect(calls()).toBe(1);
    expect(first.body).toBeInstanceOf(Buffer);
    expect(second).toEqual(first);
    expect(String(second.body)).toBe('{"calls":1}');
    expect(second.headers['Content-Length']).toBe(11);
  });

  it('calls the handler again once the state version moves, then keeps the new answer', async () => {
    const { send, calls, state } = setup();
    await send();
    state.version += 1;
    expect(String((await send()).body)).toBe('{"calls":2}');
    expect(String((await send()).body)).toBe('{"calls":2}');
    expect(calls()).toBe(2);
  });

  it('hands out the kept headers frozen, so no step can change a later hit (one adding a header makes a copy)', async () => {
    const { send } = setup();
    await send();
    const hit = await send();
    expect(() => ((hit.headers as Record<string, string>)['Access-Control-Allow-Origin'] = 'http://evil.test')).toThrow(TypeError);
    expect((await send()).headers).not.toHaveProperty('Access-Control-Allow-Origin');
  }); // prettier-ignore

  it('says which frozen headers a kept answer has, on the miss (a copy) and on every hit (those themselves)', async () => {
    const { send } = setup();
    const [miss, ...hits] = [await send(), await send(), await send()];
    expect(Object.isFrozen(miss?.sharedHeaders)).toBe(true);
    expect(miss?.headers).toEqual(miss?.sharedHeaders);
    for (const hit of hits) {
      expect(hit.sharedHeaders).toBe(miss?.sharedHeaders);
      expect(hit.headers).toBe(miss?.sharedHeaders);
    }
  }); // prettier-ignore

  it('keeps an answer that arrives later, as a promise', async () => {
    const { send, calls } = setup((count) => Promise.resolve(jsonAnswer(200, { count })));
    await send();
    expect(String((await send()).body)).toBe('{"count":1}');
    expect(calls()).toBe(1);
  });

  const apart: { title: string; a: Request; b: Request }[] = [
    { title: 'another session', a: { sessionKey: 's1' }, b: { sessionKey: 's2' } },
    { title: 'another origin', a: { origin: 'http://a.test:1' }, b: { origin: 'http://a.test:2' } },
    { title: 'another target', a: { target: '/things?a=1' }, b: { target: '/things?a=2' } },
    { title: 'a reordered query', a: { target: '/things?a=1&b=2' }, b: { target: '/things?b=2&a=1' } },
    { title: 'another Accept-Language', a: { headers: { 'accept-language': 'fr' } }, b: { headers: { 'accept-language': 'de' } } },
    { title: 'an empty Accept-Language and none', a: { headers: { 'accept-language': '' } }, b: {} },
    { title: 'another value of a header parameter the spec declares', a: { headers: { 'x-tenant': 'a' } }, b: { headers: { 'x-tenant': 'b' } } },
    { title: 'a declared header sent empty and not sent', a: { headers: { 'x-tenant': '' } }, b: {} },
    { title: 'a value moved from one header to the next', a: { headers: { 'accept-language': 'x', 'x-tenant': undefined } }, b: { headers: { 'accept-language': undefined, 'x-tenant': 'x' } } },
  ]; // prettier-ignore
  it.each(apart)('tells apart $title', async ({ a, b }) => {
    const { send, calls } = setup();
    await send(a);
    await send(b);
    expect(calls()).toBe(2);
    await send(a);
    await send(b);
    expect(calls()).toBe(2);
  });

  const alike: { title: string; a: Request; b: Request }[] = [
    { title: 'a HEAD after a GET (HEAD is the GET route answering)', a: { method: 'GET' }, b: { method: 'HEAD' } },
    { title: 'headers it is not told to read (request ids, CORS origins, user agents)', a: { headers: { 'x-request-id': 'r1', origin: 'http://o', 'user-agent': 'u' } }, b: { headers: { 'x-request-id': 'r2' } } },
  ]; // prettier-ignore
  it.each(alike)('answers alike $title', async ({ a, b }) => {
    const { send, calls } = setup();
    const first = await send(a);
    expect(await send(b)).toEqual(first);
    expect(calls()).toBe(1);
  });

  const uncached: { title: string; request?: Request; answer?: (calls: number) => Answer }[] = [
    { title: 'an answer other than 200', answer: (calls) => jsonAnswer(404, { calls }) },
    { title: 'an answer without a text body', answer: (calls) => ({ status: 200, headers: { 'x-calls': calls }, body: undefined }) },
    { title: 'an answer that misbehaves on purpose (a fault)', answer: (calls) => ({ ...jsonAnswer(200, { calls }), misbehave: 'truncate' }) },
    { title: 'an answer with a header node would refuse to send', answer: (calls) => jsonAnswer(200, { calls }, { 'X-Bad': 'a\nb' }) },
    { title: 'a POST', request: { method: 'POST' } },
    { title: 'a request with a Prefer header', request: { headers: { prefer: 'code=200' } } },
    { title: 'a route that does not opt in', request: { to: operation(route(undefined)) } },
    { title: 'an operation only the spec describes', request: { to: { kind: 'spec', op: { operationId: 'listThings' } as SpecOperation } } },
    { title: 'a request no session was chosen for', request: { session: undefined } },
  ]; // prettier-ignore
  it.each(uncached)('keeps nothing for $title', async ({ request, answer }) => {
    const { send, calls, cache } = setup(answer);
    const first = await send(request);
    const second = await send(request);
    expect([calls(), cache.size]).toEqual([2, 0]);
    expect(second).not.toEqual(first);
  });
});

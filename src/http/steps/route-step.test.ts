import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { jsonAnswer } from '../answers.js';
import { Exchange } from '../exchange.js';
import { HttpError } from '../http-error.js';
import { Router } from '../router.js';
import { RESOLVED_TARGETS, routeStep, type RouteConfig, type Target } from './route-step.js';

type E = Exchange<Target<unknown>>;

const thing: Target<unknown> = { kind: 'own', answer: () => jsonAnswer(200, {}) };
const router = new Router<Target<unknown>>([{ method: 'GET', path: '/things/{thing_id}', target: thing }]);

function setup(config: Partial<RouteConfig> = {}) {
  const step = routeStep(router, {
    basePath: '/v2',
    trustProxy: false,
    fallbackHost: () => 'fallback.test:1',
    served: ['/things/{thing_id}'],
    ...config,
  });
  const route = (target: string, headers: IncomingHttpHeaders = { host: 'mock.test' }, method = 'GET'): E => {
    const exchange: E = new Exchange({ method, url: target, headers } as IncomingMessage, {} as ServerResponse, 'r', 0n);
    void step(exchange, () => jsonAnswer(200, {}));
    return exchange;
  }; // prettier-ignore
  return { route };
}

describe('routeStep', () => {
  const cases = [
    { target: '/v2/things/a%20b?x=1', headers: { host: 'mock.test' }, base: 'http://mock.test/v2', id: 'a b' },
    { target: '/v2/things/c', headers: { host: 'other.test:8080' }, base: 'http://other.test:8080/v2', id: 'c' },
    { target: '/v2/things/c', headers: {}, base: 'http://fallback.test:1/v2', id: 'c' },
  ]; // prettier-ignore
  it.each(cases)(
    'resolves $target with Host $headers.host to $base and id $id, the second time alike',
    (c) => {
      const { route } = setup();
      for (const exchange of [route(c.target, c.headers), route(c.target, c.headers)]) {
        expect(exchange.base).toBe(c.base);
        expect(exchange.local).toBe(c.target.replace('/v2', '').replace(/\?.*/, ''));
        expect(exchange.routed?.params).toEqual({ thing_id: c.id });
        expect(exchange.routed?.template).toBe('/things/{thing_id}');
      }
    },
  );

  it('resolves a target once per method, Host and target, and shares it frozen', () => {
    const { route } = setup();
    const [first, again, otherHost] = [route('/v2/things/a'), route('/v2/things/a'), route('/v2/things/a', { host: 'b.test' })];
    expect(again.routed).toBe(first.routed);
    expect(again.url).toBe(first.url);
    expect(otherHost.url).not.toBe(first.url);
    expect(Object.isFrozen(first.routed?.params)).toBe(true);
  }); // prettier-ignore

  it('numbers each public origin and target: the same whatever the method, never for two that differ', () => {
    const trusted = setup({ trustProxy: true });
    const { route } = setup();
    const forwarded = (host: string) => ({ host: 'mock.test', 'x-forwarded-host': host });
    const first = route('/v2/things/a');
    expect(route('/v2/things/a').resolution).toBe(first.resolution);
    expect(route('/v2/things/a', { host: 'mock.test' }, 'HEAD').resolution).toBe(first.resolution);
    const others = [
      route('/v2/things/a', { host: 'b.test' }),
      route('/v2/things/a?x=1'),
      route('/v2/things/b'),
    ].map((exchange) => exchange.resolution);
    expect(new Set([first.resolution, ...others]).size).toBe(4);
    const [one, two] = [trusted.route('/v2/things/a', forwarded('one.test')), trusted.route('/v2/things/a', forwarded('two.test'))];
    expect(two.resolution).not.toBe(one.resolution);
    expect(trusted.route('/v2/things/a', forwarded('one.test')).resolution).toBe(one.resolution);
  }); // prettier-ignore

  it('reads X-Forwarded-Host anew for the same target when a proxy is trusted, and ignores it when not', () => {
    const trusted = setup({ trustProxy: true });
    const plain = setup();
    const forwarded = (host: string) => ({ host: 'mock.test', 'x-forwarded-host': host, 'x-forwarded-proto': 'https' });
    expect(trusted.route('/v2/things/a', forwarded('one.test')).base).toBe('https://one.test/v2');
    expect(trusted.route('/v2/things/a', forwarded('two.test')).base).toBe('https://two.test/v2');
    expect(plain.route('/v2/things/a', forwarded('one.test')).base).toBe('http://mock.test/v2');
  }); // prettier-ignore

  it('answers 404 and 405 every time, never from what it kept', () => {
    const { route } = setup();
    for (let round = 0; round < 2; round++) {
      expect(() => route('/v2/nothing')).toThrow(HttpError);
      expect(() => route('/v2/things/a', { host: 'mock.test' }, 'DELETE')).toThrow(/not allowed/);
    }
  });

  it(`keeps at most ${RESOLVED_TARGETS} targets, and still resolves the ones it let go`, () => {
    const { route } = setup();
    const first = route('/v2/things/0');
    for (let id = 1; id <= RESOLVED_TARGETS; id++) route(`/v2/things/${id}`);
    const again = route('/v2/things/0');
    expect(again.routed).not.toBe(first.routed);
    // A number is never given twice, so nothing kept under the old one is found under the new.
    expect(again.resolution).not.toBe(first.resolution);
    expect(again.routed?.params).toEqual({ thing_id: '0' });
  });
});

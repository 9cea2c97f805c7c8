import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { andThen, compose, type Step } from './compose.js';
import { Exchange, type Answer } from './exchange.js';

const exchange = () =>
  new Exchange({ method: 'GET', headers: {} } as IncomingMessage, {} as ServerResponse, 'r1', 0n);
const answer = (status: number, body = ''): Answer => ({ status, headers: {}, body });

/** A step that records when it is entered and left, around whatever the later steps answer. */
function logging(name: string, log: string[]): Step {
  return (_exchange, next) => {
    log.push(`> ${name}`);
    return andThen(next(), (answered) => {
      log.push(`< ${name}`);
      return answered;
    });
  };
}
const answering =
  (status: number, log?: string[]): Step =>
  () => {
    log?.push(`= ${status}`);
    return answer(status);
  };
const later =
  (status: number): Step =>
  () =>
    Promise.resolve(answer(status));

describe('compose', () => {
  it('runs each step around the ones after it, the first outermost', () => {
    const log: string[] = [];
    const result = compose([logging('a', log), logging('b', log), answering(200, log)])(exchange());
    expect(result).toEqual(answer(200));
    expect(log).toEqual(['> a', '> b', '= 200', '< b', '< a']);
  });

  it('stops at a step that answers without calling next', () => {
    const log: string[] = [];
    const result = compose([logging('a', log), answering(404, log), answering(200, log)])(exchange());
    expect(result).toEqual(answer(404));
    expect(log).toEqual(['> a', '= 404', '< a']);
  });

  it('lets a step change the answer of the steps after it', () => {
    const stamp: Step = (_exchange, next) =>
      andThen(next(), (answered) => ({ ...answered, headers: { ...answered.headers, 'x-stamp': '1' } }));
    expect(compose([stamp, answering(200)])(exchange())).toEqual({
      ...answer(200),
      headers: { 'x-stamp': '1' },
    });
  });

  it('stays synchronous when no step awaits, and becomes a promise when one does', async () => {
    expect(compose([logging('a', []), answering(200)])(exchange())).not.toBeInstanceOf(Promise);
    const pending = compose([logging('a', []), later(201)])(exchange());
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual(answer(201));
  });

  it('hands every step the same exchange', () => {
    const seen: Exchange[] = [];
    const one = exchange();
    const remember: Step = (current, next) => {
      seen.push(current);
      return next();
    };
    expect(compose([remember, remember, answering(200)])(one)).toEqual(answer(200));
    expect(seen).toEqual([one, one]);
    expect(seen.every((current) => current === one)).toBe(true);
  });

  const unanswered = [
    { title: 'no steps', steps: [] },
    { title: 'steps that all call next', steps: [logging('a', []), logging('b', [])] },
  ];
  it.each(unanswered)('throws when $title leave the request without an answer', ({ steps }) => {
    expect(() => compose(steps)(exchange())).toThrow('the pipeline ended without an answer');
  });

  it('lets an outer step catch what a later step throws', () => {
    const failing: Step = () => {
      throw new Error('boom');
    };
    const catching: Step = (_exchange, next) => {
      try {
        return next();
      } catch {
        return answer(400);
      }
    };
    expect(compose([catching, failing])(exchange())).toEqual(answer(400));
  });
});

describe('andThen', () => {
  it('applies the next function at once to a plain value', () => {
    expect(andThen(2, (value) => value * 3)).toBe(6);
  });

  it('applies it after a promise settles, to its value', async () => {
    const result = andThen(Promise.resolve(2), (value) => value * 3);
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toBe(6);
  });

  it('passes a rejection through without calling the next function', async () => {
    let called = false;
    const result = andThen(Promise.reject(new Error('no')), () => (called = true));
    await expect(result).rejects.toThrow('no');
    expect(called).toBe(false);
  });
});

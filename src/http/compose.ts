import type { Answer, Exchange } from './exchange.js';

export type Next = () => Answer | Promise<Answer>;

/**
 * One step of the pipeline: answer, or pass on to the next step and perhaps change its answer. A step that
 * needs no await returns a plain answer, so a request that meets no I/O stays synchronous end to end.
 */
export type Step<E extends Exchange = Exchange> = (exchange: E, next: Next) => Answer | Promise<Answer>;

/**
 * The steps as one, each around the ones after it (as hono's compose); the last step must answer.
 * @example const pipeline = compose([cors, errors, route, validate, execute]); await pipeline(exchange)
 */
export function compose<E extends Exchange>(
  steps: readonly Step<E>[],
): (exchange: E) => Answer | Promise<Answer> {
  return (exchange) => {
    const at = (index: number): Answer | Promise<Answer> => {
      const step = steps[index];
      if (step === undefined) throw new Error('the pipeline ended without an answer');
      return step(exchange, () => at(index + 1));
    };
    return at(0);
  };
}

/** `then` for a value that may or may not be a promise: no extra turn of the event loop when it is not. */
export function andThen<T, U>(value: T | Promise<T>, next: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

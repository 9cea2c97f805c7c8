import type { Answer, Exchange } from './route.js';

export type Next = () => Promise<Answer>;

/** One step of the pipeline: answer, or pass on to the next step and perhaps change its answer. */
export type Step<E extends Exchange = Exchange> = (exchange: E, next: Next) => Promise<Answer>;

/**
 * The steps as one, each around the ones after it (as hono's compose); the last step must answer.
 * @example const pipeline = compose([cors, errors, route, validate, execute]); await pipeline(exchange)
 */
export function compose<E extends Exchange>(steps: readonly Step<E>[]): (exchange: E) => Promise<Answer> {
  return (exchange) => {
    const at = async (index: number): Promise<Answer> => {
      const step = steps[index];
      if (step === undefined) throw new Error('the pipeline ended without an answer');
      return step(exchange, () => at(index + 1));
    };
    return at(0);
  };
}

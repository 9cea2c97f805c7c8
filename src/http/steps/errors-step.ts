import type { Logger } from 'pino';
import { bugAnswer, errorAnswer } from '../answers.js';
import type { Step } from '../compose.js';
import type { Answer, Exchange } from '../exchange.js';
import { HttpError } from '../http-error.js';

/**
 * The one error exit: an HttpError thrown by any later step becomes its answer; anything else is a bug,
 * logged with the request id, and the last-resort 500.
 */
export function errorsStep(logger: Logger): Step {
  const toAnswer = (exchange: Exchange, error: unknown): Answer => {
    if (error instanceof HttpError) return errorAnswer(error);
    logger.error(
      { err: error, requestId: exchange.id },
      'unhandled error in the request pipeline (a bug: the mock never means to answer 5xx)',
    );
    return bugAnswer(exchange.id);
  };
  return (exchange, next) => {
    try {
      const answer = next();
      return answer instanceof Promise ? answer.catch((error: unknown) => toAnswer(exchange, error)) : answer;
    } catch (error) {
      return toAnswer(exchange, error);
    }
  };
}

import type { BodyProblem } from '../../../store/subscriptions/field-reader.js';
import { HttpError, errorObject } from '../../http-error.js';

/** One error object per body problem, each pointing at its field (`source.pointer`). */
export function bodyProblemsError(status: number, problems: readonly BodyProblem[]): HttpError {
  return new HttpError(
    status,
    problems.map((problem) => errorObject(status, problem.detail, { pointer: problem.pointer })),
  );
}

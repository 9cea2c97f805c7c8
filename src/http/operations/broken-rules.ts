import type { RuleBroken } from '../../store/subscriptions/commands.js';
import { pointerOf } from '../../resources/subscriptions/decode-subscription.js';
import { HttpError, errorObject } from '../http-error.js';

/** One 400 error object per broken rule, each pointing at its field under `base`. */
export function brokenRulesError(
  base: '/data' | '/data/attributes',
  broken: readonly RuleBroken[],
): HttpError {
  return new HttpError(
    400,
    broken.map((rule) => errorObject(400, rule.detail, { pointer: pointerOf(base, rule) })),
  );
}

/** A create past the store's bound: what the limit is and how to get room again. */
export function storeFullError(limit: number): HttpError {
  return HttpError.of(
    409,
    `the store holds its maximum of ${limit} subscriptions (--max-subscriptions); reset it (POST /__subcat/reset) or start the mock with a larger --max-subscriptions`,
    { pointer: '/data' },
  );
}

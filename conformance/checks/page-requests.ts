import type { CheckContext, Failure } from '../check.js';
import { CONTRACT } from '../citations.js';
import type { Exchange } from '../client.js';
import { jsonAt } from '../oracles/json-at.js';
import { isSuccess } from '../shared-requests.js';
import type { FilterTarget } from './filter-targets.js';

/** The records of one page request, or undefined when it did not answer 2xx with a data array. */
export function pageRecords(exchange: Exchange): unknown[] | undefined {
  const data = jsonAt(exchange.response.body, 'data');
  return isSuccess(exchange.response.status) && Array.isArray(data) ? data : undefined;
}

/** One page of a list at `offset` with `limit`, after any other query pairs. */
export function requestPage(
  ctx: CheckContext,
  target: FilterTarget,
  offset: number,
  limit: number,
  query: ReadonlyArray<readonly [string, string]> = [],
): Promise<Exchange> {
  const params = target.params(ctx);
  return ctx.call(target.operation, {
    ...(params === undefined ? {} : { params }),
    query: [...query, ['page[offset]', String(offset)], ['page[limit]', String(limit)]],
  });
}

/** A page that did not answer: the paging rules cannot be judged past it. */
export function pageNotServed(ctx: CheckContext, exchange: Exchange, what: string): Failure {
  return ctx.fail(exchange, {
    rule: 'a page within the documented paging bounds is served (2xx with data)',
    source: 'contract',
    cites: CONTRACT.pageLimits,
    message: `${what} answered ${exchange.response.status}`,
    expected: '2xx',
    actual: exchange.response.status,
  });
}

import { SUBSCRIPTION_FILTERS, parseFilter, type FilterExpression } from '../../../query/filter.js';
import { SUBSCRIPTION_INCLUDES, parseInclude } from '../../../query/include.js';
import { parsePage, type Page } from '../../../query/paging.js';
import type { QueryProblem } from '../../../query/query-problem.js';
import { singleParameter } from '../../../query/single-parameter.js';
import { HttpError, errorObject } from '../../http-error.js';

export interface SubscriptionsQueryParameters {
  filter: FilterExpression[];
  page: Page;
  include: ReadonlySet<string>;
}

/**
 * `filter`, `page[...]` and `include` of List subscriptions; every problem of every parameter is reported
 * in one 400, each with `source.parameter`.
 * @example readSubscriptionsQuery(new URLSearchParams('filter=eq(email,a@b.co)&include=plans'), 25)
 */
export function readSubscriptionsQuery(
  query: URLSearchParams,
  pageLength: number,
): SubscriptionsQueryParameters {
  const problems: QueryProblem[] = [];
  let filter: FilterExpression[] = [];
  const rawFilter = singleParameter(query, 'filter');
  if (!rawFilter.ok) problems.push(...rawFilter.problems);
  else if (rawFilter.value !== null) {
    const parsed = parseFilter(rawFilter.value, SUBSCRIPTION_FILTERS);
    if (parsed.ok) filter = parsed.expressions;
    else problems.push(...parsed.problems);
  }
  const page = parsePage(query, pageLength);
  if (!page.ok) problems.push(...page.problems);
  const rawInclude = singleParameter(query, 'include');
  const include = rawInclude.ok ? parseInclude(rawInclude.value, SUBSCRIPTION_INCLUDES) : rawInclude;
  if (!include.ok) problems.push(...include.problems);
  if (problems.length > 0 || !page.ok || !include.ok) {
    throw new HttpError(
      400,
      problems.map((problem) => errorObject(400, problem.detail, { parameter: problem.parameter })),
    );
  }
  return { filter, page: page.page, include: include.include };
}

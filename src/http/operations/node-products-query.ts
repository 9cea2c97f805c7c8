import { NODE_PRODUCT_FILTERS, parseFilter, type FilterExpression } from '../../query/filter.js';
import { NODE_PRODUCT_INCLUDES, parseInclude } from '../../query/include.js';
import { parsePage, type Page } from '../../query/paging.js';
import type { QueryProblem } from '../../query/query-problem.js';
import { singleParameter } from '../../query/single-parameter.js';
import { HttpError, errorObject } from '../http-error.js';

export interface NodeProductsQueryParameters {
  filter: FilterExpression[];
  page: Page;
  include: ReadonlySet<string>;
}

/**
 * `filter`, `page[...]` and `include` of Get a node's products; every problem of every parameter is
 * reported in one 400.
 * @example readNodeProductsQuery(new URLSearchParams('filter=eq(sku,A-1)&include=files'), 25)
 */
export function readNodeProductsQuery(
  query: URLSearchParams,
  pageLength: number,
): NodeProductsQueryParameters {
  const problems: QueryProblem[] = [];
  let filter: FilterExpression[] = [];
  const rawFilter = singleParameter(query, 'filter');
  if (!rawFilter.ok) problems.push(...rawFilter.problems);
  else if (rawFilter.value !== null) {
    const parsed = parseFilter(rawFilter.value, NODE_PRODUCT_FILTERS);
    if (parsed.ok) filter = parsed.expressions;
    else problems.push(...parsed.problems);
  }
  const page = parsePage(query, pageLength);
  if (!page.ok) problems.push(...page.problems);
  const rawInclude = singleParameter(query, 'include');
  const include = rawInclude.ok ? parseInclude(rawInclude.value, NODE_PRODUCT_INCLUDES) : rawInclude;
  if (!include.ok) problems.push(...include.problems);
  if (problems.length > 0 || !page.ok || !include.ok) {
    throw new HttpError(
      400,
      problems.map((problem) => errorObject(400, problem.detail, { parameter: problem.parameter })),
    );
  }
  return { filter, page: page.page, include: include.include };
}

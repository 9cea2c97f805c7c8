import { parseFilter, type FilterExpression, type FilterGrammar } from '../../query/filter.js';
import { parseInclude } from '../../query/include.js';
import { parsePage, type Page } from '../../query/paging.js';
import type { QueryProblem } from '../../query/query-problem.js';
import { singleParameter } from '../../query/single-parameter.js';
import { HttpError } from '../http-error.js';

/**
 * `filter`, `page[...]` and `include` of a list operation, read with its vocabulary (filter grammar, include
 * members); every problem of every parameter in one 400, each with `source.parameter`.
 * @example readCollectionQuery(new URLSearchParams('filter=eq(email,a@b.co)'), 25, subscriptionsVocabulary)
 */
export function readCollectionQuery<Include extends string>(
  query: URLSearchParams,
  pageLength: number,
  vocabulary: { filters: FilterGrammar; includes: readonly Include[] },
): { filter: FilterExpression[]; page: Page; include: ReadonlySet<Include> } {
  const problems: QueryProblem[] = [];
  let filter: FilterExpression[] = [];
  const rawFilter = singleParameter(query, 'filter');
  if (!rawFilter.ok) problems.push(...rawFilter.problems);
  else if (rawFilter.value !== null) {
    const parsed = parseFilter(rawFilter.value, vocabulary.filters);
    if (parsed.ok) filter = parsed.expressions;
    else problems.push(...parsed.problems);
  }
  const page = parsePage(query, pageLength);
  if (!page.ok) problems.push(...page.problems);
  const rawInclude = singleParameter(query, 'include');
  const include = rawInclude.ok ? parseInclude(rawInclude.value, vocabulary.includes) : rawInclude;
  if (!include.ok) problems.push(...include.problems);
  if (problems.length > 0 || !page.ok || !include.ok) throw HttpError.badQuery(problems);
  return { filter, page: page.page, include: include.include };
}

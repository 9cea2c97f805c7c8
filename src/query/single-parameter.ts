import type { QueryProblem } from './query-problem.js';

/**
 * The one value of a query parameter, or a problem when it is repeated: `?page[limit]=5&page[limit]=50`
 * has no single meaning, so it is refused rather than silently taking the first or the last.
 * @example singleParameter(new URLSearchParams('include=plans'), 'include') // { ok: true, value: 'plans' }
 */
export function singleParameter(
  query: URLSearchParams,
  name: string,
): { ok: true; value: string | null } | { ok: false; problems: QueryProblem[] } {
  const values = query.getAll(name);
  if (values.length > 1) {
    return {
      ok: false,
      problems: [
        { parameter: name, detail: `${name} must be given at most once; got ${values.length} values` },
      ],
    };
  }
  return { ok: true, value: values[0] ?? null };
}

import type { QueryProblem } from './query-problem.js';

/** A query parameter's one value; a repeat has no single meaning, so it is refused, not first or last wins. */
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

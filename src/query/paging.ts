import { quoteInput, type QueryProblem } from './query-problem.js';
import { singleParameter } from './single-parameter.js';

/** The records asked for: `limit` records starting at record `offset` (zero-based, in records). */
export interface Page {
  offset: number;
  limit: number;
}

export const MIN_PAGE_LIMIT = 1;
export const MAX_PAGE_LIMIT = 100;
export const MAX_PAGE_OFFSET = 10_000;
export const DEFAULT_PAGE_LENGTH = 25;

// ASCII digits only: no sign, no decimal point, no exponent, no hex, no surrounding spaces.
const DIGITS = /^[0-9]+$/;

/** Reads page[offset] (0..10000) and page[limit] (1..100, default `pageLength` clamped into it) as digits. */
export function parsePage(
  query: URLSearchParams,
  pageLength: number,
): { ok: true; page: Page } | { ok: false; problems: QueryProblem[] } {
  const problems: QueryProblem[] = [];
  const offset = readInteger(query, 'page[offset]', 0, 0, MAX_PAGE_OFFSET, problems);
  const limit = readInteger(
    query,
    'page[limit]',
    defaultLimit(pageLength),
    MIN_PAGE_LIMIT,
    MAX_PAGE_LIMIT,
    problems,
  );
  if (problems.length > 0 || offset === undefined || limit === undefined) return { ok: false, problems };
  return { ok: true, page: { offset, limit } };
}

function defaultLimit(pageLength: number): number {
  if (!Number.isFinite(pageLength)) return DEFAULT_PAGE_LENGTH;
  return Math.min(MAX_PAGE_LIMIT, Math.max(MIN_PAGE_LIMIT, Math.trunc(pageLength)));
}

function readInteger(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: QueryProblem[],
): number | undefined {
  const single = singleParameter(query, name);
  if (!single.ok) {
    problems.push(...single.problems);
    return undefined;
  }
  if (single.value === null) return fallback;
  const value = DIGITS.test(single.value) ? Number(single.value) : Number.NaN;
  if (value >= min && value <= max) return value;
  problems.push({
    parameter: name,
    detail: `${name} must be an integer between ${min} and ${max}; got ${quoteInput(single.value)}`,
  });
  return undefined;
}

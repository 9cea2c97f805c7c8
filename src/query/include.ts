import { quoteInput, type QueryProblem } from './query-problem.js';

/** List subscriptions: `include=plans`, `products` or both. */
export const SUBSCRIPTION_INCLUDES = ['plans', 'products'] as const;
export type SubscriptionInclude = (typeof SUBSCRIPTION_INCLUDES)[number];

/** Get a node's products: any subset of these. */
export const NODE_PRODUCT_INCLUDES = ['component_products', 'main_image', 'files'] as const;
export type NodeProductInclude = (typeof NODE_PRODUCT_INCLUDES)[number];

const PARAMETER = 'include';

/** Parses `include` (exact case, trimmed, repeats collapse) into the asked members; absent means none. */
export function parseInclude<Member extends string>(
  raw: string | null,
  allowed: readonly Member[],
): { ok: true; include: ReadonlySet<Member> } | { ok: false; problems: QueryProblem[] } {
  if (raw === null) return { ok: true, include: new Set() };
  const isMember = (member: string): member is Member => allowed.some((one) => one === member);
  const expected = `expected one or more of ${allowed.join(', ')}, separated by commas`;
  if (raw.trim() === '') {
    return {
      ok: false,
      problems: [{ parameter: PARAMETER, detail: `include must not be empty; ${expected}` }],
    };
  }
  const include = new Set<Member>();
  const details = new Set<string>();
  for (const member of raw.split(',').map((part) => part.trim())) {
    if (member === '') details.add(`include has an empty member; ${expected}`);
    else if (!isMember(member)) details.add(`include: unknown member ${quoteInput(member)}; ${expected}`);
    else include.add(member);
  }
  if (details.size > 0)
    return { ok: false, problems: [...details].map((detail) => ({ parameter: PARAMETER, detail })) };
  return { ok: true, include };
}

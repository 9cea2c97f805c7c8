import type { Prng } from '../prng.js';
import { isPlainValue, type FilterExpression } from './filter-match.js';

/**
 * Values close to a record's own that a filter must not take for it: another case, one character fewer, one
 * more, a prefix. A server that matches loosely (ignoring case, by prefix, by substring) lists the record.
 */
export function nearMisses(value: string): string[] {
  const misses = [
    value.toUpperCase() === value ? value.toLowerCase() : value.toUpperCase(),
    value.slice(0, -1),
    `${value}x`,
    `x${value}`,
  ];
  return [...new Set(misses)].filter((miss) => miss !== value && isPlainValue(miss));
}

/**
 * A filter for the created record's membership: 1 to 3 `eq` terms on the list's attributes, each value the
 * record's own (half the time), a near miss of it, or a value another record holds.
 */
export function drawMembership(
  random: Prng,
  attributes: readonly string[],
  own: (attribute: string) => string | undefined,
  others: (attribute: string) => readonly string[],
): FilterExpression[] {
  const terms: FilterExpression[] = [];
  for (let n = random.int(1, 3); terms.length < n;) {
    const attribute = random.pick(attributes);
    const mine = own(attribute);
    const choices = [
      ...(mine === undefined ? [] : [mine, mine, ...nearMisses(mine).slice(0, 2)]),
      ...others(attribute)
        .filter((value) => value !== mine)
        .slice(0, 2),
    ];
    if (choices.length === 0) continue;
    terms.push({ op: 'eq', attribute, values: [random.pick(choices)] });
  }
  return terms;
}

/** Smaller filters to try when a membership breaks: one term fewer each. */
export function membershipShrinkCandidates(terms: readonly FilterExpression[]): FilterExpression[][] {
  if (terms.length <= 1) return [];
  return terms.map((_, i) => terms.filter((__, j) => j !== i));
}

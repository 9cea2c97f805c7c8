import type { IgnoredInput } from '../vendor/ignored-input.js';

/** One `name=value` piece of a query string, decoded as URLSearchParams decodes it. */
function decodedPiece(piece: string): [string, string] {
  return [...new URLSearchParams(piece)][0] ?? ['', ''];
}

/**
 * A query string (without `?`) with what the operation would refuse but the vendor ignores taken out: each
 * parameter `knows` does not know, and each non-empty `include` member not in `includes`. The pieces kept stay
 * byte for byte as sent (links are built from them). A repeated or empty `include`, or one with an empty member,
 * is left whole for the operation's 400.
 * @example lenientSearch('include=plans,pricing_options&sort=x', (name) => name === 'include', ['plans']) // { search: 'include=plans', ignored: [{ kind: 'include', name: 'pricing_options' }, { kind: 'parameter', name: 'sort' }] }
 */
export function lenientSearch(
  search: string,
  knows: (name: string) => boolean,
  includes: readonly string[] | undefined,
): { search: string; ignored: IgnoredInput[] } {
  const ignored: IgnoredInput[] = [];
  const pieces = search.split('&');
  const includeCount = pieces.filter((piece) => decodedPiece(piece)[0] === 'include').length;
  const kept: string[] = [];
  for (const piece of pieces) {
    if (piece === '') continue;
    const [name, value] = decodedPiece(piece);
    if (!knows(name)) {
      ignored.push({ kind: 'parameter', name });
      continue;
    }
    const members = value.split(',').map((member) => member.trim());
    if (name !== 'include' || includes === undefined || includeCount > 1 || members.includes('')) {
      kept.push(piece);
      continue;
    }
    const served = members.filter((member) => includes.includes(member));
    for (const member of members)
      if (!includes.includes(member)) ignored.push({ kind: 'include', name: member });
    if (served.length === members.length) kept.push(piece);
    else if (served.length > 0) kept.push(`include=${served.map(encodeURIComponent).join(',')}`);
  }
  return { search: ignored.length === 0 ? search : kept.join('&'), ignored };
}

/** What the mock ignored in a request, as the vendor would (decisions draft of #26). */
export interface IgnoredInput {
  kind: 'parameter' | 'include' | 'member';
  name: string;
}

/** The response header that names what was ignored, so leniency never hides a mistake. */
export const IGNORED_HEADER = 'X-Subcat-Ignored';

/** Characters of the header value past which it is cut, ending in `...` (ASCII: a header cannot carry `…`). */
export const MAX_IGNORED_HEADER = 1_024;

// Visible ASCII except the list's own separators and quotes; anything else is percent-encoded as UTF-8.
const PLAIN = /^[\x21-\x7e]$/;
const SEPARATORS = new Set([',', ';', '"', '\\', '%', '=']);

function headerSafe(name: string): string {
  let safe = '';
  for (const character of name) {
    safe +=
      PLAIN.test(character) && !SEPARATORS.has(character)
        ? character
        : [...Buffer.from(character, 'utf8')]
            .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join('');
  }
  return safe;
}

/** The header value: `kind=name` per item in request order, repeats once, header-safe; undefined when none. */
export function ignoredInputHeader(items: readonly IgnoredInput[]): string | undefined {
  const shown = [...new Set(items.map(({ kind, name }) => `${kind}=${headerSafe(name)}`))].join(', ');
  if (shown === '') return undefined;
  return shown.length > MAX_IGNORED_HEADER ? `${shown.slice(0, MAX_IGNORED_HEADER - 3)}...` : shown;
}

/** One `name=value` piece of a query string, decoded as URLSearchParams decodes it. */
function decodedPiece(piece: string): [string, string] {
  return [...new URLSearchParams(piece)][0] ?? ['', ''];
}

/** The query minus what the vendor ignores, the rest byte for byte (links use it); a bad include stays for the 400. */
export function lenientSearch(
  search: string,
  knows: (name: string) => boolean,
  includes: readonly string[] | undefined,
): { search: string; ignored: IgnoredInput[] } {
  const ignored: IgnoredInput[] = [];
  const pieces = search
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => ({ piece, decoded: decodedPiece(piece) }));
  const includeCount = pieces.filter(({ decoded }) => decoded[0] === 'include').length;
  const kept: string[] = [];
  for (const { piece, decoded } of pieces) {
    const [name, value] = decoded;
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

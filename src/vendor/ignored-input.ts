/**
 * What the mock ignored in a request, as the vendor would (decisions draft of #26): a query parameter the
 * operation does not know, an include value it does not serve, a body member its schema does not name.
 */
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

/**
 * The header value for what was ignored, one `kind=name` per item in request order, repeats once, names
 * percent-encoded where a header could not carry them; undefined when nothing was ignored (no header then).
 * @example ignoredInputHeader([{ kind: 'parameter', name: 'sort' }, { kind: 'include', name: 'pricing_options' }]) // 'parameter=sort, include=pricing_options'
 */
export function ignoredInputHeader(items: readonly IgnoredInput[]): string | undefined {
  const shown = [...new Set(items.map(({ kind, name }) => `${kind}=${headerSafe(name)}`))].join(', ');
  if (shown === '') return undefined;
  return shown.length > MAX_IGNORED_HEADER ? `${shown.slice(0, MAX_IGNORED_HEADER - 3)}...` : shown;
}

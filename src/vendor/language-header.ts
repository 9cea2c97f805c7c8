/** The header the js-sdk puts its configured language in (decisions.md, Vendor aliases). */
export const MOLTIN_LANGUAGE = 'x-moltin-language';

type Headers = Readonly<Record<string, string | readonly string[] | undefined>>;

function text(value: string | readonly string[] | undefined): string | undefined {
  const joined = typeof value === 'string' ? value : value?.join(',');
  return joined === undefined || joined.trim() === '' ? undefined : joined;
}

/**
 * The language text to negotiate for a request (headers keyed in lower case, as Node gives them):
 * `accept-language`, unless it is absent, blank or only `*`, in which case `X-Moltin-Language` when sent.
 * A bare `*` counts as absent because Node's fetch adds `accept-language: *` to every request that has none,
 * so the js-sdk's language would otherwise never apply from Node.
 * @example languageHeader({ 'accept-language': '*', 'x-moltin-language': 'fr-FR' }) // 'fr-FR'
 */
export function languageHeader(headers: Headers): string | undefined {
  const accept = text(headers['accept-language']);
  if (accept !== undefined && accept.trim() !== '*') return accept;
  return text(headers[MOLTIN_LANGUAGE]) ?? accept;
}

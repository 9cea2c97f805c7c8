/** The header the js-sdk puts its configured language in (decisions.md, Vendor aliases). */
export const MOLTIN_LANGUAGE = 'x-moltin-language';

type Headers = Readonly<Record<string, string | readonly string[] | undefined>>;

function text(value: string | readonly string[] | undefined): string | undefined {
  const joined = typeof value === 'string' ? value : value?.join(',');
  return joined === undefined || joined.trim() === '' ? undefined : joined;
}

/** accept-language, unless absent, blank or `*` (Node's fetch adds `*`): then X-Moltin-Language, for the js-sdk. */
export function languageHeader(headers: Headers): string | undefined {
  const accept = text(headers['accept-language']);
  if (accept !== undefined && accept.trim() !== '*') return accept;
  return text(headers[MOLTIN_LANGUAGE]) ?? accept;
}

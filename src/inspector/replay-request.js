import { LEFT_OUT } from './curl-line.js';

/** The journal's stand-in for a secret: such a header cannot be sent again as it was. */
const REDACTED = '<redacted>';
const SESSION_HEADER = 'x-subcat-session';

/** A JSON text pretty-printed (two spaces), anything else as it is. */
function prettyBody(body) {
  if (body === null || body === undefined || body === '') return undefined;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * A journal entry as the composer's request: its method, its path below `apiBase`, the headers it was sent
 * with (but those of the connection and the redacted ones), its body pretty-printed, and its session.
 * @example replayRequest(entry, '').headers['accept-language'] // 'fr-FR'
 */
export function replayRequest(entry, apiBase) {
  const { url } = entry;
  const path = apiBase !== '' && url.startsWith(`${apiBase}/`) ? url.slice(apiBase.length) : url;
  const headers = {};
  for (const [name, value] of Object.entries(entry.request.headers ?? {})) {
    const lower = name.toLowerCase();
    if (LEFT_OUT.test(lower) || value === REDACTED || lower === SESSION_HEADER) continue;
    headers[lower] = value;
  }
  if (entry.session !== '') headers[SESSION_HEADER] = entry.session;
  return {
    method: entry.method,
    path,
    headers,
    body: prettyBody(entry.request.body),
    session: entry.session,
  };
}

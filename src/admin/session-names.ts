import type { IncomingMessage } from 'node:http';
import { PATTERN_WORDS } from '../contract/violation-words.js';
import { HttpError } from '../http/http-error.js';

/** The request header and cookie that name a session (spec/admin.openapi.yaml). */
export const SESSION_HEADER = 'x-subcat-session';
export const SESSION_COOKIE = 'subcat-session';
/** The spec's Name pattern (spec/admin.openapi.yaml), worded as validation errors word it. */
const NAME_PATTERN = '^[A-Za-z0-9._-]{1,64}$';
const NAME = new RegExp(NAME_PATTERN);

/**
 * The session a request names: `query` (the admin API's `?session=`), else the `x-subcat-session` header,
 * else the `subcat-session` cookie, else '' (the default session). The query comes first because it is the
 * one a caller writes for this call: the inspector picks a session with it while the page carries the app's
 * cookie. A malformed name is a 400, never a silent fall back to the shared default, whose data another test
 * would then see.
 * @example sessionNameOf(request) // 'worker-3'
 */
export function sessionNameOf(request: IncomingMessage, query?: string | null): string {
  const fromQuery = query ?? undefined;
  const header = fromQuery === undefined ? request.headers[SESSION_HEADER] : undefined;
  const fromHeader = typeof header === 'string' ? header : Array.isArray(header) ? header[0] : undefined;
  const fromCookie =
    fromQuery === undefined && fromHeader === undefined ? cookie(request.headers.cookie) : undefined;
  const name = fromQuery ?? fromHeader ?? fromCookie ?? '';
  if (name === '' || NAME.test(name)) return name;
  const shown = name.length > 64 ? `${name.slice(0, 64)}...` : name;
  // The error names where the name came from: a bad cookie blamed on a header nobody sent misleads.
  const [where, source] =
    fromQuery !== undefined
      ? ['the session parameter', { parameter: 'session' }]
      : fromHeader !== undefined
        ? [`the ${SESSION_HEADER} header`, { header: SESSION_HEADER }]
        : [`the ${SESSION_COOKIE} cookie`, { header: 'Cookie' }];
  throw HttpError.of(
    400,
    `session name '${shown}' in ${where} must be ${PATTERN_WORDS[NAME_PATTERN] ?? NAME_PATTERN}`,
    source,
  );
}

function cookie(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) return decoded(part.slice(at + 1).trim());
  }
  return undefined;
}

/** A cookie value as sent: percent-decoded when it can be; a broken escape is a 400 naming the cookie. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw HttpError.of(400, `the ${SESSION_COOKIE} cookie is not valid percent-encoding`, {
      header: 'Cookie',
    });
  }
}

import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/http-error.js';

/** The request header and cookie that name a session (spec/admin.openapi.yaml). */
export const SESSION_HEADER = 'x-subcat-session';
export const SESSION_COOKIE = 'subcat-session';
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The session a request names: the `x-subcat-session` header, else the `subcat-session` cookie, else `query`
 * (the admin API's `?session=`), else '' (the default session). A malformed name is a 400, never a silent
 * fall back to the shared default, whose data another test would then see.
 * @example sessionNameOf(request) // 'worker-3'
 */
export function sessionNameOf(request: IncomingMessage, query?: string | null): string {
  const header = request.headers[SESSION_HEADER];
  const named =
    typeof header === 'string' ? header : Array.isArray(header) ? header[0] : cookie(request.headers.cookie);
  const name = named ?? query ?? '';
  if (name === '' || NAME.test(name)) return name;
  const shown = name.length > 64 ? `${name.slice(0, 64)}...` : name;
  throw HttpError.of(
    400,
    `session name '${shown}' must be 1 to 64 letters, digits, '.', '_' or '-'`,
    named === undefined ? { parameter: 'session' } : { header: SESSION_HEADER },
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

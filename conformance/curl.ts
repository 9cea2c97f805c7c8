import type { ExchangeRequest } from './client.js';

/** Headers whose values are secrets whatever the run says: credentials and cookies. */
export const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'] as const;

export const REDACTED = '<redacted>';

/** A copy of `headers` with every secret value replaced; names compare case-insensitively. */
export function redactHeaders(
  headers: Readonly<Record<string, string>>,
  secretNames: readonly string[],
): Record<string, string> {
  const secrets = new Set([...SECRET_HEADERS, ...secretNames.map((name) => name.toLowerCase())]);
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    redacted[name] = secrets.has(name.toLowerCase()) ? REDACTED : value;
  }
  return redacted;
}

/** POSIX shell single-quoting: safe for any byte but NUL. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_\-.,/:=@%+]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * A `curl` line that replays the request, with credentials, cookies and every `--header` value redacted. `-g`
 * (globoff) makes curl take `page[offset]` as it is: without it curl reads the brackets as a range and stops
 * with "bad range in URL".
 * @example curlCommand({ method: 'GET', url: 'http://h/x', headers: { authorization: 'Bearer t' } }, [])
 *   // curl -g http://h/x -H 'authorization: <redacted>'
 */
export function curlCommand(request: ExchangeRequest, secretNames: readonly string[]): string {
  const parts = ['curl', '-g'];
  if (request.method !== 'GET' || request.body !== undefined) parts.push('-X', shellQuote(request.method));
  parts.push(shellQuote(request.url));
  for (const [name, value] of Object.entries(redactHeaders(request.headers, secretNames))) {
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}

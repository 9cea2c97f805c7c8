import { REDACTED } from './curl.js';

/** Secret values shorter than this are not searched for in text: "1" or "on" would redact half a report. */
export const MIN_SECRET_LENGTH = 4;

/**
 * Every secret value a run is configured with, spelled the ways it travels: a header value whole and its token
 * after the auth scheme (`Bearer t0k3n` -> `t0k3n`), each cookie value, URL credentials raw and percent-decoded,
 * and the Basic token built from them.
 * @example secretValues([['Authorization', 'Bearer t0k3n']]) // ['Bearer t0k3n', 't0k3n']
 */
export function secretValues(
  headers: ReadonlyArray<readonly [string, string]>,
  credentials?: { username: string; password: string },
): string[] {
  const values = new Set<string>();
  for (const [name, value] of headers) {
    values.add(value);
    const token = /^[A-Za-z-]+\s+(\S.*)$/.exec(value)?.[1];
    if (token !== undefined) values.add(token);
    if (name.toLowerCase() === 'cookie') {
      for (const pair of value.split(';')) values.add(pair.slice(pair.indexOf('=') + 1).trim());
    }
  }
  if (credentials !== undefined && credentials.password !== '') {
    values.add(credentials.password);
    values.add(basicToken(credentials));
    values.add(`${credentials.username}:${credentials.password}`);
  }
  return [...values].filter((value) => value.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** The token of `Authorization: Basic <token>` for URL credentials. */
export function basicToken(credentials: { username: string; password: string }): string {
  return Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64');
}

/** Text with every secret value (and its percent-encoded and JSON-escaped spellings) replaced by <redacted>. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    for (const spelling of new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1),
    ])) {
      if (out.includes(spelling)) out = out.replaceAll(spelling, REDACTED);
    }
  }
  return out;
}

/** A deep copy of JSON-like data with every string (keys too) redacted. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return redactText(node, secrets);
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node as Record<string, unknown>).map(([key, inner]) => [
        redactText(key, secrets),
        walk(inner),
      ]),
    );
  };
  return walk(value) as T;
}

import { randomUUID } from 'node:crypto';

/** Ids a caller may pass through: short, printable, no separators that could split a log line or header. */
export const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The caller's `x-request-id` when it is sane (so traces line up), else a fresh UUID. */
export function requestId(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && SANE_ID.test(given) ? given : randomUUID();
}

import type { JournalRecord } from '../../src/admin/journal.js';

/** The moment every record of the journal's tests was made at. */
export const AT = Date.UTC(2026, 0, 2, 10, 0, 0);

/** A journal record of a GET of one subscription, with `overrides`. */
export function journalRecord(overrides: Partial<JournalRecord> = {}): JournalRecord {
  return {
    id: 'r-1',
    at: AT,
    method: 'GET',
    url: '/subscriptions/subscriptions?page%5Blimit%5D=1',
    operationId: 'listSubscriptions',
    status: 200,
    durationMs: 1.23456,
    session: '',
    fault: undefined,
    requestHeaders: { host: '127.0.0.1' },
    requestBody: undefined,
    responseHeaders: { 'Content-Type': 'application/json', 'Content-Length': 2 },
    responseBody: '{}',
    ...overrides,
  };
}

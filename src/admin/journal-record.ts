import type { IncomingHttpHeaders } from 'node:http';
import type { Answer } from '../http/exchange.js';

/** One request as the journal is given it and gives it back; it keeps it flat (journal-slots.ts). */
export interface JournalRecord {
  id: string;
  at: number;
  method: string;
  url: string;
  operationId: string | undefined;
  status: number;
  durationMs: number;
  session: string;
  fault: string | undefined;
  requestHeaders: IncomingHttpHeaders;
  /** As sent (the text, or a copy of its start when long), never parsed: see keptBody. */
  requestBody: string | Buffer | undefined;
  responseHeaders: Readonly<Record<string, string | number>>;
  responseBody: Answer['body'];
}

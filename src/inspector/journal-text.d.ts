export type Outcome = 'ok' | 'redirect' | 'client-error' | 'server-error' | 'no-answer';
export interface JournalLine {
  method: string;
  url: string;
  status: number;
  session: string;
  fault?: string | null;
}
export interface JournalFilter {
  method?: string;
  status?: string;
  text?: string;
  session?: string;
}
export function outcomeOf(status: number): Outcome;
export function isFailure(entry: Pick<JournalLine, 'status'>): boolean;
export function isFaulted(entry: Pick<JournalLine, 'fault'>): boolean;
export function rowClass(entry: Pick<JournalLine, 'status' | 'fault'>): '' | 'failed' | 'faulted';
export function durationText(ms: number): string;
export function sessionText(name: string | null | undefined): string;
export function uptimeText(seconds: number): string;
export function entryMatches(entry: JournalLine, filter: JournalFilter): boolean;
export function clockTime(iso: string): string;
export function isControlPlane(path: string): boolean;

import { journalEntry, type JournalEntry, type JournalRecord } from './journal.js';

/**
 * Journal entries as they are recorded, for listeners such as the live stream of the inspector; bounded, so a
 * forgotten page cannot pile listeners up.
 * @example const stop = feed.subscribe((entry) => send(entry)); stop();
 */
export class JournalFeed {
  private readonly listeners = new Set<(entry: JournalEntry) => void>();

  constructor(readonly maxListeners = 32) {}

  /** Undefined when the feed is full. */
  subscribe(listener: (entry: JournalEntry) => void): (() => void) | undefined {
    if (this.listeners.size >= this.maxListeners) return undefined;
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener of `record`, shaped as an entry only when someone listens. */
  announce(record: JournalRecord): void {
    if (this.listeners.size === 0) return;
    const entry = journalEntry(record);
    for (const listener of this.listeners) listener(entry);
  }
}

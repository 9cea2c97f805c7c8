import type { JournalRecord } from './journal-record.js';

/**
 * Journal records as they are made, for listeners such as the live stream of the inspector; bounded, so a
 * forgotten page cannot pile listeners up.
 * @example const stop = feed.subscribe((record) => send(record)); stop();
 */
export class JournalFeed {
  private readonly listeners = new Set<(record: JournalRecord) => void>();

  constructor(readonly maxListeners = 32) {}

  /** Undefined when the feed is full. */
  subscribe(listener: (record: JournalRecord) => void): (() => void) | undefined {
    if (this.listeners.size >= this.maxListeners) return undefined;
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(record: JournalRecord): void {
    if (this.listeners.size === 0) return; // every request asks: no iterator when nobody listens
    for (const listener of this.listeners) listener(record);
  }
}

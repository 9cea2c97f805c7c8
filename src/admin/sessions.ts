import type { SubscriptionSnapshot, SubscriptionStore } from '../store/subscriptions/subscription-store.js';
import { Journal } from './journal.js';

export interface KeptSnapshot {
  name: string;
  takenAt: number;
  snapshot: SubscriptionSnapshot;
}

/** One session: its own subscriptions (over the shared seeded records), snapshots and journal. */
export interface Session<State> {
  name: string;
  /** Unique in this mock: a dropped session's name used again is another session (the response cache keys on it). */
  key: string;
  store: SubscriptionStore;
  /** What the operations' handlers read (the store, and what every session shares). */
  state: State;
  snapshots: Map<string, KeptSnapshot>;
  journal: Journal;
  lastUsed: number;
}

export interface SessionsOptions<State> {
  /** A new store from the seed for the named session (cheap: the seeded records are shared). */
  newStore: (name: string) => SubscriptionStore;
  /** The operations' state around a session's store. */
  stateOf: (store: SubscriptionStore) => State;
  /** Sessions kept besides the default one; the least recently used goes first past it. */
  max: number;
  journalSize: number;
  now?: () => number;
  /** Told of every named session dropped, for room or on request (a state file keeps that). */
  onDrop?: (name: string) => void;
}

/**
 * The default session ('') and named ones, made from the seed on first use and bounded: past `max` the least
 * recently used named session is dropped (its data, snapshots and journal), and the caller is told which.
 * @example const { session, dropped } = sessions.use('worker-3');
 */
export class Sessions<State> {
  private readonly byName = new Map<string, Session<State>>();
  private serial = 0;
  private readonly now: () => number;

  constructor(private readonly options: SessionsOptions<State>) {
    this.now = options.now ?? Date.now;
    this.create('');
  }

  get max(): number {
    return this.options.max;
  }

  /** Named sessions alive, the default one included. */
  get size(): number {
    return this.byName.size;
  }

  /** The session of that name, made on first use; `dropped` names the session that made room for it. */
  use(name: string): { session: Session<State>; dropped: string | undefined } {
    const found = this.byName.get(name);
    if (found !== undefined) {
      found.lastUsed = this.now();
      // The default session is never dropped: it keeps its place (and every request spares the reinsert).
      if (name === '') return { session: found, dropped: undefined };
      // Re-inserted: the Map's order is the order of use, least recent first.
      this.byName.delete(name);
      this.byName.set(name, found);
      return { session: found, dropped: undefined };
    }
    let dropped: string | undefined;
    if (this.byName.size - 1 >= this.options.max) {
      for (const candidate of this.byName.keys()) {
        if (candidate === '') continue;
        this.drop(candidate);
        dropped = candidate;
        break;
      }
    }
    return { session: this.create(name), dropped };
  }

  /** The session of that name if it exists (no use recorded, none made). */
  peek(name: string): Session<State> | undefined {
    return this.byName.get(name);
  }

  /** Forgets a named session; the default one cannot be dropped (it is reset instead). */
  drop(name: string): boolean {
    if (name === '' || !this.byName.delete(name)) return false;
    this.options.onDrop?.(name);
    return true;
  }

  /** Most recently used first. */
  list(): Session<State>[] {
    return [...this.byName.values()].reverse();
  }

  private create(name: string): Session<State> {
    const store = this.options.newStore(name);
    this.serial += 1;
    const session: Session<State> = {
      name,
      key: `${this.serial}:${name}`,
      store,
      state: this.options.stateOf(store),
      snapshots: new Map(),
      journal: new Journal(this.options.journalSize),
      lastUsed: this.now(),
    };
    this.byName.set(name, session);
    return session;
  }
}

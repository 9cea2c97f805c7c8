import type { Exchange, OwnPaths, Step } from '../http/route.js';
import { HttpError } from '../http/http-error.js';
import type { SeededSubscriptions } from '../store/subscriptions/seeded-subscriptions.js';
import {
  SubscriptionStore,
  type SubscriptionStoreOptions,
  type SubscriptionWrite,
} from '../store/subscriptions/subscription-store.js';
import { FaultRules, faultStep, type Delay, type FaultRuleInput, type FaultRuleView } from './faults.js';
import { JournalFeed, type JournalEntry, type JournalFilter } from './journal.js';
import { seededDraws } from './seeded-draws.js';
import { SNAPSHOT_BOUNDS, snapshotBytes, snapshotRefusal } from './snapshot-bounds.js';
import { journalStep, Sessions, sessionStep, type Session } from './sessions.js';

/** Something that keeps the control plane's changes across restarts (state-file.ts). */
export interface ChangeLog {
  write(session: string, write: SubscriptionWrite): void;
  event(
    session: string,
    event: { op: 'reset' | 'drop' } | { op: 'snapshot' | 'restore' | 'forget'; name: string },
  ): void;
}

export interface ControlPlaneOptions<State> {
  seeded: SeededSubscriptions;
  /** The operations' state around one session's store. */
  stateOf: (store: SubscriptionStore) => State;
  /** The most subscriptions the mock holds: the seeded ones once, plus every session's created ones. */
  maxSubscriptions: number;
  maxSessions: number;
  journalSize: number;
  /** The bytes all the journals keep together. */
  journalBytes?: number;
  delay: Delay;
  /** Seeds the draws of ranged delays. */
  seed: number;
  now?: () => number;
}

export interface SnapshotSummary {
  name: string;
  taken_at: string;
  subscriptions: number;
}

export interface SessionSummary {
  name: string;
  subscriptions: number;
  snapshots: number;
  last_used_at: string;
}

/**
 * The mock's control plane: sessions (each its own store over the shared seed, its snapshots and journal),
 * fault rules and latency. The admin API (admin-routes.ts) and the library handle of startMock() both act
 * through it; its steps go into the request pipeline.
 * @example const plane = new ControlPlane({ seeded, stateOf, maxSubscriptions: 200_000, maxSessions: 256, journalSize: 1000, delay: null, seed: 1 });
 */
export class ControlPlane<State> {
  readonly sessions: Sessions<State>;
  readonly faults: FaultRules;
  readonly feed = new JournalFeed();
  private readonly draw: () => number;
  private log: ChangeLog | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ControlPlaneOptions<State>) {
    this.now = options.now ?? Date.now;
    this.draw = seededDraws(options.seed);
    this.faults = new FaultRules(this.now);
    this.faults.delay = options.delay;
    const seededCount = options.seeded.records.length;
    this.sessions = new Sessions<State>({
      max: options.maxSessions,
      journalSize: options.journalSize,
      journalBytes: options.journalBytes,
      now: this.now,
      newStore: (name) => this.newStore(name),
      stateOf: options.stateOf,
      onDrop: (name) => this.log?.event(name, { op: 'drop' }),
      feed: this.feed,
    });
    // The shared limit counts the seeded records once: creates past it are refused in every session.
    this.createdLimit = Math.max(0, options.maxSubscriptions - seededCount);
  }

  private readonly createdLimit: number;

  /** Keeps every later change in `log` (a state file); replayed changes are applied before this is set. */
  keepChangesIn(log: ChangeLog): void {
    this.log = log;
  }

  /** The steps of the pipeline: `outer` around everything (the journal), `session` around the operations. */
  steps(own: OwnPaths): {
    outer: Step<Exchange<State>>[];
    session: Step<Exchange<State>>[];
  } {
    return {
      outer: [journalStep(own, this.sessions)],
      session: [sessionStep(this.sessions), faultStep(this.faults, this.draw)],
    };
  }

  get delay(): Delay {
    return this.faults.delay;
  }

  set delay(delay: Delay) {
    this.faults.delay = delay;
  }

  /** The session of that name, made from the seed when it does not exist (a write is about to need it). */
  session(name: string): Session<State> {
    return this.sessions.use(name).session;
  }

  /** A session that exists, or undefined: reads never make one (nor drop another to make room). */
  existing(name: string): Session<State> | undefined {
    return this.sessions.peek(name);
  }

  /** Back to the seed; the session's journal is cleared too unless `keepRequests` (its snapshots are kept). */
  reset(name: string, options: { keepRequests?: boolean } = {}): SessionSummary {
    const session = this.existing(name);
    if (session === undefined) return this.unmade(name);
    this.log?.event(name, { op: 'reset' });
    session.store.reset();
    if (options.keepRequests !== true) session.journal.clear();
    return this.summary(session);
  }

  /** What a session that is not made yet would hold: the seed, no snapshot. */
  unmade(name: string): SessionSummary {
    return {
      name,
      subscriptions: this.options.seeded.records.length,
      snapshots: 0,
      last_used_at: new Date(this.now()).toISOString(),
    };
  }

  /** `bounds`: a state file's replay keeps what was answered 201 before the count caps (state-file.ts). */
  snapshot(snapshotName: string, name: string, bounds = SNAPSHOT_BOUNDS): SnapshotSummary {
    const session = this.session(name);
    if (session.snapshots.has(snapshotName))
      throw HttpError.of(
        409,
        `snapshot '${snapshotName}' exists already; delete it first (DELETE /__subcat/snapshots/${snapshotName}) or choose another name`,
        {
          pointer: '/name',
        },
      );
    const snapshot = session.store.snapshot();
    const refusal = snapshotRefusal(
      snapshotBytes(snapshot.changed),
      keptSnapshots([session]),
      keptSnapshots(this.sessions.list()),
      bounds,
    );
    if (refusal !== undefined) throw HttpError.of(409, refusal, { pointer: '/name' });
    this.log?.event(name, { op: 'snapshot', name: snapshotName });
    const kept = { name: snapshotName, takenAt: this.now(), snapshot };
    session.snapshots.set(snapshotName, kept);
    return snapshotSummary(kept);
  }

  restore(snapshotName: string, name: string): SessionSummary {
    const session = this.existing(name);
    const kept = session?.snapshots.get(snapshotName);
    if (session === undefined || kept === undefined) throw this.noSnapshot(name, session, snapshotName);
    this.log?.event(name, { op: 'restore', name: snapshotName });
    session.store.restore(kept.snapshot);
    return this.summary(session);
  }

  forgetSnapshot(snapshotName: string, name: string): void {
    const session = this.existing(name);
    if (session === undefined || !session.snapshots.has(snapshotName))
      throw this.noSnapshot(name, session, snapshotName);
    this.log?.event(name, { op: 'forget', name: snapshotName });
    session.snapshots.delete(snapshotName);
  }

  snapshots(name: string): SnapshotSummary[] {
    return [...(this.existing(name)?.snapshots.values() ?? [])].map(snapshotSummary);
  }

  requests(filter: JournalFilter, name: string): JournalEntry[] {
    return this.existing(name)?.journal.entries(filter) ?? [];
  }

  /** Whether the session's journal still keeps the request with this id. */
  keepsRequest(id: string, name: string): boolean {
    return this.existing(name)?.journal.keeps(id) ?? false;
  }

  clearRequests(name: string): void {
    this.existing(name)?.journal.clear();
  }

  addFault(rule: FaultRuleInput): FaultRuleView {
    return this.faults.add(rule);
  }

  dropSession(name: string): void {
    if (!this.sessions.drop(name)) throw HttpError.of(404, `no session '${name}'`, { parameter: 'name' });
  }

  summary(session: Session<State>): SessionSummary {
    return {
      name: session.name,
      subscriptions: session.store.size,
      snapshots: session.snapshots.size,
      last_used_at: new Date(session.lastUsed).toISOString(),
    };
  }

  private newStore(name: string): SubscriptionStore {
    const options: SubscriptionStoreOptions = {
      sharedLimit: () =>
        this.createdTotal() >= this.createdLimit ? this.options.maxSubscriptions : undefined,
      onWrite: (write) => this.log?.write(name, write),
    };
    return new SubscriptionStore(this.options.seeded, options);
  }

  private createdTotal(): number {
    let total = 0;
    for (const session of this.sessions.list()) total += session.store.created;
    return total;
  }

  private noSnapshot(name: string, session: Session<State> | undefined, snapshotName: string): HttpError {
    const names = [...(session?.snapshots.keys() ?? [])];
    const known = names.length === 0 ? 'it has none' : `it has ${names.join(', ')}`;
    const whose = name === '' ? 'the default session' : `session '${name}'`;
    return HttpError.of(404, `no snapshot '${snapshotName}' in ${whose}; ${known}`, { parameter: 'name' });
  }
}

/** How many snapshots these sessions keep, and their estimated bytes. */
function keptSnapshots(sessions: readonly Session<unknown>[]): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  for (const session of sessions)
    for (const kept of session.snapshots.values()) {
      count += 1;
      bytes += snapshotBytes(kept.snapshot.changed);
    }
  return { count, bytes };
}

function snapshotSummary(kept: {
  name: string;
  takenAt: number;
  snapshot: { size: number };
}): SnapshotSummary {
  return {
    name: kept.name,
    taken_at: new Date(kept.takenAt).toISOString(),
    subscriptions: kept.snapshot.size,
  };
}

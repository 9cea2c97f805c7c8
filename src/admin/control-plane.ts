import type { IncomingMessage } from 'node:http';
import { PATTERN_WORDS } from '../contract/violation.js';
import { isOwnPath, type Exchange, type OwnPaths, type Step } from '../http/route.js';
import { HttpError } from '../http/http-error.js';
import type { SeededSubscriptions } from '../store/subscriptions/seeded-subscriptions.js';
import {
  SubscriptionStore,
  type SubscriptionSnapshot,
  type SubscriptionWrite,
} from '../store/subscriptions/subscription-store.js';
import type { components } from './admin-types.gen.js';
import { FaultRules, faultStep, type Delay } from './faults.js';
import {
  Journal,
  JournalBudget,
  JournalFeed,
  NO_JOURNAL,
  type JournalEntry,
  type JournalFilter,
  type RequestJournal,
} from './journal.js';
import { seededDraws } from './seeded-draws.js';

export type SnapshotSummary = components['schemas']['Snapshot'];
export type SessionSummary = Required<components['schemas']['SessionSummary']>;

/** Something that keeps the control plane's changes across restarts (state-file.ts). */
export interface ChangeLog {
  write(session: string, write: SubscriptionWrite): void;
  event(
    session: string,
    event: { op: 'reset' | 'drop' } | { op: 'snapshot' | 'restore' | 'forget'; name: string },
  ): void;
}

/** `maxSubscriptions`: the seeded ones once, plus every session's created ones; `seed`: the ranged delays' draws. */
export interface ControlPlaneOptions<State> {
  seeded: SeededSubscriptions;
  stateOf: (store: SubscriptionStore) => State;
  maxSubscriptions: number;
  maxSessions: number;
  journalSize: number;
  journalBytes?: number;
  delay: Delay;
  seed: number;
  now?: () => number;
}

/** What snapshots may hold (issue 28), per session and overall; bytes as snapshotBytes estimates them. */
export const SNAPSHOT_BOUNDS = {
  perSession: 64,
  overall: 256,
  sessionBytes: 256 * 1024 * 1024,
  // A copy holds some 80 bytes a change, not 128: 384 MiB counted is about 240 MB of RSS (flood-snapshots).
  overallBytes: 384 * 1024 * 1024,
};
export type SnapshotBounds = typeof SNAPSHOT_BOUNDS;

/** The estimated bytes of a snapshot of a store with `changes` created or replaced records (copied references). */
export function snapshotBytes(changes: number): number {
  return 1024 + changes * 128;
}

const MIB = 1024 * 1024;

/** Why one more snapshot of `bytes` does not fit beside those kept, naming the limit and how to free room. */
export function snapshotRefusal(
  bytes: number,
  session: { count: number; bytes: number },
  all: { count: number; bytes: number },
  bounds: SnapshotBounds = SNAPSHOT_BOUNDS,
): string | undefined {
  const free = 'delete one first (DELETE /__subcat/snapshots/{name})';
  const freeAny = `${free.slice(0, -1)}, in any session, or drop a session)`;
  if (session.count >= bounds.perSession)
    return `this session keeps ${bounds.perSession} snapshots, the most a session keeps; ${free}`;
  if (all.count >= bounds.overall)
    return `the mock keeps ${bounds.overall} snapshots, the most it keeps over all sessions; ${freeAny}`;
  if (session.bytes + bytes > bounds.sessionBytes)
    return `this snapshot (about ${Math.ceil(bytes / MIB)} MiB) would take this session's snapshots past ${bounds.sessionBytes / MIB} MiB; ${free} or reset before taking it`;
  if (all.bytes + bytes > bounds.overallBytes)
    return `this snapshot (about ${Math.ceil(bytes / MIB)} MiB) would take all snapshots past ${bounds.overallBytes / MIB} MiB; ${freeAny}`;
  return undefined;
}

/** The mock's control plane: sessions (store, snapshots, journal), fault rules and latency, for the admin routes and startMock(). */
export class ControlPlane<State> {
  readonly faults: FaultRules;
  readonly feed = new JournalFeed();
  private readonly draw: () => number;
  private log: ChangeLog | undefined;
  private readonly now: () => number;
  /** Creates past it are refused in every session: the limit counts the seeded records once. */
  private readonly createdLimit: number;
  /** In order of use, least recent first. */
  private readonly byName = new Map<string, Session<State>>();
  private readonly budget: JournalBudget;
  private serial = 0;

  constructor(readonly options: ControlPlaneOptions<State>) {
    this.now = options.now ?? Date.now;
    this.draw = seededDraws(options.seed);
    this.faults = new FaultRules(this.now);
    this.faults.delay = options.delay;
    this.createdLimit = Math.max(0, options.maxSubscriptions - options.seeded.records.length);
    this.budget = new JournalBudget(options.journalBytes ?? Number.POSITIVE_INFINITY);
    this.create('');
  }

  /** Keeps every later change in `log` (a state file); replayed changes are applied before this is set. */
  keepChangesIn(log: ChangeLog): void {
    this.log = log;
  }

  /** The steps of the pipeline: `outer` around everything (the journal), `session` around the operations. */
  steps(own: OwnPaths): { outer: Step<Exchange<State>>[]; session: Step<Exchange<State>>[] } {
    return {
      outer: [journalStep(own, this)],
      session: [sessionStep(this), faultStep(this.faults, this.draw)],
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
    return this.use(name).session;
  }

  /** The session of that name, made on first use; `dropped` names the least recently used one that made room. */
  use(name: string): { session: Session<State>; dropped: string | undefined } {
    const found = this.byName.get(name);
    if (found !== undefined) {
      found.lastUsed = this.now();
      // Re-inserted, so the Map's order is the order of use; the default session is never dropped.
      if (name !== '') {
        this.byName.delete(name);
        this.byName.set(name, found);
      }
      return { session: found, dropped: undefined };
    }
    const dropped =
      this.byName.size > this.options.maxSessions ? this.list().findLast((s) => s.name !== '') : undefined;
    if (dropped !== undefined) this.drop(dropped.name);
    return { session: this.create(name), dropped: dropped?.name };
  }

  /** A session that exists, or undefined: reads never make one (nor drop another to make room). */
  existing(name: string): Session<State> | undefined {
    return this.byName.get(name);
  }

  /** Most recently used first. */
  list(): Session<State>[] {
    return [...this.byName.values()].reverse();
  }

  /** Forgets a named session (its data, snapshots and journal); the default one cannot be dropped. */
  drop(name: string): boolean {
    const session = this.byName.get(name);
    if (name === '' || session === undefined) return false;
    this.byName.delete(name);
    session.journal.release();
    this.log?.event(name, { op: 'drop' });
    return true;
  }

  /** Back to the seed; the session's journal is cleared too unless `keepRequests` (its snapshots are kept). */
  reset(name: string, options: { keepRequests?: boolean } = {}): SessionSummary {
    const session = this.existing(name);
    if (session === undefined) return this.summary(name);
    this.log?.event(name, { op: 'reset' });
    session.store.reset();
    if (options.keepRequests !== true) session.journal.clear();
    return this.summary(name);
  }

  /** `countCaps` false: a state file's replay keeps what was answered 201 before the counts were capped. */
  snapshot(snapshotName: string, name: string, countCaps = true): SnapshotSummary {
    const session = this.session(name);
    if (session.snapshots.has(snapshotName))
      throw HttpError.of(
        409,
        `snapshot '${snapshotName}' exists already; delete it first (DELETE /__subcat/snapshots/${snapshotName}) or choose another name`,
        { pointer: '/name' },
      );
    const snapshot = session.store.snapshot();
    const bounds = countCaps
      ? SNAPSHOT_BOUNDS
      : { ...SNAPSHOT_BOUNDS, perSession: Infinity, overall: Infinity };
    const held = (sessions: readonly Session<State>[]) => {
      const all = sessions.flatMap((each) => [...each.snapshots.values()]);
      return {
        count: all.length,
        bytes: all.reduce((sum, each) => sum + snapshotBytes(each.snapshot.changed), 0),
      };
    };
    const bytes = snapshotBytes(snapshot.changed);
    const refusal = snapshotRefusal(bytes, held([session]), held(this.list()), bounds);
    if (refusal !== undefined) throw HttpError.of(409, refusal, { pointer: '/name' });
    this.log?.event(name, { op: 'snapshot', name: snapshotName });
    const kept = { name: snapshotName, takenAt: this.now(), snapshot };
    session.snapshots.set(snapshotName, kept);
    return snapshotSummary(kept);
  }

  restore(snapshotName: string, name: string): SessionSummary {
    const { session, kept } = this.snapshotOf(snapshotName, name);
    this.log?.event(name, { op: 'restore', name: snapshotName });
    session.store.restore(kept.snapshot);
    return this.summary(name);
  }

  forgetSnapshot(snapshotName: string, name: string): void {
    const { session } = this.snapshotOf(snapshotName, name);
    this.log?.event(name, { op: 'forget', name: snapshotName });
    session.snapshots.delete(snapshotName);
  }

  snapshots(name: string): SnapshotSummary[] {
    return [...(this.existing(name)?.snapshots.values() ?? [])].map(snapshotSummary);
  }

  requests(filter: JournalFilter, name: string): JournalEntry[] {
    return this.existing(name)?.journal.entries(filter) ?? [];
  }

  clearRequests(name: string): void {
    this.existing(name)?.journal.clear();
  }

  /** What a session holds; one not made yet would hold the seed and no snapshot. */
  summary(name: string): SessionSummary {
    const session = this.existing(name);
    return {
      name,
      subscriptions: session?.store.size ?? this.options.seeded.records.length,
      snapshots: session?.snapshots.size ?? 0,
      last_used_at: new Date(session?.lastUsed ?? this.now()).toISOString(),
    };
  }

  private createdTotal(): number {
    return this.list().reduce((total, session) => total + session.store.created, 0);
  }

  private create(name: string): Session<State> {
    const store = new SubscriptionStore(this.options.seeded, {
      sharedLimit: () =>
        this.createdTotal() >= this.createdLimit ? this.options.maxSubscriptions : undefined,
      onWrite: (write) => this.log?.write(name, write),
    });
    const { journalSize } = this.options;
    const session: Session<State> = {
      name,
      key: `${(this.serial += 1)}:${name}`,
      store,
      state: this.options.stateOf(store),
      snapshots: new Map(),
      journal: journalSize === 0 ? NO_JOURNAL : new Journal(journalSize, this.feed, this.budget),
      lastUsed: this.now(),
    };
    this.byName.set(name, session);
    return session;
  }

  private snapshotOf(snapshotName: string, name: string): { session: Session<State>; kept: KeptSnapshot } {
    const session = this.existing(name);
    const kept = session?.snapshots.get(snapshotName);
    if (session !== undefined && kept !== undefined) return { session, kept };
    const names = [...(session?.snapshots.keys() ?? [])];
    const known = names.length === 0 ? 'it has none' : `it has ${names.join(', ')}`;
    const whose = name === '' ? 'the default session' : `session '${name}'`;
    throw HttpError.of(404, `no snapshot '${snapshotName}' in ${whose}; ${known}`, { parameter: 'name' });
  }
}

function snapshotSummary(kept: KeptSnapshot): SnapshotSummary {
  return {
    name: kept.name,
    taken_at: new Date(kept.takenAt).toISOString(),
    subscriptions: kept.snapshot.size,
  };
}

export type KeptSnapshot = { name: string; takenAt: number; snapshot: SubscriptionSnapshot };

/** One session: its own subscriptions (over the shared seeded records), snapshots and journal. */
export interface Session<State> {
  name: string;
  /** Unique in this mock: a dropped session's name used again is another session (the response cache keys on it). */
  key: string;
  store: SubscriptionStore;
  /** What the operations' handlers read (the store, and what every session shares). */
  state: State;
  snapshots: Map<string, KeptSnapshot>;
  journal: RequestJournal;
  lastUsed: number;
}

/** The request header and cookie that name a session (spec/admin.openapi.yaml). */
export const SESSION_HEADER = 'x-subcat-session';
export const SESSION_COOKIE = 'subcat-session';
/** The spec's Name pattern (spec/admin.openapi.yaml), worded as validation errors word it. */
const NAME_PATTERN = '^[A-Za-z0-9._-]{1,64}$';
const NAME = new RegExp(NAME_PATTERN);

/** The session a request names: `?session=` (the inspector's pick), else the header, else the cookie, else ''; a bad name is a 400. */
export function sessionNameOf(request: IncomingMessage, query?: string | null): string {
  const fromQuery = query ?? undefined;
  const header = fromQuery === undefined ? request.headers[SESSION_HEADER] : undefined;
  const fromHeader = typeof header === 'string' ? header : Array.isArray(header) ? header[0] : undefined;
  const fromCookie =
    fromQuery === undefined && fromHeader === undefined ? cookie(request.headers.cookie) : undefined;
  const name = fromQuery ?? fromHeader ?? fromCookie ?? '';
  if (name === '' || NAME.test(name)) return name;
  const shown = name.length > 64 ? `${name.slice(0, 64)}...` : name;
  // The error names where the name came from: a bad cookie blamed on a header nobody sent misleads.
  const [where, source] =
    fromQuery !== undefined
      ? ['the session parameter', { parameter: 'session' }]
      : fromHeader !== undefined
        ? [`the ${SESSION_HEADER} header`, { header: SESSION_HEADER }]
        : [`the ${SESSION_COOKIE} cookie`, { header: 'Cookie' }];
  throw HttpError.of(
    400,
    `session name '${shown}' in ${where} must be ${PATTERN_WORDS[NAME_PATTERN] ?? NAME_PATTERN}`,
    source,
  );
}

/** The session cookie's value, percent-decoded; a broken escape is a 400 naming the cookie. */
function cookie(header: string | undefined): string | undefined {
  const value = header?.match(/(?:^|;)\s*subcat-session\s*=([^;]*)/)?.[1];
  try {
    return value === undefined ? undefined : decodeURIComponent(value.trim());
  } catch {
    throw HttpError.of(400, `the ${SESSION_COOKIE} cookie is not valid percent-encoding`, {
      header: 'Cookie',
    });
  }
}

/** Resolves the session once into `exchange.session`: the operations make it and name it back; own routes never make one. */
export function sessionStep<State>(plane: ControlPlane<State>): Step<Exchange<State>> {
  return (exchange, next) => {
    const { request, url } = exchange;
    const guard = exchange.routed?.target.guard;
    if (guard !== undefined) {
      const query = url.searchParams.get('session');
      const name = guard === 'open' ? '' : guard === 'query' ? (query ?? '') : sessionNameOf(request, query);
      exchange.session = { name, key: '', state: undefined };
      return next();
    }
    const name = sessionNameOf(request);
    const { session, dropped } = plane.use(name);
    exchange.session = { name, key: session.key, state: session.state };
    if (name === '' && dropped === undefined) return next(); // the default session is not named back
    return next().then((answer) => {
      const headers: Record<string, string | number> = { ...answer.headers, [SESSION_HEADER]: name };
      if (dropped !== undefined) headers[`${SESSION_HEADER}-dropped`] = dropped;
      return { ...answer, headers };
    });
  };
}

/** Records every request but the mock's own paths (`own`, base path included) in its session's journal. */
export function journalStep<State>(own: OwnPaths, plane: ControlPlane<State>): Step<Exchange<State>> {
  return async (exchange, next) => {
    if (isOwnPath(own, exchange.sentPath)) return await next();
    const answer = await next();
    let name = exchange.session?.name;
    try {
      name ??= sessionNameOf(exchange.request);
    } catch {
      name = '';
    }
    // A request that made no session (a 404, a 401) goes to the default one's journal; a preflight makes the one it names.
    const session = exchange.method === 'OPTIONS' && name !== '' ? plane.session(name) : plane.existing(name);
    const { journal } = session ?? plane.session('');
    journal.record({
      id: exchange.id,
      at: Date.now(),
      method: exchange.method,
      url: exchange.request.url ?? '/',
      operationId: exchange.routed?.target.op?.operationId,
      status: answer.status,
      durationMs: performance.now() - exchange.started,
      session: name,
      fault: exchange.fault,
      ignored: exchange.ignored.length === 0 ? undefined : exchange.ignored,
      requestHeaders: exchange.request.headers,
      requestBody: exchange.bodyText,
      responseHeaders: answer.headers,
      responseBody: answer.body,
    });
    return answer;
  };
}

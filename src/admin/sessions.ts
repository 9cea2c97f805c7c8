import type { IncomingMessage } from 'node:http';
import { PATTERN_WORDS } from '../contract/violation.js';
import { HttpError } from '../http/http-error.js';
import { isOwnPath, type Exchange, type OwnPaths, type Step } from '../http/route.js';
import type { SubscriptionSnapshot, SubscriptionStore } from '../store/subscriptions/subscription-store.js';
import { Journal, JournalBudget, NO_JOURNAL, type JournalFeed, type RequestJournal } from './journal.js';

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
  journal: RequestJournal;
  lastUsed: number;
}

export interface SessionsOptions<State> {
  newStore: (name: string) => SubscriptionStore;
  stateOf: (store: SubscriptionStore) => State;
  /** Sessions kept besides the default one; the least recently used goes first past it. */
  max: number;
  /** Requests each session's journal keeps; 0 for none. */
  journalSize: number;
  /** Told of every journal entry of every session (the live stream). */
  feed?: JournalFeed;
  /** The bytes all the journals keep together. */
  journalBytes?: number;
  now?: () => number;
  /** Told of every named session dropped, for room or on request (a state file keeps that). */
  onDrop?: (name: string) => void;
}

/** The default session ('') and named ones, made on first use; past `max` the least recently used named one goes. */
export class Sessions<State> {
  private readonly byName = new Map<string, Session<State>>();
  private readonly budget: JournalBudget;
  private serial = 0;
  private readonly now: () => number;

  constructor(private readonly options: SessionsOptions<State>) {
    this.now = options.now ?? Date.now;
    this.budget = new JournalBudget(options.journalBytes ?? Number.POSITIVE_INFINITY);
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
      // Re-inserted, so the Map's order is the order of use; the default session is never dropped.
      if (name !== '') {
        this.byName.delete(name);
        this.byName.set(name, found);
      }
      return { session: found, dropped: undefined };
    }
    const dropped =
      this.byName.size > this.options.max ? this.list().findLast(({ name }) => name !== '') : undefined;
    if (dropped !== undefined) this.drop(dropped.name);
    return { session: this.create(name), dropped: dropped?.name };
  }

  /** The session of that name if it exists (no use recorded, none made). */
  peek(name: string): Session<State> | undefined {
    return this.byName.get(name);
  }

  /** Forgets a named session; the default one cannot be dropped (it is reset instead). */
  drop(name: string): boolean {
    const session = this.byName.get(name);
    if (name === '' || session === undefined) return false;
    this.byName.delete(name);
    session.journal.release();
    this.options.onDrop?.(name);
    return true;
  }

  /** The session whose journal keeps a request: the default one for a request that made none (a 404, a 401...). */
  journalOf(exchange: Exchange<State>): { name: string; journal: RequestJournal } {
    let name = exchange.session?.name;
    try {
      name ??= sessionNameOf(exchange.request);
    } catch {
      name = '';
    }
    // A preflight is often a session's first request (its page's first call): it makes the session it names.
    const session = exchange.method === 'OPTIONS' && name !== '' ? this.use(name).session : this.peek(name);
    return { name, journal: (session ?? this.use('').session).journal };
  }

  /** Most recently used first. */
  list(): Session<State>[] {
    return [...this.byName.values()].reverse();
  }

  private create(name: string): Session<State> {
    const store = this.options.newStore(name);
    const session: Session<State> = {
      name,
      key: `${(this.serial += 1)}:${name}`,
      store,
      state: this.options.stateOf(store),
      snapshots: new Map(),
      journal:
        this.options.journalSize === 0
          ? NO_JOURNAL
          : new Journal(this.options.journalSize, this.options.feed, this.budget),
      lastUsed: this.now(),
    };
    this.byName.set(name, session);
    return session;
  }
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
export function sessionStep<State>(sessions: Sessions<State>): Step<Exchange<State>> {
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
    const { session, dropped } = sessions.use(name);
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
export function journalStep<State>(own: OwnPaths, sessions: Sessions<State>): Step<Exchange<State>> {
  return async (exchange, next) => {
    if (isOwnPath(own, exchange.sentPath)) return await next();
    const answer = await next();
    const { name, journal } = sessions.journalOf(exchange);
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

import type { IncomingMessage } from 'node:http';
import { PATTERN_WORDS } from '../contract/violation.js';
import { HttpError } from '../http/http-error.js';
import { isOwnPath, type Exchange, type OwnPaths, type Step } from '../http/route.js';
import type { SubscriptionSnapshot, SubscriptionStore } from '../store/subscriptions/subscription-store.js';
import type { ControlPlane } from './control-plane.js';
import type { RequestJournal } from './journal.js';

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
export function sessionStep<State>(sessions: ControlPlane<State>): Step<Exchange<State>> {
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
export function journalStep<State>(own: OwnPaths, sessions: ControlPlane<State>): Step<Exchange<State>> {
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
    const session =
      exchange.method === 'OPTIONS' && name !== '' ? sessions.session(name) : sessions.existing(name);
    const { journal } = session ?? sessions.session('');
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
